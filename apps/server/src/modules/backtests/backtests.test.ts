import { type Backtest, promptRoutes, reviewRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysed,
  CONTENT,
  type ScoredPrompt,
  scoredPrompt,
  startChangeRequestApp,
} from '../../../test/change-requests.ts';
import { startFakeAnthropic } from '../../../test/fake-upstreams/anthropic.ts';
import { answer, failure, slow } from '../../../test/fake-upstreams/scripted.ts';
import { addMember, type Client, signUp } from '../../../test/harness.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { answered, waitUntil } from '../../../test/tasks.ts';
import { fund } from '../../../test/uploads.ts';
import { backtests, billingHolds, invoices, prompts, tasks } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { RetryLater } from '../../jobs/retries.ts';
import { ledgerMismatches } from '../billing/ledger.ts';
import { backtestJob, runBacktest } from './job.ts';

/** The draft's model: 1.7 units in the catalog, so a conversation costs 1,700 milli-units. */
const DRAFT_MODEL = 'claude-opus-4-5-20251101';
const PER_CONVERSATION_MILLI = 1_700;

let anthropic: Awaited<ReturnType<typeof startFakeAnthropic>>;
let s: Awaited<ReturnType<typeof startChangeRequestApp>>;
let prompt: ScoredPrompt;
let draftId: number;
/** A prompt with a draft and no reviewed conversation. */
let unreviewed: { id: number; draftId: number };
/** Reviewed in this order: T1, T2, T3 (the backtest takes them newest first: T3, T2, T1). */
let reviewed: number[];
let reviewer: Client;

// The analyses answered Greeting false and Tone 1 everywhere (VALUES); the reviewers, per conversation:
const REVIEWS = [
  { greeting: true, tone: 1 }, // T1
  { greeting: false, tone: 3 }, // T2
  { greeting: true, tone: 0 }, // T3
];

/** The draft's answer: VALUES except Greeting and Tone. */
const draftAnswer = (greeting: boolean, tone: number) =>
  answer({
    Summary: answered('A call.'),
    Title: answered('Call'),
    Greeting: answered(greeting),
    Discovery: { Budget: answered('not ok') },
    Tone: answered(tone),
    Outcome: answered('Lost'),
    Objections: answered(2),
  });

