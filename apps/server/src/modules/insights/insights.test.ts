import { INSIGHT_TEXTS, milliUnits } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, failure, slow } from '../../../test/fake-upstreams/scripted.ts';
import {
  askInsight,
  modelAnswer,
  promptSection,
  settledInsight,
  startInsightsApp,
} from '../../../test/insights.ts';
import {
  aiUsage,
  billingHolds,
  insights,
  invoices,
  projects,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { reserveIn } from '../billing/holds.ts';
import { ledgerMismatches } from '../billing/ledger.ts';
import { INSIGHT_INSTRUCTIONS } from './ask.ts';
import { runInsight } from './jobs.ts';

let s: Awaited<ReturnType<typeof startInsightsApp>>;

beforeAll(async () => {
  s = await startInsightsApp('insights');
  await s.credit(s.projectId, 1); // four insights of 0.25
}, 120_000);
afterAll(() => s?.close());

const range = { start_date: '2026-03-07', end_date: '2026-03-10' };

const holdsOf = (projectId: number) =>
  s.t.ctx.db.select().from(billingHolds).where(eq(billingHolds.projectId, projectId));
const chargesOf = (insightId: number) =>
  s.t.ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.referenceId, `insight:${insightId}`));
const balanceOf = async (projectId: number) =>
  (await s.t.ctx.db.select().from(projects).where(eq(projects.id, projectId)))[0]!.balanceMicros;

