import { repRoutes, TOPIC_TEXTS, type TopicRunDetail, topicRoutes } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_CONTENT, seedPrompt } from '../../../test/analytics.ts';
import { answer, failure, type RecordedRequest, slow } from '../../../test/fake-upstreams/scripted.ts';
import { addMember, type Client, createProject, signUp } from '../../../test/harness.ts';
import { waitUntil } from '../../../test/tasks.ts';
import { insertSummarised, settledRun, shownClusters, startTopicsApp } from '../../../test/topics.ts';
import { generationTarget } from '../../ai/catalog.ts';
import { billingHolds, invoices, tasks, topicExamples, topicRuns } from '../../db/schema/index.ts';
import { ledgerMismatches } from '../billing/ledger.ts';
import { runTopics } from './job.ts';
import { startMonthlyRuns } from './monthly.ts';

let s: Awaited<ReturnType<typeof startTopicsApp>>;
let owner: Client;
let admin: Client;
let user: Client;
let leader: Client;
let stranger: Client;
let projectId: number;
let poorProjectId: number;
let fewProjectId: number;

const SUMMARIES = {
  Billing: [
    'The customer was charged twice on the invoice and asks for a refund.',
    'Customer disputes a double charge on the monthly invoice; a refund was requested.',
    'A refund of the duplicate charge on the invoice was requested by the customer.',
  ],
  Delivery: [
    'The parcel is late; the customer wants to know where the delivery is.',
    'Customer asks to track a late parcel delivery from the courier.',
    'Delivery of the parcel was delayed and the courier missed the customer.',
  ],
  Password: [
    'The customer cannot log in after a password reset.',
    'Customer locked out of the account; the password reset link is not working.',
    'Login fails; the customer asks for a new password reset email.',
  ],
} as const;
type Subject = keyof typeof SUMMARIES;

/** Which subject a cluster's words (stems) are about. */
function subjectOf(words: string[]): Subject {
  if (words.some((word) => ['password', 'login', 'log', 'reset', 'lock'].includes(word))) return 'Password';
  if (words.some((word) => ['parcel', 'deliveri', 'courier', 'late', 'track'].includes(word)))
    return 'Delivery';
  return 'Billing';
}

/** The model: merges the clusters of one subject into a topic named after it. */
const namingModel = (request: RecordedRequest) => {
  const bySubject = new Map<Subject, number[]>();
  for (const cluster of shownClusters(request)) {
    const subject = subjectOf(cluster.words);
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), cluster.cluster]);
  }
  return answer({
    topics: [...bySubject].map(([subject, clusters]) => ({
      name: subject,
      description: `${subject} questions.`,
      clusters,
      phrases: [`${subject.toLowerCase()} problem`, subject.toLowerCase()],
    })),
  });
};

async function seed(project: number, counts: Record<Subject, number>, at: string, promptId: number | null) {
  const ids: Record<Subject, number[]> = { Billing: [], Delivery: [], Password: [] };
  for (const subject of Object.keys(counts) as Subject[])
    for (let i = 0; i < counts[subject]; i++)
      ids[subject].push(
        await insertSummarised(s.t, project, {
          summary: SUMMARIES[subject][i % 3]!,
          at,
          promptId,
          department: subject === 'Billing' ? 'Billing' : 'Support',
        }),
      );
  return ids;
}

const MARCH = { start_date: '2026-03-01', end_date: '2026-03-31' };
let seeded: Record<Subject, number[]>;
let fallbackId: number;

