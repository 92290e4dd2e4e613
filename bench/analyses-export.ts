/**
 * Analyses export bench: BENCH_ROWS (default 1,000,000) analyses of a sales scorecard in one project, as wide
 * as the pipeline writes them (support/realistic-rows.ts: a transcript of about 900 characters, a result of
 * about 3.5 KB: 13 answers with their evidence and the score, metrics, a media row each), then the export as the API streams it
 * (exportAnalyses, the route's stream) into a reader that takes every chunk, CSV and JSON Lines with the
 * prompt chosen (its answers as columns). Prints rows/s, MB/s, the process's peak RSS during each export and
 * its CPU seconds (rows per CPU second: the figure a busy machine does not change).
 *
 *   npm run bench:export -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AnalysisExportQuery } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { exportAnalyses } from '../apps/server/src/modules/analyses/export.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { freshBenchDatabase } from './support/database.ts';
import { createRealisticPrompts, insertRealisticAnalyses } from './support/realistic-rows.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const logger = createLogger({ logLevel: 'warn' });

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 4);
  try {
    await runMigrations(database);
    const { db } = database;
    const [project] = await db.insert(projects).values({ name: 'Bench' }).returning();
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const access: ProjectAccess = { project: project as ProjectRow, role: 'owner' };
    const [prompt] = await createRealisticPrompts(ctx, access, ['Sales call']);
    const started = performance.now();
    await insertRealisticAnalyses(db, { project: project!, prompts: [prompt!], rows: ROWS, concurrency: 3 });
    await db.execute(sql`VACUUM ANALYZE tasks`);
    const [size] = await db
      .execute<{ bytes: string }>(sql`SELECT pg_total_relation_size('tasks')::text AS bytes`)
      .then((answer) => answer.rows);
    console.log(
      `\nAnalyses export bench: ${ROWS.toLocaleString('en-US')} analyses (tasks table ${(Number(size!.bytes) / 1e9).toFixed(2)} GB), inserted in ${((performance.now() - started) / 1000).toFixed(0)} s.\n`,
    );
    console.log(
      `${'export'.padEnd(22)}${'rows/s'.padStart(10)}${'MB'.padStart(9)}${'MB/s'.padStart(8)}${'s'.padStart(8)}${'peak RSS'.padStart(11)}${'RSS before'.padStart(12)}${'CPU s'.padStart(9)}${'rows/CPU s'.padStart(13)}`,
    );
    for (const format of ['csv', 'jsonl'] as const) {
      const filters = AnalysisExportQuery.parse({ prompt_id: prompt!.id, format });
      const { format: _format, ...listFilters } = filters;
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      let bytes = 0;
      let rows = 0;
      const cpu = process.cpuUsage();
      const start = performance.now();
      await pipeline(
        await exportAnalyses(ctx, access, listFilters, {
          format,
          signal: new AbortController().signal,
          onEnd: (written) => {
            rows = written;
          },
        }),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            bytes += chunk.byteLength;
            done();
          },
        }),
      );
      clearInterval(sampler);
      const seconds = (performance.now() - start) / 1000;
      const used = process.cpuUsage(cpu);
      const cpuSeconds = (used.user + used.system) / 1e6;
      console.log(
        `${`${format}, prompt chosen`.padEnd(22)}${Math.round(rows / seconds)
          .toLocaleString('en-US')
          .padStart(
            10,
          )}${(bytes / 1e6).toFixed(0).padStart(9)}${(bytes / 1e6 / seconds).toFixed(1).padStart(8)}${seconds.toFixed(1).padStart(8)}${`${(peak / 1e6).toFixed(0)} MB`.padStart(11)}${`${(before / 1e6).toFixed(0)} MB`.padStart(12)}${cpuSeconds.toFixed(1).padStart(9)}${Math.round(
          rows / cpuSeconds,
        )
          .toLocaleString('en-US')
          .padStart(13)}`,
      );
      if (rows !== ROWS) throw new Error(`exported ${rows} of ${ROWS} rows`);
    }
    console.log('');
  } finally {
    await database.pool.end();
    await scratch.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
