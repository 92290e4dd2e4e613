import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { taskError, taskErrorText } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../test/fake-upstreams/anthropic.ts';
import { answer, type FakeUpstream, failure, slow } from '../../test/fake-upstreams/scripted.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { GREETING_ANSWER, insertTextTask, waitUntil } from '../../test/tasks.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { createPrompt } from '../../test/uploads.ts';
import { startWorkerProcess, type WorkerProcess } from '../../test/worker-process.ts';
import type { Config } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { billingHolds, invoices, tasks, users } from '../db/schema/index.ts';
import { adjustBalance } from '../modules/billing/adjustments.ts';
import { ledgerMismatches } from '../modules/billing/ledger.ts';
import { analysisJob } from '../modules/pipeline/jobs.ts';
import { runTask } from '../modules/pipeline/run.ts';
import { enqueueTask, taskJobKey } from '../modules/tasks/queue.ts';
import { completeTask, startTask } from '../modules/tasks/state.ts';
import { QUEUES } from './boss.ts';
import { RetryLater } from './retries.ts';
import { startBoss } from './workers.ts';

let t: TestApp;
let anthropic: FakeUpstream;
let dataDir: string;
let owner: Client;
let worker: WorkerProcess | null = null;

const ENV = { ANTHROPIC_API_KEY: 'sk-ant-resume', AI_MAX_RETRIES: '0' };

beforeAll(async () => {
  anthropic = await startFakeAnthropic();
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-resume-'));
  t = await startTestApp({}, { ...ENV, DATA_DIR: dataDir, ANTHROPIC_BASE_URL: `${anthropic.origin}/v1` });
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
}, 120_000);
afterEach(async () => {
  await worker?.kill();
  worker = null;
  await t.ctx.boss.offWork(QUEUES.analysis);
  anthropic.reset();
});
afterAll(async () => {
  await t?.close();
  await anthropic?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A funded project with a prompt and one text task (not queued). */
async function fundedTask(): Promise<{ projectId: number; taskId: number }> {
  const projectId = await createProject(owner, 'Resume');
  const [admin] = await t.ctx.db.select().from(users).where(eq(users.isSuperAdmin, true));
  await adjustBalance(t.ctx, projectId, admin!, { type: 'credit', amount: 1, reason: 'Test' });
  const promptId = await createPrompt(owner, projectId, 'Greeting');
  const taskId = await insertTextTask(t, projectId, promptId, 'Agent: Hello.\nClient: Hi, panels?\n');
  return { projectId, taskId };
}

/** A funded project with a prompt and one queued text task. */
async function queuedTask(): Promise<{ projectId: number; taskId: number }> {
  const task = await fundedTask();
  await enqueueTask(t.ctx, task.taskId);
  return task;
}

const taskRow = async (taskId: number) =>
  (await t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
const chargesOf = (projectId: number) =>
  t.ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), eq(invoices.reference, 'analysis')));

/** The app's context with other analysis settings (the shared config stays as it is). */
const withAnalysis = (analysis: Partial<Config['analysis']>) => ({
  ...t.ctx,
  config: { ...t.ctx.config, analysis: { ...t.ctx.config.analysis, ...analysis } },
});

describe('a worker that dies mid-task', () => {
  it('is replaced within 15 s: another worker resumes the task, which is charged once', async () => {
    const { projectId, taskId } = await queuedTask();
    // The first call never answers while its worker lives; the resumed run gets an answer.
    anthropic.script(slow(600_000, answer(GREETING_ANSWER)), answer(GREETING_ANSWER));
    worker = startWorkerProcess({
      ...ENV,
      DATABASE_URL: t.ctx.config.databaseUrl!,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://parley.test',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      ANALYSIS_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
    });
    await waitUntil(
      async () => anthropic.requests.length,
      (n) => n === 1,
      60_000,
    ).catch((error) => {
      throw new Error(`${error.message}\n${worker?.output()}`);
    });
    expect(await taskRow(taskId)).toMatchObject({ status: 'processing', attempts: 1 });
    await analysisJob.work(withAnalysis({ concurrency: 1 })); // a second worker, idle until the task comes back

    await worker.kill();
    const killedAt = Date.now();
    await waitUntil(
      async () => anthropic.requests.length,
      (n) => n === 2,
      15_000,
    );
    const resumedAfter = (Date.now() - killedAt) / 1000;

    const task = await waitUntil(
      () => taskRow(taskId),
      (row) => row.status === 'completed',
      15_000,
    );
    expect(task.attempts).toBe(2);
    expect(resumedAfter).toBeLessThan(15);
    expect(await chargesOf(projectId)).toHaveLength(1);
    expect(await t.ctx.db.select().from(billingHolds).where(eq(billingHolds.taskId, taskId))).toEqual([]);
    expect(await ledgerMismatches(t.ctx.db)).toEqual([]);
  }, 120_000);
});

