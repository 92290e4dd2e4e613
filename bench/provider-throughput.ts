/**
 * Provider throughput bench: how many analyses a second go through when the provider, not the workers,
 * sets the pace. A fake Anthropic answers each call after BENCH_LATENCY_MS (2 s) and allows BENCH_RPM
 * requests a minute the way providers enforce it (a bucket of one second's requests, refilled evenly;
 * beyond it: 429 with retry-after-ms). BENCH_TASKS text analyses are queued, then worked by real worker
 * processes (PARLEY_ROLE=worker, default settings, ANTHROPIC_RPM = the limit), once with one process and
 * once with three sharing the limit through the database. A third run answers every call with 429 for
 * BENCH_STORM_SECONDS: no task may fail or be charged twice.
 *
 *   npm run bench:throughput -w @parley/server            (embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench:throughput -w @parley/server
 *
 * Options (environment): BENCH_TASKS (2000), BENCH_RPM (600), BENCH_LATENCY_MS (2000),
 * BENCH_STORM_SECONDS (15), BENCH_STORM_TASKS (500), BENCH_CSV_ROWS (2000), BENCH_CSV_LATENCY_MS (10000),
 * BENCH_CSV_RPM (1200), BENCH_ONLY (`csv`: only the bulk upload).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { estimateTokens } from '../apps/server/src/ai/provider-fetch.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import {
  batchItems,
  invoices,
  projects,
  tasks,
  uploadBatches,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { startBoss } from '../apps/server/src/jobs/workers.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { parseBulkCsv } from '../apps/server/src/modules/batches/parse.ts';
import { createBatch } from '../apps/server/src/modules/batches/service.ts';
import { enqueueTask } from '../apps/server/src/modules/tasks/queue.ts';
import { startChatServer } from '../apps/server/test/chat-server.ts';
import { startFakeAnthropic } from '../apps/server/test/fake-upstreams/anthropic.ts';
import { answer, failure, type RecordedRequest, slow } from '../apps/server/test/fake-upstreams/scripted.ts';
import { startWorkerProcess, type WorkerProcess } from '../apps/server/test/worker-process.ts';
import { ANSWER, type AnalysisProject, createChatTasks, seedAnalysisProject } from './support/analysis.ts';
import { freshBenchDatabase } from './support/database.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 2000);
const RPM = Number(process.env.BENCH_RPM ?? 600);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 2000);
const STORM_SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 15);
const STORM_TASKS = Number(process.env.BENCH_STORM_TASKS ?? 500);
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 2000);
const CSV_LATENCY_MS = Number(process.env.BENCH_CSV_LATENCY_MS ?? 10_000);
const CSV_RPM = Number(process.env.BENCH_CSV_RPM ?? 1200);
const CSV_TPM = Number(process.env.BENCH_CSV_TPM ?? 0);
const ONLY = process.env.BENCH_ONLY;
const logger = createLogger({ logLevel: 'warn' });

/** The provider's side of a requests-a-minute limit: one second of burst, refilled evenly. */
class ProviderLimit {
  private tokens: number;
  private last = Date.now();
  private readonly perMs: number;
  private readonly capacity: number;
  private readonly latencyMs: number;
  rejected = 0;
  stormUntil = 0;
  /** When each call was let through (ms, performance.now()). */
  readonly accepted: number[] = [];

  constructor(rpm: number, latencyMs: number) {
    this.latencyMs = latencyMs;
    this.perMs = rpm / 60_000;
    this.capacity = Math.max(1, rpm / 60);
    this.tokens = this.capacity;
  }

  /** Tokens each call counts against a tokens-a-minute limit before it is answered (input and answer maximum). */
  readonly reservedTokens: number[] = [];

