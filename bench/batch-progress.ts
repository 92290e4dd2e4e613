/**
 * Batch progress bench: a batch of N rows whose analyses settle one by one. Times the refresh a settled task
 * runs (refreshBatchesOfTask), for a small and a large batch: with per-row counting it is the same for both.
 *
 *   npm run bench:batches -w @parley/server   (DATABASE_URL: a fresh database on that server, dropped after)
 *
 * Options (environment): BENCH_SMALL (default 1000), BENCH_LARGE (default 100000), BENCH_RUNS (default 300).
 */
import { eq, sql } from 'drizzle-orm';
import { connectDatabase, type Db } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects, tasks, uploadBatches } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { refreshBatchesOfTask } from '../apps/server/src/modules/batches/progress.ts';
import { freshBenchDatabase } from './support/database.ts';

const SMALL = Number(process.env.BENCH_SMALL ?? 1_000);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const logger = createLogger({ logLevel: 'warn' });

/** A batch of `rows` rows, each linked to its own queued analysis of one shared file. */
async function batchOf(db: Db, projectId: number, rows: number): Promise<number> {
  const [batch] = await db
    .insert(uploadBatches)
    .values({ projectId, fileName: `bench-${rows}.csv`, totalItems: rows, status: 'processing' })
    .returning({ id: uploadBatches.id });
  await db.execute(sql`
    WITH media AS (
      INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
      VALUES (${projectId}, ${`bench/${rows}`}, 'call.txt', 'text/plain', 10, ${`sha-${rows}`}, 'text')
      RETURNING id
    ), made AS (
      INSERT INTO tasks (project_id, media_id, status)
      SELECT ${projectId}, media.id, 'queued' FROM media, generate_series(1, ${rows})
      RETURNING id
    )
    INSERT INTO batch_items (batch_id, row_number, url, type, status, task_id)
    SELECT ${batch!.id}, row_number() OVER (ORDER BY id) + 1, 'https://example.com/call.txt', 'call',
           'task_created', id
    FROM made`);
  await db.execute(sql`ANALYZE`);
  return batch!.id;
}

/** Median and p95 ms of settling RUNS of the batch's analyses, one at a time, as the pipeline does. */
async function settleTimes(db: Db, batchId: number): Promise<{ median: number; p95: number }> {
  const rows = await db.execute<{ task_id: number }>(
    sql`SELECT task_id FROM batch_items WHERE batch_id = ${batchId} ORDER BY row_number LIMIT ${RUNS}`,
  );
  const samples: number[] = [];
  for (const { task_id: taskId } of rows.rows) {
    await db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, taskId));
    const start = performance.now();
    await refreshBatchesOfTask(db, taskId);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const [batch] = await db.select().from(uploadBatches).where(eq(uploadBatches.id, batchId));
  if (batch!.processedItems !== rows.rows.length) throw new Error(`counted ${batch!.processedItems}`);
  return {
    median: samples[Math.floor(samples.length / 2)]!,
    p95: samples[Math.floor(samples.length * 0.95)]!,
  };
}

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 4);
  try {
    await runMigrations(database);
    const [project] = await database.db.insert(projects).values({ name: 'Bench' }).returning();
    console.log(
      `\nBatch progress bench: the refresh each settled analysis runs, ${RUNS} settled per batch.\n`,
    );
    console.log(`${'rows in batch'.padEnd(16)}${'median'.padStart(10)}${'p95'.padStart(10)}`);
    for (const rows of [SMALL, LARGE]) {
      const batchId = await batchOf(database.db, project!.id, rows);
      const { median, p95 } = await settleTimes(database.db, batchId);
      console.log(
        `${rows.toLocaleString('en-US').padEnd(16)}${`${median.toFixed(2)} ms`.padStart(10)}${`${p95.toFixed(2)} ms`.padStart(10)}`,
      );
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