beforeAll(async () => {
  s = await startTopicsApp('topics');
  [owner, admin, user, leader, stranger] = [
    await signUp(s.t.app),
    await signUp(s.t.app),
    await signUp(s.t.app),
    await signUp(s.t.app),
    await signUp(s.t.app),
  ];
  projectId = await createProject(owner, 'Topics');
  await addMember(s.t, projectId, admin, 'admin');
  await addMember(s.t, projectId, user, 'user');
  await addMember(s.t, projectId, leader, 'teamleader');
  await owner.call(repRoutes.setTeamLeader, {
    params: { id: projectId, userId: leader.userId },
    body: { departments: ['billing'], representatives: [] },
  });
  const prompt = await seedPrompt(s.t, owner, projectId, 'Support QA', SUPPORT_CONTENT);
  // February (the period before March): billing and delivery; March: the same, and password trouble, new.
  await seed(projectId, { Billing: 10, Delivery: 10, Password: 0 }, '2026-02-10T12:00:00Z', prompt.id);
  seeded = await seed(
    projectId,
    { Billing: 10, Delivery: 10, Password: 12 },
    '2026-03-10T12:00:00Z',
    prompt.id,
  );
  // No summary: its customer's first turns tell what it is about (the agent's words are left out).
  fallbackId = await insertSummarised(s.t, projectId, {
    summary: null,
    at: '2026-03-11T12:00:00Z',
    promptId: prompt.id,
    transcript: [
      { speaker: 'A', text: 'Hello, this is billing, any invoice refund charge?' },
      { speaker: 'B', text: 'I forgot my password and the reset login email never came.' },
    ],
    customer: 'B',
  });
  await s.credit(projectId, 1); // two runs of 0.5
  poorProjectId = await createProject(owner, 'Poor');
  await seed(poorProjectId, { Billing: 3, Delivery: 3, Password: 0 }, '2026-03-10T12:00:00Z', null);
  fewProjectId = await createProject(owner, 'Few');
  await seed(fewProjectId, { Billing: 2, Delivery: 0, Password: 0 }, '2026-03-10T12:00:00Z', null);
  await s.credit(fewProjectId, 1);
}, 120_000);
afterAll(() => s?.close());

const chargesOf = (runId: number) =>
  s.t.ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.referenceId, `topics:${runId}`));
const getRun = (client: Client, runId: number, project = projectId) =>
  client.call(topicRoutes.getRun, { params: { id: project, runId } });

let run: TopicRunDetail;

