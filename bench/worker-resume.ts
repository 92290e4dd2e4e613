/**
 * Worker resume bench: how long after a worker dies mid-task (SIGKILL, as a crash or an out-of-memory kill)
 * another worker resumes its task. Each run queues a text conversation, lets a worker process (the real
 * server with PARLEY_ROLE=worker) take it into a call to a local fake Anthropic that does not answer, kills
 * the process, and times until a second worker (in this process, idle until then) calls the provider
 * again. The task then completes and is charged once.
 *
 *   npm run bench:resume -w @parley/server                 (embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench:resume -w @parley/server
 *
 * Options (environment): BENCH_RUNS (default 3).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { invoices, tasks } from '../apps/server/src/db/schema/index.ts';
import { QUEUES } from '../apps/server/src/jobs/boss.ts';
import { startBoss } from '../apps/server/src/jobs/workers.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { analysisJob } from '../apps/server/src/modules/pipeline/jobs.ts';
import { enqueueTask } from '../apps/server/src/modules/tasks/queue.ts';
import { startFakeAnthropic } from '../apps/server/test/fake-upstreams/anthropic.ts';
import { answer, slow } from '../apps/server/test/fake-upstreams/scripted.ts';
import { waitUntil } from '../apps/server/test/tasks.ts';
import { startWorkerProcess } from '../apps/server/test/worker-process.ts';
import { ANSWER, createTextTask, seedAnalysisProject } from './support/analysis.ts';
import { freshBenchDatabase } from './support/database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const logger = createLogger({ logLevel: 'warn' });

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-resume-'));
  const scratch = await freshBenchDatabase(logger);
  const { url } = scratch;
  const anthropic = await startFakeAnthropic();
  const database = connectDatabase(url, createLogger({ logLevel: 'error' }));
  await runMigrations(database);
  const env = {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ANTHROPIC_API_KEY: 'bench',
    ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    AI_MAX_RETRIES: '0',
    ANALYSIS_CONCURRENCY: '1',
    LOG_LEVEL: 'warn',
  };
  const config = loadConfig(env);
  const boss = await startBoss(url, logger, config);
  try {
    const ctx: AppContext = { config, db: database.db, boss, logger };
    const project = await seedAnalysisProject(ctx, 1_000_000, []);

    const seconds: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const chat = `Agent: Hello, this is call ${run}.\nCustomer: A quote for solar panels, please.\n`;
      const taskId = await createTextTask(ctx, project, {
        name: `chat-${run}.txt`,
        contentType: 'text/plain',
        text: chat,
      });

      anthropic.reset();
      anthropic.script(slow(600_000, answer(ANSWER)), answer(ANSWER));
      const worker = startWorkerProcess(env);
      try {
        await enqueueTask(ctx, taskId);
        await waitUntil(
          async () => anthropic.requests.length,
          (n) => n === 1,
          120_000,
        );
        await analysisJob.work(ctx);
        await worker.kill();
        const killedAt = performance.now();
        await waitUntil(
          async () => anthropic.requests.length,
          (n) => n === 2,
          300_000,
        );
        seconds.push((performance.now() - killedAt) / 1000);
        await waitUntil(
          async () => (await ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.status,
          (status) => status === 'completed',
          60_000,
        );
        const charges = await ctx.db
          .select()
          .from(invoices)
          .where(and(eq(invoices.reference, 'analysis'), eq(invoices.referenceId, `task:${taskId}`)));
        if (charges.length !== 1) throw new Error(`Task ${taskId} was charged ${charges.length} times`);
      } finally {
        await worker.kill();
        await boss.offWork(QUEUES.analysis);
      }
    }
    const sorted = [...seconds].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `Worker killed mid-task (SIGKILL), ${RUNS} runs: seconds until another worker resumed the task`,
    );
    console.log(`  runs: ${seconds.map((s) => s.toFixed(1)).join(', ')}`);
    console.log(
      `  median ${median.toFixed(1)} s, max ${sorted.at(-1)!.toFixed(1)} s; each task charged once`,
    );
  } finally {
    await boss.stop({ graceful: false, close: true });
    await database.pool.end();
    await anthropic.close();
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
