/**
 * Queue overhead bench: how many analysis tasks a second go through the real pipeline and job queue when
 * the providers answer at once. 200 text conversations (no transcription) are stored through the storage
 * interface, queued with the uploads module's enqueueTask and worked by the analysis worker (pg-boss)
 * against a local fake Anthropic; the same number is first run directly (runTask in a loop, no queue)
 * to separate the pipeline's own cost (database writes, billing) from the queue's.
 *
 *   npm run bench:queue -w @parley/server                 (embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench:queue -w @parley/server
 *
 * A third run gives the provider a latency (BENCH_LATENCY_MS, default 500 ms) as real ones have. With the
 * default ANALYSIS_CONCURRENCY (200) the workers go through a backlog without pausing, so the queue should
 * run about as fast as the pipeline itself: the CPU (node and PostgreSQL) is the limit.
 *
 * Options (environment): BENCH_TASKS (default 200), BENCH_CONCURRENCY (ANALYSIS_CONCURRENCY, default: its default),
 * BENCH_LATENCY_MS (default 500). OTEL_EXPORTER_OTLP_ENDPOINT traces every run as the server does with it set
 * (spans exported to that address), to measure what tracing costs. BENCH_METRICS=off makes recording a
 * metric do nothing (prom-client's observe, inc, dec and set), to measure what the metrics cost; the server
 * itself has no such switch. `bench/instrumentation-overhead.ts` runs both ways in turn and compares them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { Counter, Gauge, Histogram } from 'prom-client';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { tasks } from '../apps/server/src/db/schema/index.ts';
import { startBoss } from '../apps/server/src/jobs/workers.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { analysisJob } from '../apps/server/src/modules/pipeline/jobs.ts';
import { runTask } from '../apps/server/src/modules/pipeline/run.ts';
import { enqueueTask } from '../apps/server/src/modules/tasks/queue.ts';
import { startTracing } from '../apps/server/src/telemetry/sdk.ts';
import { startFakeAnthropic } from '../apps/server/test/fake-upstreams/anthropic.ts';
import { answer, slow } from '../apps/server/test/fake-upstreams/scripted.ts';
import { ANSWER, createChatTasks, seedAnalysisProject } from './support/analysis.ts';
import { freshBenchDatabase } from './support/database.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? loadConfig({}).analysis.concurrency);
const logger = createLogger({ logLevel: 'warn' });
// Tracing as the server reads it from the environment: the endpoint, and the sampler an operator would choose.
const TRACING = Object.fromEntries(
  ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG'].flatMap((name) =>
    process.env[name] ? [[name, process.env[name]]] : [],
  ),
);
const METRICS = process.env.BENCH_METRICS !== 'off';
if (!METRICS) {
  const nothing = () => {};
  const prototypes: unknown[] = [Counter.prototype, Gauge.prototype, Histogram.prototype];
  for (const metric of prototypes as Record<string, unknown>[]) {
    for (const method of ['observe', 'inc', 'dec', 'set']) if (method in metric) metric[method] = nothing;
  }
}

async function main() {
  const tracing = await startTracing(loadConfig(TRACING));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-queue-'));
  const scratch = await freshBenchDatabase(logger);
  const { url } = scratch;
  const anthropic = await startFakeAnthropic();
  // Quiet pool: the embedded server stopping at the end cuts connections that are still closing.
  const database = connectDatabase(url, createLogger({ logLevel: 'error' }), 20);
  const boss = await startBoss(url, logger, loadConfig(TRACING));
  try {
    await runMigrations(database);
    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      ANTHROPIC_API_KEY: 'bench',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      AI_MAX_RETRIES: '0',
      ANALYSIS_CONCURRENCY: String(CONCURRENCY),
      LOG_LEVEL: 'warn',
      ...TRACING,
    });
    const ctx: AppContext = { config, db: database.db, boss, logger };

    const project = await seedAnalysisProject(ctx, 1_000_000_000, ['Department', 'Representative']);

    const makeTasks = (count: number) => createChatTasks(ctx, project, count);

    // Direct: the pipeline without the queue, one task after another.
    const direct = await makeTasks(TASKS);
    anthropic.script(...direct.map(() => answer(ANSWER)));
    const directStart = performance.now();
    const directCpu = process.cpuUsage();
    for (const id of direct) await runTask(ctx, id, { lastAttempt: true });
    const directSeconds = (performance.now() - directStart) / 1000;
    const directCpuMs = cpuMsPerTask(directCpu);

    // Queued: every task sent to the analysis queue, worked by the analysis worker.
    await analysisJob.work(ctx);
    const throughQueue = async (latencyMs: number) => {
      const ids = await makeTasks(TASKS);
      anthropic.script(...ids.map(() => (latencyMs ? slow(latencyMs, answer(ANSWER)) : answer(ANSWER))));
      const start = performance.now();
      const cpu = process.cpuUsage();
      const requestsBefore = anthropic.requests.length;
      const firstCall = (async () => {
        while (anthropic.requests.length === requestsBefore) await pause(5);
        return performance.now() - start;
      })();
      for (const id of ids) await enqueueTask(ctx, id);
      const enqueueSeconds = (performance.now() - start) / 1000;
      for (;;) {
        const rows = await ctx.db.select({ status: tasks.status }).from(tasks).where(inArray(tasks.id, ids));
        const failed = rows.filter((row) => row.status === 'failed').length;
        if (failed > 0) throw new Error(`${failed} tasks failed`);
        if (rows.every((row) => row.status === 'completed')) break;
        await pause(20);
      }
      return {
        seconds: (performance.now() - start) / 1000,
        cpuMs: cpuMsPerTask(cpu),
        enqueueSeconds,
        firstCallMs: await firstCall,
      };
    };
    const instant = await throughQueue(0);
    const latency = Number(process.env.BENCH_LATENCY_MS ?? 500);
    const slowed = await throughQueue(latency);

    const rate = (s: number) => `${(TASKS / s).toFixed(1)} tasks/s`;
    const slotMs = (s: number) => (s / TASKS) * CONCURRENCY * 1000;
    const pipelineMs = (directSeconds / TASKS) * 1000;
    console.log(
      `Analysis queue (${TASKS} text tasks each, fake Anthropic, ANALYSIS_CONCURRENCY=${CONCURRENCY}, ` +
        `metrics ${METRICS ? 'on' : 'off'}, tracing ${tracing ? 'on' : 'off'})`,
    );
    console.log(
      `  direct runTask, one at a time:    ${directSeconds.toFixed(2)} s  ${rate(directSeconds)}  (${pipelineMs.toFixed(1)} ms a task, CPU ${directCpuMs.toFixed(2)} ms a task)`,
    );
    console.log(
      `  queue, instant provider:          ${instant.seconds.toFixed(2)} s  ${rate(instant.seconds)}  ` +
        `(${slotMs(instant.seconds).toFixed(0)} ms a task per worker, CPU ${instant.cpuMs.toFixed(2)} ms a task; enqueueing ${instant.enqueueSeconds.toFixed(2)} s; ` +
        `the first task reached the provider ${instant.firstCallMs.toFixed(0)} ms after it was queued)`,
    );
    const overhead = slotMs(slowed.seconds) - pipelineMs - latency;
    console.log(
      `  queue, provider answers in ${latency} ms: ${slowed.seconds.toFixed(2)} s  ${rate(slowed.seconds)}  ` +
        `(${slotMs(slowed.seconds).toFixed(0)} ms a task per worker: queue overhead ${overhead.toFixed(0)} ms a task)`,
    );
  } finally {
    await boss.stop({ graceful: true, timeout: 10_000, close: true });
    await database.pool.end();
    await anthropic.close();
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
    await tracing?.stop();
  }
}

/** This process's CPU time (user and system: the app's code and the fake provider's) since `since`, per task. */
const cpuMsPerTask = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000 / TASKS;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