  reply = (request: RecordedRequest) => {
    this.reservedTokens.push(estimateTokens(JSON.stringify(request.body)));
    const now = Date.now();
    if (now < this.stormUntil) {
      this.rejected += 1;
      return failure(429, 'Rate limit exceeded (storm)', 1000);
    }
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.last) * this.perMs);
    this.last = now;
    if (this.tokens < 1) {
      this.rejected += 1;
      return failure(429, 'Rate limit exceeded', Math.ceil((1 - this.tokens) / this.perMs));
    }
    this.tokens -= 1;
    this.accepted.push(performance.now());
    return slow(this.latencyMs, answer(ANSWER));
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-throughput-'));
  const scratch = await freshBenchDatabase(logger);
  const anthropic = await startFakeAnthropic();
  const limit = new ProviderLimit(RPM, LATENCY_MS);
  anthropic.respondWith(limit.reply);
  const files = await startChatServer();
  const database = connectDatabase(scratch.url, createLogger({ logLevel: 'error' }), 10);
  const boss = await startBoss(scratch.url, logger, loadConfig({}));
  const workers: WorkerProcess[] = [];
  const workerEnv = {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://parley.bench',
    ANTHROPIC_API_KEY: 'bench',
    ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    ANTHROPIC_RPM: String(RPM),
    URL_UPLOAD_ALLOW_HOSTS: files.host,
    LOG_LEVEL: 'error',
    // The workers' own setting when the bench is run with one (their default otherwise).
    ...(process.env.ANALYSIS_CONCURRENCY ? { ANALYSIS_CONCURRENCY: process.env.ANALYSIS_CONCURRENCY } : {}),
  };
  try {
    await runMigrations(database);
    const config = loadConfig({ ...workerEnv, LOG_LEVEL: 'warn' });
    const ctx: AppContext = { config, db: database.db, boss, logger };
    const project = await seedAnalysisProject(ctx, 1_000_000_000, []);

    const run = async (label: string, taskCount: number, processes: number, storm = false) => {
      const ids = await queueTasks(ctx, project, taskCount);
      const rejectedBefore = limit.rejected;
      const requestsBefore = anthropic.requests.length;
      for (let i = 0; i < processes; i += 1) workers.push(startWorkerProcess(workerEnv));
      while (anthropic.requests.length === requestsBefore) await pause(20);
      const start = performance.now();
      if (storm) limit.stormUntil = Date.now() + STORM_SECONDS * 1000;
      const outcome = await waitForAll(ctx, ids);
      const seconds = (performance.now() - start) / 1000;
      await Promise.all(workers.splice(0).map((worker) => worker.kill()));
      const perSecond = outcome.completed / seconds;
      const ofLimit = (perSecond / (RPM / 60)) * 100;
      console.log(
        `  ${label.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s  ${perSecond.toFixed(2).padStart(6)} tasks/s  ` +
          `${ofLimit.toFixed(0).padStart(3)} % of the limit  ` +
          `(${limit.rejected - rejectedBefore} answered 429; completed ${outcome.completed}, failed ${outcome.failed}, ` +
          `charged twice ${await chargedTwice(ctx, project, ids)})`,
      );
    };

    console.log(
      `Provider throughput: ${TASKS} text analyses, fake Anthropic answering in ${LATENCY_MS} ms, ` +
        `limit ${RPM} requests a minute (${(RPM / 60).toFixed(1)}/s); workers at their defaults ` +
        `(ANALYSIS_CONCURRENCY=${config.analysis.concurrency})`,
    );
    if (ONLY !== 'csv') {
      await run('1 worker process', TASKS, 1);
      await run('3 worker processes', TASKS, 3);
      await run(`1 process, 429 to everything ${STORM_SECONDS} s`, STORM_TASKS, 1, true);
    }

    const csvLimit = new ProviderLimit(CSV_RPM, CSV_LATENCY_MS);
    anthropic.respondWith(csvLimit.reply);
    const csvEnv = { ...workerEnv, ANTHROPIC_RPM: String(CSV_RPM), ANTHROPIC_TPM: String(CSV_TPM) };
    console.log(
      `\nBulk upload: a CSV of ${CSV_ROWS} chat links, fake Anthropic answering in ${CSV_LATENCY_MS} ms, ` +
        `limit ${CSV_RPM} requests a minute (${(CSV_RPM / 60).toFixed(1)}/s), ` +
        `${CSV_TPM > 0 ? `${CSV_TPM} tokens a minute` : 'tokens not limited'} (BENCH_CSV_TPM); one worker process at its defaults`,
    );
    workers.push(startWorkerProcess(csvEnv));
    await waitForWorkers(ctx);
    const locks = sampleLockWaits(ctx);
    const loadBefore = loadavg()[0]!;
    const startedAt = new Date();
    const start = performance.now();
    const batchId = await uploadCsv(ctx, project, files.origin, CSV_ROWS);
    const done = await waitForBatch(ctx, batchId, CSV_ROWS);
    const seconds = (performance.now() - start) / 1000;
    const waits = await locks.stop();
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
    const limitPerSecond = CSV_RPM / 60;
    const firstMinute = csvLimit.accepted.filter((at) => at - start <= 60_000).length / 60;
    const completedFirstMinute = done.completedAt.filter((at) => at - start <= 60_000).length / 60;
    const pct = (perSecond: number) => `${((perSecond / limitPerSecond) * 100).toFixed(0)} % of the limit`;
    console.log(
      `  first minute: ${firstMinute.toFixed(1)} provider calls/s (${pct(firstMinute)}), ` +
        `${completedFirstMinute.toFixed(1)} tasks completed/s (the first ones end ${CSV_LATENCY_MS / 1000} s in)`,
    );
    const firstCall = ((csvLimit.accepted[0] ?? start) - start) / 1000;
    const overall = done.completed / seconds;
    console.log(
      `  overall: ${done.completed} completed, ${done.failed} failed in ${seconds.toFixed(1)} s: ` +
        `${overall.toFixed(1)} tasks/s (${pct(overall)}); first provider call ${firstCall.toFixed(1)} s after the upload; ` +
        `${csvLimit.rejected} answered 429`,
    );
    console.log(
      `  sessions waiting for a lock: ${waits.average.toFixed(2)} on average, at most ${waits.max} ` +
        `(${waits.samples} samples); batch ${done.status}, processed ${done.processed}, failed ${done.failedItems}`,
    );
    for (const line of waits.top) console.log(`    ${line}`);
    const reserved = [...csvLimit.reservedTokens].sort((a, b) => a - b);
    console.log(
      `  each call reserves ${reserved[Math.floor(reserved.length / 2)] ?? 0} tokens (median; input and answer ` +
        'maximum): with a tokens-a-minute limit, that limit may set the pace instead',
    );
    const [fed] = await ctx.db
      .select({ last: sql<string>`max(${batchItems.updatedAt})` })
      .from(batchItems)
      .where(eq(batchItems.batchId, batchId));
    const fedSeconds = (new Date(fed!.last).getTime() - startedAt.getTime()) / 1000;
    console.log(
      `  rows fed (downloaded and queued): all ${CSV_ROWS} in ${fedSeconds.toFixed(1)} s, ` +
        `${(CSV_ROWS / fedSeconds).toFixed(1)} rows/s; machine load average ${loadBefore.toFixed(1)} at the upload, ` +
        `${loadavg()[0]!.toFixed(1)} at the end (${cpus().length} cores)`,
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.kill()));
    await boss.stop({ graceful: false, close: true });
    await database.pool.end();
    await anthropic.close();
    await files.close();
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Accepts a bulk CSV of `rows` chat links as the API does (parsed, then createBatch); returns the batch. */
async function uploadCsv(ctx: AppContext, project: AnalysisProject, origin: string, rows: number) {
  const csv = ['url,type', ...Array.from({ length: rows }, (_, i) => `${origin}/chats/${i}.json,chat`)].join(
    '\n',
  );
  const [user] = await ctx.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.com` })
    .returning({ id: users.id });
  const [row] = await ctx.db.select().from(projects).where(eq(projects.id, project.projectId));
  const parsed = await parseBulkCsv(Readable.from([Buffer.from(csv)]));
  const batch = await createBatch(ctx, { project: row!, role: 'owner' }, user!.id, 'bench.csv', parsed, {
    prompt_id: project.promptId,
    priority: 1,
  });
  return batch.id;
}

/** Waits until the worker process has registered its workers (an idle process, before the upload). */
async function waitForWorkers(ctx: AppContext): Promise<void> {
  for (;;) {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'parley-jobs'`,
    );
    if ((rows[0]?.n ?? 0) > 0) break;
    await pause(200);
  }
  await pause(3000);
}

