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
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type PromptField, withDefaultFields } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { invoices, mediaFiles, projects, prompts, tasks, unitBundles } from '../apps/server/src/db/schema.ts';
import { QUEUES, startBoss } from '../apps/server/src/jobs/boss.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { workAnalysis } from '../apps/server/src/modules/pipeline/jobs.ts';
import { enqueueTask } from '../apps/server/src/modules/uploads/queue.ts';
import { storageOf } from '../apps/server/src/storage/index.ts';
import { startFakeAnthropic } from '../apps/server/test/fake-upstreams/anthropic.ts';
import { answer, slow } from '../apps/server/test/fake-upstreams/scripted.ts';
import { waitUntil } from '../apps/server/test/tasks.ts';
import { startWorkerProcess } from '../apps/server/test/worker-process.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const logger = createLogger({ logLevel: 'warn' });

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const FIELDS: PromptField[] = withDefaultFields(
  [{ key: 'Greeting', type: 'ok', explanation: 'Did the agent greet?', includeInScore: true }],
  'sum',
);
const evidence = (value: unknown) => ({ value, justification: 'Said so.', quote: 'Hello', timestamp: null });
const ANSWER = { Summary: evidence('A greeting.'), Title: evidence('Hello'), Greeting: evidence('ok') };

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-resume-'));
  let embedded: EmbeddedDatabase | null = null;
  let url: string;
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `parley_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(process.env.DATABASE_URL, `CREATE DATABASE ${name}`);
    const parsed = new URL(process.env.DATABASE_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = () =>
      adminQuery(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    embedded = await startEmbeddedPostgres(dataDir, logger);
    url = embedded.url;
  }
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
  const boss = await startBoss(url, logger, config.analysis);
  try {
    const ctx: AppContext = { config, db: database.db, boss, logger };
    const [project] = await ctx.db.insert(projects).values({ name: 'Bench' }).returning();
    const projectId = project!.id;
    await ctx.db.insert(unitBundles).values({
      projectId,
      planName: 'Bench',
      includedMilli: 1_000_000,
      leftMilli: 1_000_000,
      isFree: false,
      expiresAt: null,
    });
    const [prompt] = await ctx.db
      .insert(prompts)
      .values({
        projectId,
        scriptName: 'Bench',
        role: 'Sales',
        basicInstruction: 'Check the greeting.',
        transcribeInstructions: '',
        provider: 'anthropic',
        model: 'claude-3-7-sonnet-20250219',
        responseLanguage: 'English',
        companyDetails: '',
        finalScore: 'sum',
        lva: 'none',
        maxScore: null,
        transcriptionTask: 'transcribe',
        transcriptionLanguage: 'auto',
        content: FIELDS,
        metadataFields: [],
        isClassification: false,
        unitsMilli: 1000,
      })
      .returning();

    const seconds: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const chat = `Agent: Hello, this is call ${run}.\nCustomer: A quote for solar panels, please.\n`;
      const stored = await storageOf(config).put(Readable.from([Buffer.from(chat)]), {
        prefix: `projects/${projectId}`,
        extension: 'txt',
      });
      const [file] = await ctx.db
        .insert(mediaFiles)
        .values({
          projectId,
          storageKey: stored.key,
          fileName: `chat-${run}.txt`,
          contentType: 'text/plain',
          sizeBytes: stored.size,
          sha256: stored.sha256,
          kind: 'text',
        })
        .returning();
      const [task] = await ctx.db
        .insert(tasks)
        .values({ projectId, mediaId: file!.id, promptId: prompt!.id })
        .returning();
      const taskId = task!.id;

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
        await workAnalysis(ctx);
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
    await embedded?.stop();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
