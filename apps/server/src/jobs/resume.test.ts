import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { taskErrorText } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../test/fake-upstreams/anthropic.ts';
import { answer, type FakeUpstream, failure, slow } from '../../test/fake-upstreams/scripted.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { GREETING_ANSWER, insertTextTask, waitUntil } from '../../test/tasks.ts';
import { createPrompt } from '../../test/uploads.ts';
import { startWorkerProcess, type WorkerProcess } from '../../test/worker-process.ts';
import type { Config } from '../config.ts';
import { billingHolds, invoices, tasks, users } from '../db/schema/index.ts';
import { adjustBalance } from '../modules/billing/adjustments.ts';
import { ledgerMismatches } from '../modules/billing/ledger.ts';
import { workAnalysis } from '../modules/pipeline/jobs.ts';
import { enqueueTask, taskJobKey } from '../modules/tasks/queue.ts';
import { QUEUES } from './boss.ts';

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

/** A funded project with a prompt and one queued text task. */
async function queuedTask(): Promise<{ projectId: number; taskId: number }> {
  const projectId = await createProject(owner, 'Resume');
  const [admin] = await t.ctx.db.select().from(users).where(eq(users.isSuperAdmin, true));
  await adjustBalance(t.ctx, projectId, admin!, { type: 'credit', amount: 1, reason: 'Test' });
  const promptId = await createPrompt(owner, projectId, 'Greeting');
  const taskId = await insertTextTask(t, projectId, promptId, 'Agent: Hello.\nClient: Hi, panels?\n');
  await enqueueTask(t.ctx, taskId);
  return { projectId, taskId };
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
    await workAnalysis(withAnalysis({ concurrency: 1 })); // a second worker, idle until the task comes back

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

describe('a live task', () => {
  it('keeps its heartbeat through a provider call longer than the heartbeat: never taken twice', async () => {
    const { projectId, taskId } = await queuedTask();
    anthropic.script(slow(14_000, answer(GREETING_ANSWER)));
    // Two free slots: a task whose heartbeat lapsed would be taken by the second one.
    await workAnalysis(withAnalysis({ concurrency: 2 }));
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
    await workAnalysis(withAnalysis({ retryDelaySeconds: 30 }));
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