describe('a worker that comes back after its task was taken over and finished', () => {
  it('does not take the task back nor complete it again: it stays completed, charged once', async () => {
    const { projectId, taskId } = await queuedTask();
    anthropic.script(answer(GREETING_ANSWER));
    expect(await runTask(t.ctx, taskId, { lastAttempt: false })).toBe('completed');
    const done = await taskRow(taskId);

    // The cut-off worker's attempt goes on from where it was: it starts the task, later completes it.
    expect(await startTask(t.ctx, taskId)).toBeNull();
    expect(await completeTask(t.ctx, taskId, 1)).toBeNull();
    expect(await taskRow(taskId)).toEqual(done);
    expect(await chargesOf(projectId)).toHaveLength(1);
  });
});

/** A worker process (the real server, PARLEY_ROLE=worker) with `env` added to the test's settings. */
const workerProcess = (env: Record<string, string> = {}) =>
  startWorkerProcess({
    ...ENV,
    DATABASE_URL: t.ctx.config.databaseUrl!,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://parley.test',
    ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    ANALYSIS_CONCURRENCY: '1',
    LOG_LEVEL: 'warn',
    ...env,
  });

const providerCalls = (n: number, worker: WorkerProcess | null) =>
  waitUntil(
    async () => anthropic.requests.length,
    (count) => count === n,
    60_000,
  ).catch((error) => {
    throw new Error(`${error.message}\n${worker?.output()}`);
  });

describe('a worker that dies again and again', () => {
  // One retry after a provider failure: a task interrupted twice has had more interruptions than that.
  const RETRY_LIMIT = 1;
  afterEach(() => analysisJob.configure(t.ctx.boss, t.ctx.config));

  it("does not spend the task's retries: interrupted more often than ANALYSIS_RETRY_LIMIT, it still completes, charged once", async () => {
    await analysisJob.configure(t.ctx.boss, withAnalysis({ retryLimit: RETRY_LIMIT }).config);
    const { projectId, taskId } = await queuedTask();
    // Two calls that never answer while their workers live; the third attempt gets an answer.
    anthropic.script(slow(600_000, answer(GREETING_ANSWER)), slow(600_000, answer(GREETING_ANSWER)));
    anthropic.script(answer(GREETING_ANSWER));
    const retryLimit = { ANALYSIS_RETRY_LIMIT: String(RETRY_LIMIT) };
    worker = workerProcess(retryLimit);
    await providerCalls(1, worker);
    const second = workerProcess(retryLimit);
    try {
      await worker.kill();
      await providerCalls(2, second);
      await analysisJob.work(withAnalysis({ concurrency: 1, retryLimit: RETRY_LIMIT }));
      await second.kill();
      const task = await waitUntil(
        () => taskRow(taskId),
        (row) => row.status !== 'processing' && row.status !== 'queued',
        60_000,
      );
      expect(task).toMatchObject({ status: 'completed', attempts: 3, errorReason: null });
    } finally {
      await second.kill();
    }
    expect(anthropic.requests).toHaveLength(3);
    expect(await chargesOf(projectId)).toHaveLength(1);
    expect(await ledgerMismatches(t.ctx.db)).toEqual([]);
  }, 180_000);

  it('gives a task up after 10 interrupted attempts: failed as interrupted, uncharged, its hold released', async () => {
    await analysisJob.configure(t.ctx.boss, withAnalysis({ retryLimit: RETRY_LIMIT }).config);
    const { projectId, taskId } = await queuedTask();
    const analysis = withAnalysis({ concurrency: 1, retryLimit: RETRY_LIMIT });
    // Each attempt runs on a job queue of its own that stops while the attempt waits on the provider, as a
    // worker that dies on every attempt (the queue fails the attempt, as it does when a heartbeat is lost).
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      anthropic.script(slow(600_000, answer(GREETING_ANSWER)));
      const boss = await startBoss(t.ctx.config.databaseUrl!, t.ctx.logger, analysis.config);
      await analysisJob.work({ ...analysis, boss });
      await providerCalls(attempt, null);
      await boss.stop({ graceful: false, close: true });
    }
    await analysisJob.work(analysis);
    const task = await waitUntil(
      () => taskRow(taskId),
      (row) => row.status === 'failed',
      30_000,
    );
    expect(task.attempts).toBe(10);
    expect(task.errorReason).toEqual(taskError('interrupted', { count: 10 }));
    expect(taskErrorText(task.errorReason!)).toMatch(/interrupted 10 times/);
    expect(anthropic.requests).toHaveLength(10);
    expect(await chargesOf(projectId)).toHaveLength(0);
    expect(await t.ctx.db.select().from(billingHolds).where(eq(billingHolds.taskId, taskId))).toEqual([]);
  }, 180_000);
});

