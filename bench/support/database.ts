import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import type { Logger } from '../../apps/server/src/logger.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';

export interface BenchDatabase {
  url: string;
  close(): Promise<void>;
}

/** A new, randomly named database on the PostgreSQL server at `serverUrl`; close drops it. */
export async function createDatabaseOn(serverUrl: string): Promise<BenchDatabase> {
  const database = await createScratchDatabase(serverUrl, 'parley_bench');
  return { url: database.url, close: database.drop };
}

/**
 * A new database on the server at DATABASE_URL, or without it an embedded PostgreSQL in a temporary folder;
 * close drops the database, or stops the embedded server and removes its folder.
 */
export async function freshBenchDatabase(logger: Logger): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL) return createDatabaseOn(process.env.DATABASE_URL);
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-bench-pg-'));
  const embedded = await startEmbeddedPostgres(dir, logger);
  return {
    url: embedded.url,
    close: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The database a bench measures: BENCH_DATABASE_URL when set (kept: filled by the first run, measured as it is by
 * later ones; `scratch` null), else a fresh one (freshBenchDatabase) that the bench drops with `scratch.close`.
 */
export async function openBenchDatabase(
  logger: Logger,
): Promise<{ url: string; scratch: BenchDatabase | null }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, scratch: null };
  const scratch = await freshBenchDatabase(logger);
  return { url: scratch.url, scratch };
}