/** Samples every 100 ms how many sessions of the database wait for a lock, and on which statements. */
function sampleLockWaits(ctx: AppContext) {
  const counts: number[] = [];
  const byStatement = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await ctx.db.execute<{ statement: string }>(
        sql`SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS statement FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      counts.push(rows.length);
      for (const { statement } of rows) byStatement.set(statement, (byStatement.get(statement) ?? 0) + 1);
      await pause(100);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      const samples = Math.max(1, counts.length);
      return {
        samples: counts.length,
        average: counts.reduce((a, b) => a + b, 0) / samples,
        max: Math.max(0, ...counts),
        top: [...byStatement.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([statement, n]) => `${(n / samples).toFixed(2)} on "${statement}"`),
      };
    },
  };
}

/** Waits until every row of the batch has a settled analysis or failed; when each task completed. */
async function waitForBatch(ctx: AppContext, batchId: number, rows: number) {
  const completedAt = new Map<number, number>();
  for (;;) {
    const settled = await ctx.db
      .select({ id: tasks.id, status: tasks.status })
      .from(batchItems)
      .innerJoin(tasks, eq(tasks.id, batchItems.taskId))
      .where(and(eq(batchItems.batchId, batchId), inArray(tasks.status, ['completed', 'failed'])));
    const now = performance.now();
    for (const task of settled)
      if (task.status === 'completed' && !completedAt.has(task.id)) completedAt.set(task.id, now);
    const [itemsFailed] = await ctx.db
      .select({ n: count() })
      .from(batchItems)
      .where(and(eq(batchItems.batchId, batchId), eq(batchItems.status, 'failed')));
    const [batch] = await ctx.db.select().from(uploadBatches).where(eq(uploadBatches.id, batchId));
    if (settled.length + itemsFailed!.n >= rows && batch!.processedItems + batch!.failedItems >= rows) {
      return {
        completedAt: [...completedAt.values()],
        completed: completedAt.size,
        failed: settled.length - completedAt.size + itemsFailed!.n,
        status: batch!.status,
        processed: batch!.processedItems,
        failedItems: batch!.failedItems,
      };
    }
    await pause(250);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function queueTasks(ctx: AppContext, project: AnalysisProject, taskCount: number): Promise<number[]> {
  const ids = await createChatTasks(ctx, project, taskCount);
  for (const id of ids) await enqueueTask(ctx, id);
  return ids;
}

/** Waits until every task is completed or failed (a failure would be a lost analysis). */
async function waitForAll(ctx: AppContext, ids: number[]): Promise<{ completed: number; failed: number }> {
  for (;;) {
    const rows = await ctx.db
      .select({ status: tasks.status, n: count() })
      .from(tasks)
      .where(inArray(tasks.id, ids))
      .groupBy(tasks.status);
    const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
    if (of('completed') + of('failed') === ids.length)
      return { completed: of('completed'), failed: of('failed') };
    await pause(100);
  }
}

async function chargedTwice(ctx: AppContext, project: AnalysisProject, ids: number[]): Promise<number> {
  const rows = await ctx.db
    .select({ task: invoices.referenceId, n: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, project.projectId),
        eq(invoices.reference, 'analysis'),
        inArray(
          invoices.referenceId,
          ids.map((id) => String(id)),
        ),
      ),
    )
    .groupBy(invoices.referenceId)
    .having(sql`count(*) > 1`);
  return rows.length;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