describe('an insight', () => {
  it('runs as a job: figures to the model, its answer kept only where the data has it, charged once', async () => {
    const { a1, a3, p1 } = s.ids;
    // p1 is outside the range (not in the sample), 999999 does not exist; 'alice' is Alice; nobody is in
    // Marketing; the quoted field is Discovery.Budget; 'Summary' is no field of the figures.
    s.anthropic.script(
      slow(
        1000,
        answer(
          modelAnswer({
            analysis_ids: [a3, 999_999, p1, a3, a1],
            representative: 'alice',
            department: 'Marketing',
            field: '"Discovery"."Budget"',
            field_outcome: 'missed',
          }),
        ),
      ),
    );
    const before = s.anthropic.requests.length;
    const [hook] = await s.t.ctx.db
      .insert(webhookEndpoints)
      .values({
        projectId: s.projectId,
        url: 'https://hooks.example.com/parley',
        events: ['insight.completed'],
        secret: `whsec_${Buffer.from('insight hook secret').toString('base64')}`,
      })
      .returning();
    const created = await askInsight(s.owner, s.projectId, {
      question: '  Why do budgets get missed?  ',
      analysis_fields: ['"Greeting"', '"Discovery"."Budget"'],
      prompt_id: s.salesPrompt.id,
      ...range,
    });
    expect(created.statusCode).toBe(202);
    const queued = created.json().data;
    expect(queued).toMatchObject({
      project_id: s.projectId,
      question: 'Why do budgets get missed?',
      filters: {
        department: [],
        representative: [],
        ...range,
        prompt_id: s.salesPrompt.id,
        prompt_name: 'Sales QA',
        analysis_fields: ['Greeting', 'Discovery.Budget'],
        search: null,
      },
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      model_name: 'Claude Sonnet 4.5',
      status: 'queued',
      stage: 'queued',
      units_milli: 5000,
      charged: false,
      answer: null,
      created_by: { id: s.owner.userId, email: s.owner.email },
    });
    // Its price is held from the start (the model answers a second later).
    expect((await holdsOf(s.projectId)).map((hold) => [hold.insightId, hold.unitsMilli])).toEqual([
      [queued.id, 5000],
    ]);

    const done = await settledInsight(s.owner, s.projectId, queued.id);
    expect(done).toMatchObject({
      status: 'completed',
      stage: 'done',
      analyses: 5,
      charged: true,
      error: null,
    });
    expect(done.answer!.findings[0]!.citations).toEqual([
      {
        label: 'Missed budgets',
        analysis_ids: [a3, a1],
        representative: 'Alice',
        department: null,
        field: 'Discovery.Budget',
        field_outcome: 'missed',
        moments: [],
      },
    ]);
    expect(done.answer!.summary).toBe('Budgets are rarely discussed.');
    // Announced to the webhook that wants it, as the API answers it.
    const announced = await s.t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook!.id));
    expect(announced.map((delivery) => delivery.payload)).toEqual([
      { type: 'insight.completed', timestamp: done.completed_at, data: done },
    ]);

    // What the model was sent: the instructions, the question, the language, figures and sample.
    expect(s.anthropic.requests).toHaveLength(before + 1);
    const request = s.anthropic.requests.at(-1)!;
    expect(JSON.stringify(request.body.system)).toContain(JSON.stringify(INSIGHT_INSTRUCTIONS).slice(1, 80));
    expect(promptSection(request.body, 'question')).toBe('Why do budgets get missed?');
    expect(promptSection(request.body, 'answer_language')).toBe('English (en)');
    const figures = JSON.parse(promptSection(request.body, 'figures'));
    expect(figures).toMatchObject({ analyses: 5, period: 'week' });
    expect(figures.fields.map((field: { field: string }) => field.field)).toEqual([
      'Greeting',
      'Discovery.Budget',
    ]);
    const sample = JSON.parse(promptSection(request.body, 'evidence_sample'));
    expect(sample.map((analysis: { analysis_id: number }) => analysis.analysis_id)).not.toContain(p1);

    // Charged once, with the units in the ledger; the hold settled; the call recorded.
    const charges = await chargesOf(queued.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      projectId: s.projectId,
      type: 'debit',
      reference: 'analysis',
      unitsMilli: 5000,
      minutesMilli: 0,
      amountMicros: 250_000,
      description: `Insight #${queued.id}: Why do budgets get missed?`,
    });
    expect(await holdsOf(s.projectId)).toEqual([]);
    expect(await balanceOf(s.projectId)).toBe(750_000);
    const usage = await s.t.ctx.db.select().from(aiUsage).where(eq(aiUsage.purpose, 'insight'));
    expect(usage).toMatchObject([{ projectId: s.projectId, userId: s.owner.userId, ok: true }]);

    // A job run again (a retry after the answer was stored) asks nothing and charges nothing.
    await runInsight(s.t.ctx, queued.id, { lastAttempt: false });
    expect(s.anthropic.requests).toHaveLength(before + 1);
    expect(await chargesOf(queued.id)).toHaveLength(1);
    // An attempt that finds it running again (resumed after a crash) completes it without charging again.
    s.anthropic.script(answer(modelAnswer()));
    await s.t.ctx.db
      .update(insights)
      .set({ status: 'running', stage: 'asking' })
      .where(eq(insights.id, queued.id));
    await runInsight(s.t.ctx, queued.id, { lastAttempt: false });
    expect(await chargesOf(queued.id)).toHaveLength(1);
    expect(await balanceOf(s.projectId)).toBe(750_000);
    expect(await ledgerMismatches(s.t.ctx.db)).toEqual([]);
  });

  it('is refused up front when the project cannot pay it, with nothing stored or held', async () => {
    const projectId = s.otherProjectId; // no money, one analysis
    const refused = await askInsight(s.owner, projectId, { question: 'Anything?' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toEqual({
      code: 'insufficient_funds',
      message: 'Insufficient funds: this insight costs 5 units, more than the project can pay.',
    });
    expect(await s.t.ctx.db.select().from(insights).where(eq(insights.projectId, projectId))).toEqual([]);
    expect(await holdsOf(projectId)).toEqual([]);

    // 0.4 pays for one insight; while it runs its hold leaves 0.15, too little for a second.
    await s.credit(projectId, 0.4);
    s.anthropic.script(slow(1000, answer(modelAnswer())));
    const first = await askInsight(s.owner, projectId, { question: 'First?' });
    expect(first.statusCode).toBe(202);
    const second = await askInsight(s.owner, projectId, { question: 'Second?' });
    expect(second.statusCode).toBe(402);
    await settledInsight(s.owner, projectId, first.json().data.id);
    expect(await balanceOf(projectId)).toBe(150_000);
  });

  it('fails with the reason when the model fails: hold released, nothing charged', async () => {
    s.anthropic.script(failure(400, 'prompt is too long'));
    const balance = await balanceOf(s.projectId);
    const created = await askInsight(s.owner, s.projectId, { question: 'Who sells best?' });
    const failed = await settledInsight(s.owner, s.projectId, created.json().data.id);
    expect(failed).toMatchObject({ status: 'failed', charged: false, answer: null });
    expect(failed.error).toContain('Anthropic answered 400');
    expect(failed.error).toContain('prompt is too long');
    expect(await chargesOf(failed.id)).toEqual([]);
    expect(await holdsOf(s.projectId)).toEqual([]);
    expect(await balanceOf(s.projectId)).toBe(balance);
  });

  it('fails without asking when no analysis matches the filters', async () => {
    const before = s.anthropic.requests.length;
    const created = await askInsight(s.owner, s.projectId, {
      question: 'What happened next year?',
      start_date: '2027-01-01',
    });
    const failed = await settledInsight(s.owner, s.projectId, created.json().data.id);
    expect(failed).toMatchObject({ status: 'failed', error: INSIGHT_TEXTS.noAnalyses, charged: false });
    expect(s.anthropic.requests).toHaveLength(before);
    expect(await holdsOf(s.projectId)).toEqual([]);
  });

  it('takes the model asked from the catalog, priced by its units; refuses unknown ones and providers without keys', async () => {
    s.anthropic.script(answer(modelAnswer()));
    const haiku = await askInsight(s.owner, s.projectId, {
      question: 'Quick one?',
      provider: 'anthropic',
      model: 'claude-haiku-4-5-20251001',
    });
    expect(haiku.json().data).toMatchObject({ model_name: 'Claude Haiku 4.5', units_milli: 2500 });
    const done = await settledInsight(s.owner, s.projectId, haiku.json().data.id);
    expect(s.anthropic.requests.at(-1)!.body.model).toBe('claude-haiku-4-5-20251001');
    expect((await chargesOf(done.id))[0]!.unitsMilli).toBe(2500);

    const ask = (body: object) => askInsight(s.owner, s.projectId, { question: 'Q?', ...body });
    const noKey = await ask({ provider: 'openai' });
    expect([noKey.statusCode, noKey.json().error.code]).toEqual([503, 'provider_unavailable']);
    expect(noKey.json().error.message).toContain('OPENAI_API_KEY');
    const unknown = await ask({ provider: 'anthropic', model: 'claude-9' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'unknown_model']);
    const byModel = await ask({ model: 'gpt-4.1' }); // OpenAI's model: OpenAI has no key
    expect(byModel.statusCode).toBe(503);
    expect((await ask({ prompt_id: 999_999 })).statusCode).toBe(404);
    expect((await ask({ start_date: '2026-03-10', end_date: '2026-03-01' })).statusCode).toBe(400);
    const mismatch = await ask({ project_id: s.otherProjectId });
    expect(mismatch.json().error).toEqual({
      code: 'project_mismatch',
      message: INSIGHT_TEXTS.projectMismatch,
    });
    const empty = await ask({ question: '   ' });
    expect(empty.json().error.message).toContain(INSIGHT_TEXTS.questionRequired);
    const stored = await s.t.ctx.db
      .select()
      .from(insights)
      .where(and(eq(insights.projectId, s.projectId), eq(insights.question, 'Q?')));
    expect(stored).toEqual([]);
  });

  it('a passing failure waits for the retry keeping its hold; on the last attempt, or given up, it fails', async () => {
    const insightId = await queuedInsight();
    s.anthropic.script(failure(500, 'overloaded'), failure(500, 'overloaded'));
    await expect(runInsight(s.t.ctx, insightId, { lastAttempt: false })).rejects.toThrow(/500/);
    const waiting = await rowOf(insightId);
    expect([waiting.status, waiting.stage]).toEqual(['running', 'asking']);
    expect(await holdsOf(s.projectId)).toHaveLength(1);
    await runInsight(s.t.ctx, insightId, { lastAttempt: true });
    expect(await rowOf(insightId)).toMatchObject({ status: 'failed', error: expect.stringContaining('500') });
    expect(await holdsOf(s.projectId)).toEqual([]);

    // The worker stopped on its last attempt: the job is given up and the insight fails.
    const given = await queuedInsight();
    await s.t.ctx.boss.send(QUEUES.insightsGivenUp, { insightId: given });
    const interrupted = await settledInsight(s.owner, s.projectId, given);
    expect(interrupted.error).toContain('interrupted');
    expect(await holdsOf(s.projectId)).toEqual([]);
    expect(await chargesOf(given)).toEqual([]);
  });
});

/** An insight stored and held as createInsight does, but without its job (the test runs it). */
async function queuedInsight(): Promise<number> {
  const [row] = await s.t.ctx.db
    .insert(insights)
    .values({
      projectId: s.projectId,
      createdBy: s.owner.userId,
      question: 'Retried?',
      filters: {
        department: [],
        representative: [],
        start_date: null,
        end_date: null,
        prompt_id: null,
        prompt_name: null,
        analysis_fields: [],
        search: null,
      },
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      visibility: { kind: 'all' },
      language: 'en',
      unitsMilli: 5000,
    })
    .returning();
  await s.t.ctx.db.transaction((tx) => reserveIn(tx, s.projectId, { insightId: row!.id }, milliUnits(5000)));
  return row!.id;
}

const rowOf = async (insightId: number) =>
  (await s.t.ctx.db.select().from(insights).where(eq(insights.id, insightId)))[0]!;
