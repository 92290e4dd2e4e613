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
 * BENCH_STORM_SECONDS (15), BENCH_STORM_TASKS (500).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { invoices, tasks } from '../apps/server/src/db/schema/index.ts';
import { startBoss } from '../apps/server/src/jobs/boss.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { enqueueTask } from '../apps/server/src/modules/tasks/queue.ts';
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
const logger = createLogger({ logLevel: 'warn' });

/** The provider's side of a requests-a-minute limit: one second of burst, refilled evenly. */
class ProviderLimit {
  private tokens: number;
  private last = Date.now();
  private readonly perMs = RPM / 60_000;
  private readonly capacity = Math.max(1, RPM / 60);
  rejected = 0;
  stormUntil = 0;

  constructor() {
    this.tokens = this.capacity;
  }

  reply = (_request: RecordedRequest) => {
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
    return slow(LATENCY_MS, answer(ANSWER));
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-throughput-'));
  const scratch = await freshBenchDatabase(logger);
  const anthropic = await startFakeAnthropic();
  const limit = new ProviderLimit();
  anthropic.respondWith(limit.reply);
  const database = connectDatabase(scratch.url, createLogger({ logLevel: 'error' }), 10);
  const boss = await startBoss(scratch.url, logger, loadConfig({}).analysis);
  const workers: WorkerProcess[] = [];
  const workerEnv = {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://parley.bench',
    ANTHROPIC_API_KEY: 'bench',
    ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    ANTHROPIC_RPM: String(RPM),
    LOG_LEVEL: 'error',
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
    await run('1 worker process', TASKS, 1);
    await run('3 worker processes', TASKS, 3);
    await run(`1 process, 429 to everything ${STORM_SECONDS} s`, STORM_TASKS, 1, true);
  } finally {
    await Promise.all(workers.map((worker) => worker.kill()));
    await boss.stop({ graceful: false, close: true });
    await database.pool.end();
    await anthropic.close();
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
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
