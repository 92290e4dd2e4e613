import {
  AUTOMATIONS,
  type AutomationRuleInput,
  automationRoutes,
  changeRequestRoutes,
  reviewRoutes,
  WebhookEvent,
  webhookRoutes,
} from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analysed, type ScoredPrompt, scoredPrompt } from '../../../test/change-requests.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { takeQueuedEmails } from '../../../test/mail.ts';
import { type Received, type Receiver, startReceiver } from '../../../test/receiver.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { waitUntil } from '../../../test/tasks.ts';
import { automationRules, projectMembers, webhookEndpoints } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { attemptDelivery } from '../webhooks/deliveries.ts';
import { queueAnalysisEvent } from '../webhooks/events.ts';
import { runAction } from './actions.ts';
import { fireAutomations } from './fire.ts';

let t: TestApp;
let owner: Client;
let admin: Client;
let leader: Client;
let user: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
let prompt: ScoredPrompt;
let receiver: Receiver;
let origin: string;
let received: Received[];
/** What the receiver answers next (one status per request; 200 when none is left). */
let answers: number[];

beforeAll(async () => {
  receiver = await startReceiver((status) => (status < 300 ? 'ok' : 'no_service'));
  ({ origin, received, answers } = receiver);
  // Loopback is allow-listed here (as in the webhooks tests), so the receiver may take http posts.
  t = await startTestApp({}, { URL_UPLOAD_ALLOW_HOSTS: '127.0.0.1' });
  await signUp(t.app); // the super admin
  [owner, admin, leader, user, stranger] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
  projectId = await createProject(owner, 'Automations');
  otherProjectId = await createProject(stranger, 'Elsewhere');
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, leader, 'teamleader');
  await addMember(t, projectId, user, 'user');
  prompt = await scoredPrompt(t, owner, projectId, 'sum');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function createEndpoint(client: Client, project = projectId) {
  const response = await client.call(webhookRoutes.create, {
    params: { id: project },
    body: { url: `${origin}/hook`, events: ['batch.completed'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; secret: string };
}

const rule = (extra: Partial<AutomationRuleInput> = {}): AutomationRuleInput => ({
  name: 'Missed budget',
  trigger: 'analysis.completed',
  actions: [{ type: 'email', user_ids: [admin.userId] }],
  ...extra,
});

async function createRule(body: AutomationRuleInput) {
  const response = await owner.call(automationRoutes.create, { params: { id: projectId }, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

/** Works the due webhook deliveries as a worker would. */
async function drainDeliveries(): Promise<void> {
  const jobs = await t.ctx.boss.fetch<{ deliveryId: number }>(QUEUES.webhookDeliveries, { batchSize: 100 });
  for (const job of jobs) await attemptDelivery(t.ctx, job.data.deliveryId);
  if (jobs.length > 0)
    await t.ctx.boss.complete(
      QUEUES.webhookDeliveries,
      jobs.map((job) => job.id),
    );
}

type ActionJob = Parameters<typeof runAction>[1];

/** Takes the queued email and Slack action jobs (run them with `runAction`). */
async function takeActionJobs(): Promise<ActionJob[]> {
  const jobs = await t.ctx.boss.fetch<ActionJob>(QUEUES.automationActions, { batchSize: 100 });
  if (jobs.length > 0)
    await t.ctx.boss.complete(
      QUEUES.automationActions,
      jobs.map((job) => job.id),
    );
  return jobs.map((job) => job.data);
}

/** A completed analysis whose analysis.completed event is queued (as tasks/state.ts does). */
async function completed(people: { department: string; representative: string }): Promise<number> {
  const taskId = await analysed(t, projectId, prompt, people);
  await t.ctx.db.transaction((tx) =>
    queueAnalysisEvent(t.ctx, tx, { id: taskId, projectId }, 'analysis.completed'),
  );
  return taskId;
}

const firings = async (ruleId: number) => {
  const response = await owner.call(automationRoutes.firings, {
    params: { id: projectId, ruleId },
    query: { page: 1, page_size: 10 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    total: number;
    items: {
      task_id: number;
      event_type: string;
      actions: { type: string; status: string; detail: string }[];
    }[];
  };
};

describe('automation rules', () => {
  it('are managed by admins, owners and full keys; other members 403, other projects 404', async () => {
    const created = await createRule(rule({ conditions: { department: ' Sales ' } }));
    const list = await admin.call(automationRoutes.list, { params: { id: projectId } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((r: { id: number }) => r.id === created.id)).toMatchObject({
      name: 'Missed budget',
      trigger: 'analysis.completed',
      enabled: true,
      last_fired_at: null,
      created_by: owner.userId,
      conditions: {
        department: 'Sales',
        prompt_id: null,
        score_below: null,
        knocked_out: false,
        field: null,
      },
    });
    const params = { id: projectId, ruleId: created.id };
    for (const member of [leader, user]) {
      expect((await member.call(automationRoutes.list, { params: { id: projectId } })).statusCode).toBe(403);
      expect((await member.call(automationRoutes.update, { params, body: rule() })).statusCode).toBe(403);
    }
    expect((await stranger.call(automationRoutes.list, { params: { id: projectId } })).statusCode).toBe(404);
    const elsewhere = { id: otherProjectId, ruleId: created.id };
    expect(
      (await stranger.call(automationRoutes.update, { params: elsewhere, body: rule() })).statusCode,
    ).toBe(404);
    expect((await stranger.call(automationRoutes.delete, { params: elsewhere })).statusCode).toBe(404);

    const full = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
    const media = keyClient(t.app, (await createKey(owner, projectId, 'media')).key);
    expect((await full.call(automationRoutes.list, { params: { id: projectId } })).statusCode).toBe(200);
    expect((await media.call(automationRoutes.list, { params: { id: projectId } })).statusCode).toBe(403);
    const byKey = await full.call(automationRoutes.create, { params: { id: projectId }, body: rule() });
    expect(byKey.statusCode, byKey.body).toBe(201);
    expect(byKey.json().data.created_by).toBe(owner.userId);

    const updated = await admin.call(automationRoutes.update, {
      params,
      body: rule({ name: 'Renamed', enabled: false, trigger: 'review.submitted' }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Renamed', enabled: false, updated_by: admin.userId });
    expect((await firings(created.id)).total).toBe(0);
    expect((await admin.call(automationRoutes.delete, { params })).statusCode).toBe(200);
    expect((await admin.call(automationRoutes.delete, { params })).statusCode).toBe(404);
    expect((await owner.call(automationRoutes.firings, { params, query: {} })).statusCode).toBe(404);
    await t.ctx.db.delete(automationRules).where(eq(automationRules.projectId, projectId));
  });

  it("refuse what is not the project's (422 invalid_value naming the input) and more than rulesMax (409)", async () => {
    const foreignEndpoint = await createEndpoint(stranger, otherProjectId);
    const foreignPrompt = await scoredPrompt(t, stranger, otherProjectId, 'sum');
    const refused = async (body: Partial<AutomationRuleInput>, field: string) => {
      const response = await owner.call(automationRoutes.create, {
        params: { id: projectId },
        body: rule(body),
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error).toMatchObject({ code: 'invalid_value', field });
      return response.json().error.message as string;
    };
    await refused(
      { actions: [{ type: 'webhook', endpoint_id: foreignEndpoint.id }] },
      'actions.0.endpoint_id',
    );
    await refused(
      {
        actions: [
          { type: 'email', user_ids: [admin.userId] },
          { type: 'email', user_ids: [stranger.userId] },
        ],
      },
      'actions.1.user_ids',
    );
    await refused({ conditions: { prompt_id: foreignPrompt.id } }, 'conditions.prompt_id');
    await refused(
      { conditions: { field: { path: 'Greeting', outcome: 'missed' } } },
      'conditions.field.path',
    );
    expect(
      await refused(
        { conditions: { prompt_id: prompt.id, field: { path: 'Nope', outcome: 'missed' } } },
        'conditions.field.path',
      ),
    ).toBe('Field "Nope" is not a field of the prompt.');
    const slack = (url: string) => ({ actions: [{ type: 'slack' as const, url }] });
    expect(await refused(slack('http://hooks.example.com/x'), 'actions.0.url')).toBe(
      'The Slack webhook URL must use https://.',
    );
    expect(await refused(slack('https://10.1.2.3/x'), 'actions.0.url')).toMatch(
      /private or local network address/,
    );
    expect(await refused(slack('not a url'), 'actions.0.url')).toBe(
      'The Slack webhook URL is not a valid URL.',
    );

    const full = await createProject(owner, 'Full');
    await t.ctx.db.insert(automationRules).values(
      Array.from({ length: AUTOMATIONS.rulesMax }, (_, i) => ({
        projectId: full,
        name: `Rule ${i}`,
        trigger: 'analysis.completed' as const,
        conditions: {
          prompt_id: null,
          department: null,
          representative: null,
          score_below: null,
          knocked_out: false,
          field: null,
        },
        actions: [{ type: 'email' as const, user_ids: [owner.userId] }],
      })),
    );
    const tooMany = await owner.call(automationRoutes.create, {
      params: { id: full },
      body: { ...rule(), actions: [{ type: 'email', user_ids: [owner.userId] }] },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('too_many_rules');
  });
});

describe('firing', () => {
  it('runs a matching rule: a signed automation.fired to its endpoint, a Slack post and an email with the link', async () => {
    const endpoint = await createEndpoint(owner);
    const created = await createRule(
      rule({
        conditions: {
          prompt_id: prompt.id,
          department: ' sales',
          representative: 'ANN',
          score_below: 1000,
          field: { path: 'Discovery.Budget', outcome: 'missed' },
        },
        actions: [
          { type: 'webhook', endpoint_id: endpoint.id },
          { type: 'slack', url: `${origin}/slack` },
          { type: 'email', user_ids: [admin.userId, user.userId] },
        ],
      }),
    );
    received.length = 0;
    const other = await completed({ department: 'Support', representative: 'Ann' });
    expect((await firings(created.id)).total).toBe(0);
    const taskId = await completed({ department: 'Sales', representative: 'Ann' });
    const log = await firings(created.id);
    expect(log.items).toMatchObject([
      {
        task_id: taskId,
        event_type: 'analysis.completed',
        actions: [
          { type: 'webhook', status: 'queued' },
          { type: 'slack', status: 'queued' },
          { type: 'email', status: 'queued' },
        ],
      },
    ]);
    expect(log.items[0]!.task_id).not.toBe(other);

    await drainDeliveries();
    const hook = received.find((r) => r.path === '/hook')!;
    const event = WebhookEvent.parse(
      new Webhook(endpoint.secret).verify(hook.body, hook.headers as Record<string, string>),
    );
    const link = `${t.ctx.config.publicUrl}/projects/${projectId}/analysis/${taskId}`;
    expect(event).toMatchObject({
      type: 'automation.fired',
      data: {
        rule: { id: created.id, name: 'Missed budget' },
        event_type: 'analysis.completed',
        analysis: { id: taskId, department: 'Sales', representative: 'Ann' },
        analysis_url: link,
      },
    });

    const jobs = await takeActionJobs();
    expect(jobs.map((job) => job.action.type).sort()).toEqual(['email', 'slack']);
    await t.ctx.db.delete(projectMembers).where(eq(projectMembers.userId, user.userId));
    await takeQueuedEmails(t.ctx.boss);
    for (const job of jobs) await runAction(t.ctx, job, { lastAttempt: false });
    const slack = received.find((r) => r.path === '/slack')!;
    const text: string = JSON.parse(slack.body).text;
    expect(text).toContain('"Missed budget"');
    expect(text).toContain(link);
    const emails = await takeQueuedEmails(t.ctx.boss);
    expect(emails.map((email) => email.to)).toEqual([admin.email]);
    expect(emails[0]!.subject).toContain('Missed budget');
    expect(emails[0]!.text).toContain('Representative: Ann');
    expect(emails[0]!.text).toContain(link);

    const [firing] = (await firings(created.id)).items;
    expect(firing!.actions).toEqual([
      { type: 'webhook', status: 'sent', detail: expect.stringContaining('HTTP 200') },
      { type: 'slack', status: 'sent', detail: 'Posted to Slack (HTTP 200).' },
      { type: 'email', status: 'sent', detail: 'Emailed 1 member; 1 chosen member left the project.' },
    ]);
    const [stored] = await t.ctx.db.select().from(automationRules).where(eq(automationRules.id, created.id));
    expect(stored!.lastFiredAt).not.toBeNull();
    // The automation.fired delivery fired no rule (it is no trigger): still one firing.
    expect((await firings(created.id)).total).toBe(1);
    await addMember(t, projectId, user, 'user');
    await t.ctx.db.delete(automationRules).where(eq(automationRules.projectId, projectId));
  });

  it('marks a Slack post that keeps failing failed, and a disabled endpoint fails its action while others run', async () => {
    const endpoint = await createEndpoint(owner);
    await t.ctx.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const created = await createRule(
      rule({
        conditions: { representative: 'Bea' },
        actions: [
          { type: 'webhook', endpoint_id: endpoint.id },
          { type: 'slack', url: `${origin}/slack` },
        ],
      }),
    );
    await completed({ department: 'Sales', representative: 'Bea' });
    const [job] = await takeActionJobs();
    answers.push(500, 500);
    await expect(runAction(t.ctx, job!, { lastAttempt: false })).rejects.toThrow('Slack answered HTTP 500');
    await runAction(t.ctx, job!, { lastAttempt: true });
    const [firing] = (await firings(created.id)).items;
    expect(firing!.actions).toEqual([
      { type: 'webhook', status: 'failed', detail: 'The webhook endpoint is disabled.' },
      { type: 'slack', status: 'failed', detail: 'Slack answered HTTP 500: no_service' },
    ]);
    await t.ctx.db.delete(automationRules).where(eq(automationRules.projectId, projectId));
  });

  it("keeps a Slack action as the attempt that settled it left it: a cut-off worker's late failure relabels nothing", async () => {
    const created = await createRule(
      rule({ conditions: { representative: 'Cid' }, actions: [{ type: 'slack', url: `${origin}/slack` }] }),
    );
    await completed({ department: 'Sales', representative: 'Cid' });
    const [job] = await takeActionJobs();
    const before = received.length;
    // The last attempt's post hangs (its worker cut off past the job's expiry) while a later attempt posts.
    receiver.hold = true;
    const late = runAction(t.ctx, job!, { lastAttempt: true });
    await waitUntil(
      async () => received.length,
      (n) => n === before + 1,
      10_000,
    );
    receiver.hold = false;
    await runAction(t.ctx, job!, { lastAttempt: true });
    receiver.waiting.shift()!(500);
    await late;
    const [firing] = (await firings(created.id)).items;
    expect(firing!.actions).toEqual([
      { type: 'slack', status: 'sent', detail: 'Posted to Slack (HTTP 200).' },
    ]);
    await t.ctx.db.delete(automationRules).where(eq(automationRules.projectId, projectId));
  });

  it('emails once when two attempts of an email action meet at its outcome', async () => {
    const created = await createRule(rule({ conditions: { representative: 'Dee' } }));
    await completed({ department: 'Sales', representative: 'Dee' });
    const [job] = await takeActionJobs();
    await takeQueuedEmails(t.ctx.boss);
    // The firing's row is held (as by a transaction under way) until both attempts wait for it.
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM automation_firings WHERE rule_id = ${created.id} FOR UPDATE`);
        const attempts = [0, 1].map(() => runAction(t.ctx, job!, { lastAttempt: false }));
        await waitUntil(
          async () =>
            (
              await t.ctx.db.execute<{ n: number }>(
                sql`SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            ).rows[0]!.n,
          (n) => n === 2,
          10_000,
        );
        return attempts;
      })
      .then((attempts) => Promise.all(attempts));
    const emails = await takeQueuedEmails(t.ctx.boss);
    expect(emails.map((email) => email.to)).toEqual([admin.email]);
    const [firing] = (await firings(created.id)).items;
    expect(firing!.actions).toEqual([{ type: 'email', status: 'sent', detail: 'Emailed 1 member.' }]);
    await t.ctx.db.delete(automationRules).where(eq(automationRules.projectId, projectId));
  });

  it('fires on review.submitted, and a Slack post escapes what people typed', async () => {
    const created = await createRule(
      rule({
        name: 'Reviewed <!channel> & co',
        trigger: 'review.submitted',
        conditions: { representative: 'Dee' },
        actions: [{ type: 'slack', url: `${origin}/slack` }],
      }),
    );
    const taskId = await analysed(t, projectId, prompt, { department: 'Sales', representative: 'Dee' });
    const submitted = await admin.call(reviewRoutes.save, {
      params: { id: projectId, taskId },
      body: { submit: true, comment: 'Fine call.' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [job] = await takeActionJobs();
    received.length = 0;
    await runAction(t.ctx, job!, { lastAttempt: false });
    expect(JSON.parse(received[0]!.body).text).toContain('"Reviewed &lt;!channel&gt; &amp; co"');
    const log = await firings(created.id);
    expect(log.items).toMatchObject([{ event_type: 'review.submitted', task_id: taskId }]);
    await t.ctx.db.delete(automationRules).where(eq(automationRules.projectId, projectId));
  });

  it('fires on change_request.created, and on analysis.corrected with the corrected values', async () => {
    const email = [{ type: 'email' as const, user_ids: [admin.userId] }];
    const opened = await createRule(
      rule({ trigger: 'change_request.created', conditions: { representative: 'Eve' }, actions: email }),
    );
    const corrected = await createRule(
      rule({
        trigger: 'analysis.corrected',
        conditions: { prompt_id: prompt.id, field: { path: 'Greeting', outcome: 'passed' } },
        actions: email,
      }),
    );
    const taskId = await analysed(t, projectId, prompt, { department: 'Sales', representative: 'Eve' });
    const asked = await admin.call(changeRequestRoutes.create, {
      unchecked: true,
      params: { id: projectId, taskId },
      body: {
        kind: 'field',
        items: [{ path: 'Greeting', proposed_value: true }],
        reason: 'The rep did greet.',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await firings(opened.id)).items).toMatchObject([
      { event_type: 'change_request.created', task_id: taskId },
    ]);
    expect((await firings(corrected.id)).total).toBe(0);
    const approved = await owner.call(changeRequestRoutes.approve, {
      params: { id: projectId, requestId: asked.json().data.id },
      body: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await firings(corrected.id)).items).toMatchObject([
      { event_type: 'analysis.corrected', task_id: taskId },
    ]);
    await takeActionJobs();
    await t.ctx.db.delete(automationRules).where(eq(automationRules.projectId, projectId));
  });

  it('costs one indexed probe when the project has no enabled rule for the event', async () => {
    await createRule(rule({ enabled: false }));
    const taskId = await analysed(t, projectId, prompt, { department: 'Sales', representative: 'Cy' });
    await t.ctx.db.transaction(async (tx) => {
      const select = vi.spyOn(tx, 'select');
      const execute = vi.spyOn(tx, 'execute');
      const insert = vi.spyOn(tx, 'insert');
      await fireAutomations(t.ctx, tx, { type: 'analysis.completed', projectId, taskId });
      expect(select).toHaveBeenCalledTimes(1);
      expect(execute).not.toHaveBeenCalled();
      expect(insert).not.toHaveBeenCalled();
    });
    // The probe has its index (the planner reads a table this small whole unless told not to).
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN SELECT * FROM automation_rules
        WHERE project_id = ${projectId} AND trigger = 'analysis.completed' AND enabled`);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('automation_rules_enabled_idx');
    expect(await takeActionJobs()).toEqual([]);
  });
});