async function saveDraft(promptId: number, explanation: string): Promise<number> {
  const [row] = await s.t.ctx.db.select().from(prompts).where(eq(prompts.id, promptId));
  const content = CONTENT.map((field) => (field.key === 'Greeting' ? { ...field, explanation } : field));
  const response = await s.owner.call(promptRoutes.saveDraft, {
    params: { id: s.projectId, promptId },
    body: {
      scriptName: row!.scriptName,
      content,
      finalScore: 'sum',
      provider: 'anthropic',
      model: DRAFT_MODEL,
    },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().data.id;
}

async function withTranscript(taskId: number): Promise<number> {
  await s.t.ctx.db.update(tasks).set({ transcriptText: 'Agent: Hello.' }).where(eq(tasks.id, taskId));
  return taskId;
}

beforeAll(async () => {
  anthropic = await startFakeAnthropic();
  s = await startChangeRequestApp({
    ANTHROPIC_API_KEY: 'sk-ant-backtests',
    ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    AI_MAX_RETRIES: '0',
  });
  await backtestJob.work(s.t.ctx);
  prompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
  const people = { department: 'Sales', representative: 'Ann' };
  reviewed = [];
  for (const _ of REVIEWS)
    reviewed.push(await withTranscript(await analysed(s.t, s.projectId, prompt, people)));
  // Reviewed last, but without a transcript: not backtested.
  const silent = await analysed(s.t, s.projectId, prompt, people);
  for (const [index, taskId] of [...reviewed, silent].entries()) {
    const { greeting, tone } = REVIEWS[index] ?? REVIEWS[0]!;
    const response = await s.owner.call(reviewRoutes.save, {
      params: { id: s.projectId, taskId },
      body: {
        answers: [
          { path: 'Greeting', value: greeting },
          { path: 'Tone', value: tone },
        ],
        submit: true,
      },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  draftId = await saveDraft(prompt.id, 'Did they greet warmly?');
  const other = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
  unreviewed = { id: other.id, draftId: await saveDraft(other.id, 'Unreviewed draft') };
  reviewer = await signUp(s.t.app);
  await addMember(s.t, s.projectId, reviewer, 'user');
  await s.owner.call(reviewRoutes.setReviewer, {
    params: { id: s.projectId, userId: reviewer.userId },
    body: { reviewer: true },
  });
}, 120_000);
afterAll(async () => {
  await s?.t.ctx.boss.offWork(QUEUES.backtests);
  await s?.t.close();
  await anthropic?.close();
});

const start = (
  client: Pick<Client, 'call'>,
  body: Record<string, unknown> = {},
  ids: { id?: number; promptId?: number; versionId?: number } = {},
) =>
  client.call(promptRoutes.startBacktest, {
    unchecked: true,
    params: { id: s.projectId, promptId: prompt.id, versionId: draftId, ...ids },
    body,
  });
const list = (client: Pick<Client, 'call'>) =>
  client.call(promptRoutes.listBacktests, {
    params: { id: s.projectId, promptId: prompt.id, versionId: draftId },
  });
const read = (client: Pick<Client, 'call'>, backtestId: number) =>
  client.call(promptRoutes.getBacktest, { params: { id: s.projectId, promptId: prompt.id, backtestId } });
const settled = (backtestId: number) =>
  waitUntil(
    async () => (await read(s.owner, backtestId)).json().data as Backtest,
    (backtest) => backtest.status === 'completed' || backtest.status === 'failed',
    20_000,
  );
const chargesOf = (backtestId: number) =>
  s.t.ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.referenceId, `backtest:${backtestId}`));
const holds = () => s.t.ctx.db.select().from(billingHolds).where(eq(billingHolds.projectId, s.projectId));

describe('starting a backtest', () => {
  it('is refused with 402 when the project cannot pay it, nothing stored or held', async () => {
    const refused = await start(s.owner);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().error).toEqual({
      code: 'insufficient_funds',
      message: 'Insufficient funds: this backtest costs 5.1 units, more than the project can pay.',
    });
    expect(await s.t.ctx.db.select().from(backtests)).toEqual([]);
    expect(await holds()).toEqual([]);
    await fund(s.t, s.projectId);
  });

  it('is for the draft only, and needs a reviewed conversation', async () => {
    const published = await start(s.owner, {}, { versionId: prompt.versionId });
    expect(published.statusCode).toBe(409);
    expect(published.json().error.code).toBe('version_not_draft');
    const nothing = await start(s.admin, {}, { promptId: unreviewed.id, versionId: unreviewed.draftId });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('nothing_reviewed');
    expect((await start(s.owner, {}, { versionId: unreviewed.draftId })).statusCode).toBe(404);
  });

  it('is for admins and owners; support staff read', async () => {
    const forbidden: Array<[string, Pick<Client, 'call'>]> = [
      ['user', s.user],
      ['team leader', s.leader],
      ['reviewer', reviewer],
    ];
    for (const [who, client] of forbidden) {
      expect((await start(client)).statusCode, who).toBe(403);
      expect((await list(client)).statusCode, who).toBe(403);
    }
    expect((await start(s.support)).statusCode).toBe(403);
    expect((await list(s.support)).statusCode).toBe(200);
    expect((await list(s.admin)).statusCode).toBe(200);
    expect((await start(s.stranger)).statusCode).toBe(404);
    expect((await start(s.owner, {}, { id: s.otherProjectId })).statusCode).toBe(404);
    const media = keyClient(s.t.app, (await createKey(s.owner, s.projectId, 'media')).key);
    expect((await start(media)).statusCode).toBe(403);
    expect((await list(media)).statusCode).toBe(403);
  });
});

describe('a backtest', () => {
  let backtestId: number;

  it('re-analyses the reviewed conversations with the draft and compares both with the reviews', async () => {
    anthropic.reset();
    // The first answer comes late, so the backtest is still unfinished when a second one is started below.
    anthropic.script(slow(3000, draftAnswer(true, 0)), draftAnswer(true, 3), draftAnswer(true, 2)); // T3, T2, T1
    const started = await start(s.owner);
    expect(started.statusCode, started.body).toBe(202);
    const data = started.json().data as Backtest;
    expect(data).toMatchObject({
      status: 'queued',
      version_id: draftId,
      conversations: 20,
      total: 3,
      units_milli: 3 * PER_CONVERSATION_MILLI,
      current: true,
      requested_by: { id: s.owner.userId },
    });
    backtestId = data.id;
    // One at a time per project: a second start while this one is unfinished is refused, nothing held for it.
    const second = await start(s.admin, { conversations: 1 });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().error.code).toBe('backtest_running');
    expect(await holds()).toHaveLength(1);
    const done = await settled(backtestId);
    expect(done).toMatchObject({ status: 'completed', total: 3, done: 3, failed: 0, error: null });
    expect(done.units_milli).toBe(3 * PER_CONVERSATION_MILLI);
    expect(anthropic.requests.map((request) => request.body.model)).toEqual([
      DRAFT_MODEL,
      DRAFT_MODEL,
      DRAFT_MODEL,
    ]);

    const row = (path: string) => done.rows.find((entry) => entry.path === path);
    expect(done.rows.map((entry) => entry.path)).toEqual([
      'Greeting',
      'Discovery.Budget',
      'Tone',
      'Outcome',
      'Objections',
    ]);
    // Greeting: analyses false ×3 against people true, false, true: 1 of 3, κ 0 (one class answered);
    // the draft true ×3: 2 of 3, κ 0 again.
    expect(row('Greeting')).toMatchObject({
      type: 'bool',
      changed: 3,
      published: { count: 3, agreement: 0.3333, kappa: 0 },
      draft: { count: 3, agreement: 0.6667, kappa: 0 },
    });
    // Tone: analyses 1 ×3 against 1, 3, 0: differences 0, 2, 1; the draft 2, 3, 0: differences 1, 0, 0.
    expect(row('Tone')).toMatchObject({
      type: 'marks',
      changed: 3,
      published: { count: 3, agreement: 0.3333, mean_absolute_difference: 1 },
      draft: { count: 3, agreement: 0.6667, mean_absolute_difference: 0.3333 },
    });
    expect(row('Outcome')).toMatchObject({
      changed: 0,
      published: { count: 3, agreement: 1 },
      draft: { count: 3, agreement: 1 },
    });
    const [t1, t2, t3] = reviewed as [number, number, number];
    expect(done.changes_total).toBe(6);
    expect(done.changes.map((change) => [change.task_id, change.path, change.draft_value])).toEqual([
      [t3, 'Greeting', true],
      [t3, 'Tone', 0],
      [t2, 'Greeting', true],
      [t2, 'Tone', 3],
      [t1, 'Greeting', true],
      [t1, 'Tone', 2],
    ]);
    expect(done.changes[1]).toMatchObject({ type: 'marks', ai_value: 1, human_value: 0 });
    expect(done.changes[0]!.title).toMatch(/^Call of /);
  });

  it('is charged once for the conversations analysed, its hold settled', async () => {
    const charges = await chargesOf(backtestId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ unitsMilli: 3 * PER_CONVERSATION_MILLI, minutesMilli: 0 });
    expect(await holds()).toEqual([]);
    expect(await ledgerMismatches(s.t.ctx.db)).toEqual([]);
    // A retried job finds it completed and charges nothing more.
    await backtestJob.send(s.t.ctx, { backtestId });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await chargesOf(backtestId)).toHaveLength(1);
  });

  it('is listed newest first and read by support staff', async () => {
    const listed = await list(s.support);
    expect(listed.json().data.map((entry: { id: number }) => entry.id)).toEqual([backtestId]);
    expect((await read(s.support, backtestId)).json().data.rows).toHaveLength(5);
    expect((await read(s.user, backtestId)).statusCode).toBe(403);
    const elsewhere = await s.owner.call(promptRoutes.getBacktest, {
      params: { id: s.projectId, promptId: unreviewed.id, backtestId },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('is no longer current once the draft is saved again', async () => {
    await saveDraft(prompt.id, 'Did they greet by name?');
    expect((await read(s.owner, backtestId)).json().data.current).toBe(false);
  });

  it('keeps the other conversations when the provider fails on one, charging those analysed', async () => {
    anthropic.reset();
    anthropic.script(draftAnswer(true, 0), failure(400, 'prompt is too long'), draftAnswer(true, 2));
    const started = await start(s.owner, { conversations: 3 });
    expect(started.statusCode, started.body).toBe(202);
    const done = await settled(started.json().data.id);
    expect(done).toMatchObject({ status: 'completed', total: 3, done: 2, failed: 1, current: true });
    expect(done.units_milli).toBe(2 * PER_CONVERSATION_MILLI);
    expect(done.rows.find((entry) => entry.path === 'Greeting')?.draft.count).toBe(2);
    const charges = await chargesOf(done.id);
    expect(charges.map((charge) => charge.unitsMilli)).toEqual([2 * PER_CONVERSATION_MILLI]);
    expect(await holds()).toEqual([]);
  });

  it('fails without a charge when every conversation fails, its hold released', async () => {
    anthropic.reset();
    anthropic.script(failure(400, 'no'));
    const started = await start(s.owner, { conversations: 1 });
    expect(started.statusCode, started.body).toBe(202);
    const done = await settled(started.json().data.id);
    expect(done).toMatchObject({ status: 'failed', done: 0, failed: 1, units_milli: 0 });
    expect(done.error?.code).toBe('all_failed');
    expect(await chargesOf(done.id)).toEqual([]);
    expect(await holds()).toEqual([]);
    expect(await ledgerMismatches(s.t.ctx.db)).toEqual([]);
  });

  it('resumes after a passing failure: the conversations analysed are not asked again', async () => {
    await s.t.ctx.boss.offWork(QUEUES.backtests);
    anthropic.reset();
    anthropic.script(draftAnswer(true, 0), failure(500, 'overloaded'));
    const started = await start(s.owner, { conversations: 3 });
    expect(started.statusCode, started.body).toBe(202);
    const backtestId = started.json().data.id as number;
    const signal = new AbortController().signal;
    await expect(runBacktest(s.t.ctx, backtestId, { lastAttempt: false, signal })).rejects.toThrow(
      RetryLater,
    );
    expect((await read(s.owner, backtestId)).json().data).toMatchObject({
      status: 'running',
      done: 1,
      failed: 0,
    });

    anthropic.script(draftAnswer(true, 3), draftAnswer(true, 2));
    await runBacktest(s.t.ctx, backtestId, { lastAttempt: true, signal });
    expect((await read(s.owner, backtestId)).json().data).toMatchObject({
      status: 'completed',
      done: 3,
      failed: 0,
    });
    expect(anthropic.requests).toHaveLength(4);
    expect((await chargesOf(backtestId)).map((charge) => charge.unitsMilli)).toEqual([
      3 * PER_CONVERSATION_MILLI,
    ]);
    expect(await holds()).toEqual([]);
  });

  it('fails unpaid when the provider has lost its credentials since it started', async () => {
    const started = await start(s.owner, { conversations: 1 });
    expect(started.statusCode, started.body).toBe(202);
    const backtestId = started.json().data.id as number;
    const { config } = s.t.ctx;
    const withoutKey = { ...config, providers: { ...config.providers, anthropicApiKey: undefined } };
    const signal = new AbortController().signal;
    await runBacktest({ ...s.t.ctx, config: withoutKey }, backtestId, { lastAttempt: false, signal });
    const failed = (await read(s.owner, backtestId)).json().data as Backtest;
    expect(failed).toMatchObject({ status: 'failed', done: 0, units_milli: 0 });
    expect(failed.error?.code).toBe('provider_unavailable');
    expect(await chargesOf(backtestId)).toEqual([]);
    expect(await holds()).toEqual([]);
  });
});
