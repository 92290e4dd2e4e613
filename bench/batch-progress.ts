/**
 * Batch progress bench: a batch of N rows whose analyses settle one by one. Times the refresh a settled task
 * runs (refreshBatchesOfTask), for a small and a large batch: with per-row counting it is the same for both.
 * Then the rows of a batch of BENCH_CONCURRENT settle all at once, refreshed on a pool of BENCH_POOL
 * connections as busy workers do: settlements a second, how many sessions waited for a lock (sampled every
 * 10 ms), and the counts the batch ends with.
 *
 *   npm run bench:batches -w @parley/server   (DATABASE_URL: a fresh database on that server, dropped after)
 *
 * Options (environment): BENCH_SMALL (default 1000), BENCH_LARGE (default 100000), BENCH_RUNS (default 300),
 * BENCH_CONCURRENT (default 2000), BENCH_POOL (default 20).
 */
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { connectDatabase, type Db } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects, tasks, uploadBatches } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { refreshBatchesOfTask } from '../apps/server/src/modules/batches/progress.ts';
import { freshBenchDatabase } from './support/database.ts';

const SMALL = Number(process.env.BENCH_SMALL ?? 1_000);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 2000);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const logger = createLogger({ logLevel: 'warn' });
/** The bench's project has no webhook endpoints, so a refresh never queues a delivery: no queue is needed. */
const noHooks = (db: Db) => ({ db, boss: {} as PgBoss });

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
    await refreshBatchesOfTask(noHooks(db), taskId);
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

/** Every analysis of the batch completes at once; their refreshes run side by side on a wide pool. */
async function settleTogether(url: string, db: Db, batchId: number) {
  const wide = connectDatabase(url, logger, POOL);
  const taskIds = (
    await db.execute<{ task_id: number }>(sql`SELECT task_id FROM batch_items WHERE batch_id = ${batchId}`)
  ).rows.map((row) => row.task_id);
  await db.execute(
    sql`UPDATE tasks SET status = 'completed' WHERE id IN (SELECT task_id FROM batch_items WHERE batch_id = ${batchId})`,
  );
  const waits: number[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      waits.push(rows[0]!.n);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const start = performance.now();
  try {
    // POOL workers, each settling one analysis after another (as many as the pool has connections).
    let next = 0;
    await Promise.all(
      Array.from({ length: POOL }, async () => {
        while (next < taskIds.length) await refreshBatchesOfTask(noHooks(wide.db), taskIds[next++]!);
      }),
    );
  } finally {
    running = false;
    await sampler;
    await wide.pool.end();
  }
  const seconds = (performance.now() - start) / 1000;
  const [batch] = await db.select().from(uploadBatches).where(eq(uploadBatches.id, batchId));
  return {
    seconds,
    waiting: waits.reduce((a, b) => a + b, 0) / Math.max(1, waits.length),
    maxWaiting: Math.max(0, ...waits),
    batch: batch!,
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
    const batchId = await batchOf(database.db, project!.id, CONCURRENT);
    const together = await settleTogether(scratch.url, database.db, batchId);
    console.log(
      `\n${CONCURRENT.toLocaleString('en-US')} rows settling at once on ${POOL} connections: ` +
        `${together.seconds.toFixed(2)} s, ${(CONCURRENT / together.seconds).toFixed(0)} settlements/s; ` +
        `sessions waiting for a lock ${together.waiting.toFixed(2)} on average, at most ${together.maxWaiting}; ` +
        `batch ${together.batch.status}, processed ${together.batch.processedItems}`,
    );
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