describe('a database that goes away under a task', () => {
  it('interrupts the attempt: no retry spent, nothing logged for the task, the outage logged once', async () => {
    const { taskId } = await fundedTask();
    const url = new URL(t.ctx.config.databaseUrl!);
    const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const database = connectDatabase(url.toString(), t.ctx.logger, 2);
    try {
      await proxy.cut();
      const logged = t.logs.length;
      const error = await runTask({ ...t.ctx, db: database.db }, taskId, { lastAttempt: false }).catch(
        (thrown: Error) => thrown,
      );
      expect(error).not.toBeInstanceOf(RetryLater);
      expect(error).toMatchObject({ cause: { code: 'ECONNREFUSED' } });
      expect(t.logs.slice(logged).map((line) => line.msg)).toEqual(['The database cannot be reached']);
      expect(await taskRow(taskId)).toMatchObject({ status: 'queued', attempts: 0, errorReason: null });
    } finally {
      await proxy.close();
      await database.pool.end();
    }
  });
});

describe('a live task', () => {
  it('keeps its heartbeat through a provider call longer than the heartbeat: never taken twice', async () => {
    const { projectId, taskId } = await queuedTask();
    anthropic.script(slow(14_000, answer(GREETING_ANSWER)));
    // Two free slots: a task whose heartbeat lapsed would be taken by the second one.
    await analysisJob.work(withAnalysis({ concurrency: 2 }));
    const task = await waitUntil(
      () => taskRow(taskId),
      (row) => row.status === 'completed',
      40_000,
    );
    expect(task.attempts).toBe(1);
    expect(anthropic.requests).toHaveLength(1);
    expect(await chargesOf(projectId)).toHaveLength(1);
  }, 60_000);

  it('that fails for a passing reason still waits its retry delay', async () => {
    const { taskId } = await queuedTask();
    anthropic.script(failure(503, 'Overloaded'));
    await analysisJob.work(withAnalysis({ retryDelaySeconds: 30 }));
    const jobs = await waitUntil(
      () => t.ctx.boss.findJobs(QUEUES.analysis, { key: taskJobKey(taskId) }),
      (found) => found[0]?.state === 'retry',
      15_000,
    );
    // 30 s doubled by up to as much again at random, from the time of the failure.
    const waits = (jobs[0]!.startAfter.getTime() - Date.now()) / 1000;
    expect(waits).toBeGreaterThan(25);
    expect(waits).toBeLessThanOrEqual(60);
    expect(await taskRow(taskId)).toMatchObject({ status: 'queued', attempts: 1 });
    const { errorReason } = await taskRow(taskId);
    expect(errorReason?.code).toBe('provider_failed');
    expect(errorReason && taskErrorText(errorReason)).toMatch(/503/);
  }, 30_000);
});
