import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createLogger } from '../src/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL; each test file creates its own database on it. */
    adminDatabaseUrl: string;
  }
}

/** DATABASE_URL when set, else one embedded PostgreSQL for the whole run. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-test-'));
  const embedded = await startEmbeddedPostgres(dataDir, createLogger({ logLevel: 'warn' }));
  project.provide('adminDatabaseUrl', embedded.url);
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