describe('a topic run', () => {
  it('estimates the period: conversations now and before, and the price', async () => {
    const response = await admin.call(topicRoutes.estimate, { params: { id: projectId }, query: MARCH });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      previous_start_date: '2026-01-29',
      previous_end_date: '2026-02-28',
      conversations: 33,
      previous_conversations: 20,
      units_milli: 10_000,
      affordable: true,
    });
  });

  it('groups the summaries into named topics with counts, trend, emerging flag and examples; one model call, charged once', async () => {
    s.anthropic.script(namingModel);
    const before = s.anthropic.requests.length;
    const started = await owner.call(topicRoutes.start, { params: { id: projectId }, body: MARCH });
    expect(started.statusCode).toBe(202);
    run = await settledRun(owner, projectId, started.json().data.id);
    expect(run).toMatchObject({
      status: 'completed',
      conversations: 33,
      previous_conversations: 20,
      charged: true,
    });
    expect(s.anthropic.requests).toHaveLength(before + 1);
    const shown = shownClusters(s.anthropic.requests.at(-1)!);
    expect(shown.reduce((sum, cluster) => sum + cluster.conversations, 0)).toBe(33);
    expect(
      run.topics.map((topic) => [topic.name, topic.count, topic.previous_count, topic.emerging]),
    ).toEqual([
      ['Password', 13, 0, true],
      ['Billing', 10, 10, false],
      ['Delivery', 10, 10, false],
    ]);
    const [password, billing] = run.topics;
    expect(password!.change_percent).toBeNull();
    expect(billing!.change_percent).toBe(0);
    expect(password!.phrases).toEqual(['password problem', 'password']);
    const passwordIds = [...seeded.Password, fallbackId];
    expect(password!.examples.every((example) => passwordIds.includes(example.analysis_id))).toBe(true);
    expect(billing!.examples).toHaveLength(10);
    expect(billing!.examples.every((example) => seeded.Billing.includes(example.analysis_id))).toBe(true);
    const charges = await chargesOf(run.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.unitsMilli).toBe(10_000);
    expect(await s.t.ctx.db.select().from(billingHolds).where(eq(billingHolds.projectId, projectId))).toEqual(
      [],
    );
    expect(await ledgerMismatches(s.t.ctx.db)).toEqual([]);
  });

  it('a retried job finds the run completed: no second model call, no second charge', async () => {
    const before = s.anthropic.requests.length;
    await runTopics(s.t.ctx, run.id, { lastAttempt: false, signal: new AbortController().signal } as never);
    expect(s.anthropic.requests).toHaveLength(before);
    expect(await chargesOf(run.id)).toHaveLength(1);
  });

  it("leaves a run another attempt ended as it is: a cut-off worker's late attempt neither relabels it nor asks the model", async () => {
    const lateProjectId = await createProject(owner, 'Late');
    await seed(lateProjectId, { Billing: 3, Delivery: 0, Password: 0 }, '2026-03-10T12:00:00Z', null);
    const [late] = await s.t.ctx.db
      .insert(topicRuns)
      .values({
        projectId: lateProjectId,
        trigger: 'manual',
        status: 'running',
        stage: 'grouping',
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        previousStartDate: '2026-01-29',
        previousEndDate: '2026-02-28',
        ...generationTarget(s.t.ctx.config),
        unitsMilli: 10_000,
      })
      .returning();
    const before = s.anthropic.requests.length;
    // The attempt is held while it gathers the conversations (their table is locked) and another ends the run.
    const attempt = await s.t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE tasks IN ACCESS EXCLUSIVE MODE`);
      const held = runTopics(s.t.ctx, late!.id, {
        lastAttempt: false,
        signal: new AbortController().signal,
      } as never);
      await waitUntil(
        async () =>
          (
            await s.t.ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`)
          ).rows[0]!.n,
        (n) => n === 1,
        10_000,
      );
      await tx
        .update(topicRuns)
        .set({ status: 'failed', stage: 'done', errorCode: 'interrupted', completedAt: new Date() })
        .where(eq(topicRuns.id, late!.id));
      return { held }; // (not the promise itself: the transaction would wait for it)
    });
    await attempt.held;
    const [row] = await s.t.ctx.db.select().from(topicRuns).where(eq(topicRuns.id, late!.id));
    expect(row).toMatchObject({
      status: 'failed',
      stage: 'done',
      errorCode: 'interrupted',
      conversations: null,
    });
    expect(s.anthropic.requests).toHaveLength(before);
  });

  it('lists the runs to every member, with whether the project runs them monthly', async () => {
    for (const client of [owner, admin, user, leader]) {
      const response = await client.call(topicRoutes.listRuns, { params: { id: projectId } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ data: [{ id: run.id, status: 'completed' }], monthly: false });
    }
  });

  it("shows each reader only the examples they may see (a team leader: their teams')", async () => {
    const seen = (await getRun(leader, run.id)).json().data as TopicRunDetail;
    const byName = new Map(seen.topics.map((topic) => [topic.name, topic]));
    expect(byName.get('Billing')!.count).toBe(10);
    expect(byName.get('Billing')!.examples).toHaveLength(10);
    expect(byName.get('Password')!.examples).toEqual([]);
    expect(byName.get('Delivery')!.examples).toEqual([]);
  });

  it('drops an example whose analysis is deleted', async () => {
    const example = run.topics[1]!.examples[0]!.analysis_id;
    await s.t.ctx.db.delete(tasks).where(eq(tasks.id, example));
    expect(await s.t.ctx.db.select().from(topicExamples).where(eq(topicExamples.taskId, example))).toEqual(
      [],
    );
    const again = (await getRun(owner, run.id)).json().data as TopicRunDetail;
    expect(again.topics[1]!.examples.map((e) => e.analysis_id)).not.toContain(example);
  });

  it('lets only admins and owners estimate, start and schedule; strangers and other projects 404', async () => {
    for (const client of [user, leader]) {
      expect(
        (await client.call(topicRoutes.estimate, { params: { id: projectId }, query: {} })).statusCode,
      ).toBe(403);
      expect((await client.call(topicRoutes.start, { params: { id: projectId }, body: {} })).statusCode).toBe(
        403,
      );
      expect(
        (await client.call(topicRoutes.settings, { params: { id: projectId }, body: { monthly: true } }))
          .statusCode,
      ).toBe(403);
    }
    expect((await stranger.call(topicRoutes.listRuns, { params: { id: projectId } })).statusCode).toBe(404);
    expect((await getRun(stranger, run.id)).statusCode).toBe(404);
    // The run exists, but not in the project the path names.
    expect((await getRun(owner, run.id, poorProjectId)).statusCode).toBe(404);
  });

  it('refuses a period that ends before it starts or is too long', async () => {
    const backwards = await admin.call(topicRoutes.start, {
      params: { id: projectId },
      body: { start_date: '2026-03-31', end_date: '2026-03-01' },
    });
    expect(backwards.statusCode).toBe(400);
    const long = await admin.call(topicRoutes.estimate, {
      params: { id: projectId },
      query: { start_date: '2024-01-01', end_date: '2026-03-01' },
    });
    expect(long.statusCode).toBe(400);
  });

  it('refuses a run the project cannot pay (402) and one with too few conversations (422), leaving nothing', async () => {
    const poor = await owner.call(topicRoutes.start, { params: { id: poorProjectId }, body: MARCH });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.code).toBe('insufficient_funds');
    const few = await owner.call(topicRoutes.start, { params: { id: fewProjectId }, body: MARCH });
    expect(few.statusCode).toBe(422);
    expect(few.json().error.code).toBe('too_few_conversations');
    for (const id of [poorProjectId, fewProjectId]) {
      expect(await s.t.ctx.db.select().from(topicRuns).where(eq(topicRuns.projectId, id))).toEqual([]);
      expect(await s.t.ctx.db.select().from(billingHolds).where(eq(billingHolds.projectId, id))).toEqual([]);
    }
  });

  it('answers 409 while a run is going; a refusal of the model fails the run unpaid', async () => {
    s.anthropic.script(slow(1000, failure(400, 'prompt is too long')));
    const started = await admin.call(topicRoutes.start, { params: { id: projectId }, body: MARCH });
    expect(started.statusCode).toBe(202);
    const second = await admin.call(topicRoutes.start, { params: { id: projectId }, body: MARCH });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(TOPIC_TEXTS.running);
    const failed = await settledRun(admin, projectId, started.json().data.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error_code: 'ai_failed',
      units_milli: 0,
      charged: false,
    });
    expect(await chargesOf(failed.id)).toEqual([]);
    expect(await s.t.ctx.db.select().from(billingHolds).where(eq(billingHolds.projectId, projectId))).toEqual(
      [],
    );
  });

  it('runs monthly for the projects that opted in, once a month; a refusal is kept as a failed run', async () => {
    for (const id of [projectId, poorProjectId]) {
      const response = await owner.call(topicRoutes.settings, { params: { id }, body: { monthly: true } });
      expect(response.json().data).toEqual({ monthly: true });
    }
    s.anthropic.respondWith(namingModel);
    await startMonthlyRuns(s.t.ctx, new Date('2026-04-02T05:00:00Z'));
    await startMonthlyRuns(s.t.ctx, new Date('2026-04-02T06:00:00Z'));
    const monthly = await s.t.ctx.db.select().from(topicRuns).where(eq(topicRuns.trigger, 'monthly'));
    expect(monthly.map((row) => [row.projectId, row.startDate, row.endDate, row.errorCode])).toEqual(
      expect.arrayContaining([
        [projectId, '2026-03-01', '2026-03-31', null],
        [poorProjectId, '2026-03-01', '2026-03-31', 'insufficient_funds'],
      ]),
    );
    expect(monthly).toHaveLength(2);
    const done = await settledRun(owner, projectId, monthly.find((row) => row.projectId === projectId)!.id);
    expect(done.status).toBe('completed');
    expect(done.previous_start_date).toBe('2026-02-01');
    s.anthropic.respondWith(null);
  });
});
