import {
  analysisRoutes,
  batchRoutes,
  changeRequestRoutes,
  promptRoutes,
  repRoutes,
  reviewRoutes,
  taskError,
  uploadRoutes,
  WEBHOOKS,
  WebhookEvent,
  webhookRoutes,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { analysed, scoredPrompt } from '../../../test/change-requests.ts';
import { answer } from '../../../test/fake-upstreams/scripted.ts';
import { addMember, type Client, createProject, signUp } from '../../../test/harness.ts';
import { takeQueuedEmails } from '../../../test/mail.ts';
import { type Received, type Receiver, startReceiver } from '../../../test/receiver.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { answered, GREETING_ANSWER, insertTextTask, waitUntil } from '../../../test/tasks.ts';
import { createPrompt, fund, META, multipart } from '../../../test/uploads.ts';
import {
  batchItems,
  projects,
  uploadBatches,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { refreshBatchItem } from '../batches/progress.ts';
import { adjustBalance } from '../billing/adjustments.ts';
import { runTask } from '../pipeline/run.ts';
import { failTask } from '../tasks/state.ts';
import { attemptDelivery, queueDeliveries } from './deliveries.ts';

let app: AnalysisApp;
let admin: Client;
let user: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
let receiver: Receiver;
let receiverUrl: string;
let received: Received[];
/** What the receiver answers next (status codes, one per request; 200 when none is left). */
let answers: number[];

beforeAll(async () => {
  receiver = await startReceiver((status) => (status < 300 ? 'thanks' : 'x'.repeat(5000)));
  ({ received, answers } = receiver);
  receiverUrl = `${receiver.origin}/hook`;
  app = await startAnalysisApp('webhooks', { URL_UPLOAD_ALLOW_HOSTS: '127.0.0.1' });
  admin = await signUp(app.t.app);
  user = await signUp(app.t.app);
  stranger = await signUp(app.t.app);
  projectId = await createProject(app.owner, 'Hooks');
  otherProjectId = await createProject(stranger, 'Elsewhere');
  await addMember(app.t, projectId, admin, 'admin');
  await addMember(app.t, projectId, user, 'user');
}, 120_000);
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

/** Works the due deliveries as a worker would; answers how many it took. */
async function drain(): Promise<number> {
  const { boss } = app.t.ctx;
  const jobs = await boss.fetch<{ deliveryId: number }>(QUEUES.webhookDeliveries, { batchSize: 100 });
  // In the order they were queued: one analysis's later event would wait (a second) behind an earlier one.
  jobs.sort((a, b) => a.data.deliveryId - b.data.deliveryId);
  for (const job of jobs) await attemptDelivery(app.t.ctx, job.data.deliveryId);
  if (jobs.length > 0)
    await boss.complete(
      QUEUES.webhookDeliveries,
      jobs.map((job) => job.id),
    );
  return jobs.length;
}

async function createEndpoint(client: Pick<Client, 'call'>, body: Record<string, unknown> = {}) {
  const response = await client.call(webhookRoutes.create, {
    params: { id: projectId },
    body: { url: receiverUrl, events: ['analysis.completed', 'analysis.failed'], ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; secret: string };
}

const delivery = async (id: number) =>
  (await app.t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;

/** Verifies a received request with the standardwebhooks package: answers the body, read as the contract says. */
const verified = (request: Received, secret: string) =>
  WebhookEvent.parse(new Webhook(secret).verify(request.body, request.headers as Record<string, string>));

/** A new endpoint's test delivery, due again as if every retry of the schedule had failed: its next attempt is the last. */
async function lastAttemptDue() {
  const endpoint = await createEndpoint(admin);
  const params = { id: projectId, endpointId: endpoint.id };
  const deliveryId: number = (await admin.call(webhookRoutes.test, { params })).json().data.id;
  await drain();
  await takeQueuedEmails(app.t.ctx.boss);
  await app.t.ctx.db
    .update(webhookDeliveries)
    .set({ attempts: WEBHOOKS.retryDelaysSeconds.length, status: 'pending', nextAttemptAt: new Date() })
    .where(eq(webhookDeliveries.id, deliveryId));
  return { endpoint, params, deliveryId };
}

describe('webhook endpoints', () => {
  it('are managed by admins, owners and full keys; others 403, other projects and strangers 404', async () => {
    const created = await createEndpoint(admin, { description: 'CRM' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const list = await app.owner.call(webhookRoutes.list, { params: { id: projectId } });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((e: { id: number }) => e.id === created.id);
    expect(listed).toMatchObject({ url: receiverUrl, description: 'CRM', enabled: true });
    expect(listed).not.toHaveProperty('secret');

    const params = { id: projectId, endpointId: created.id };
    expect((await user.call(webhookRoutes.list, { params: { id: projectId } })).statusCode).toBe(403);
    expect((await user.call(webhookRoutes.update, { params, body: { enabled: false } })).statusCode).toBe(
      403,
    );
    expect((await stranger.call(webhookRoutes.list, { params: { id: projectId } })).statusCode).toBe(404);
    // Another project's endpoint id is not found through one's own project.
    expect(
      (
        await stranger.call(webhookRoutes.update, {
          params: { id: otherProjectId, endpointId: created.id },
          body: {},
        })
      ).statusCode,
    ).toBe(404);

    const full = keyClient(app.t.app, (await createKey(app.owner, projectId, 'full')).key);
    const media = keyClient(app.t.app, (await createKey(app.owner, projectId, 'media')).key);
    expect((await full.call(webhookRoutes.list, { params: { id: projectId } })).statusCode).toBe(200);
    expect((await media.call(webhookRoutes.list, { params: { id: projectId } })).statusCode).toBe(403);
    expect((await full.call(webhookRoutes.list, { params: { id: otherProjectId } })).statusCode).toBe(404);

    const updated = await admin.call(webhookRoutes.update, {
      params,
      body: { description: 'CRM 2', events: ['analysis.failed'] },
    });
    expect(updated.json().data).toMatchObject({ description: 'CRM 2', events: ['analysis.failed'] });
    expect((await app.owner.call(webhookRoutes.remove, { params })).statusCode).toBe(200);
    expect((await app.owner.call(webhookRoutes.remove, { params })).statusCode).toBe(404);
  });

  it('refuse URLs that are not https or point to local addresses unless allow-listed', async () => {
    const refused = async (url: string) => {
      const response = await admin.call(webhookRoutes.create, {
        params: { id: projectId },
        body: { url, events: ['analysis.completed'] },
      });
      expect(response.statusCode).toBe(400);
      return response.json().error.message as string;
    };
    expect(await refused('https://127.0.0.2/hook')).toMatch(
      /private or local network address \(127\.0\.0\.2\)/,
    );
    expect(await refused('https://[::1]/hook')).toMatch(/private or local network address/);
    expect(await refused('https://10.1.2.3/hook')).toMatch(/private or local network address/);
    expect(await refused('http://example.com/hook')).toBe('The endpoint URL must use https://.');
    expect(await refused('ftp://example.com/hook')).toBe('The endpoint URL must start with https://.');
    expect(await refused('not a url')).toBe('The endpoint URL is not a valid URL.');
    // 127.0.0.1 is allow-listed in this app (URL_UPLOAD_ALLOW_HOSTS): http and loopback are fine there.
    await createEndpoint(admin);
  });
});

describe('deliveries', () => {
  it('posts analysis.completed, signed per Standard Webhooks, after a pipeline run', async () => {
    const endpoint = await createEndpoint(admin, { events: ['analysis.completed'] });
    await fund(app.t, projectId);
    const promptId = await createPrompt(app.owner, projectId, 'QA');
    const upload = await app.owner.call(uploadRoutes.file, {
      params: { id: projectId },
      form: multipart([
        { name: 'prompt_id', value: String(promptId) },
        { name: 'metadata', value: JSON.stringify(META) },
        {
          name: 'file',
          filename: 'chat.txt',
          contentType: 'text/plain',
          data: Buffer.from('Agent: Hello.\nClient: Hi.'),
        },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const taskId: number = upload.json().data.task_id;
    app.anthropic.script(answer(GREETING_ANSWER));
    received.length = 0;
    expect(await runTask(app.t.ctx, taskId, { lastAttempt: true })).toBe('completed');
    await drain();
    const mine = received.filter((r) => verifiedOrNull(r, endpoint.secret));
    expect(mine).toHaveLength(1);
    const event = verified(mine[0]!, endpoint.secret);
    expect(event).toMatchObject({ type: 'analysis.completed', data: { id: taskId, status: 'completed' } });
    expect(Date.parse(event.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    // The same object the analyses list answers for it.
    const listed = await app.owner.call(analysisRoutes.list, { params: { id: projectId } });
    expect(event.data).toEqual(listed.json().data.items.find((item: { id: number }) => item.id === taskId));

    const log = await admin.call(webhookRoutes.deliveries, {
      params: { id: projectId, endpointId: endpoint.id },
      query: { page: 1, page_size: 10 },
    });
    expect(log.json().data).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(log.json().data.items[0]).toMatchObject({
      event_type: 'analysis.completed',
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      response_body: 'thanks',
      event_id: mine[0]!.headers['webhook-id'],
    });
  });

  it('posts analysis.knocked_out beside analysis.completed only when a knockout answer failed the analysis', async () => {
    const endpoint = await createEndpoint(admin, { events: ['analysis.knocked_out'] });
    await fund(app.t, projectId);
    const prompt = await app.owner.call(promptRoutes.create, {
      params: { id: projectId },
      body: {
        scriptName: 'Knockouts',
        finalScore: 'percent',
        content: [
          { key: 'Greeting', type: 'ok', explanation: '', includeInScore: true },
          { key: 'Budget', type: 'bool', explanation: '', includeInScore: true, knockout: [false] },
        ],
      },
    });
    expect(prompt.statusCode, prompt.body).toBe(201);
    const analyse = async (budget: boolean) => {
      const upload = await app.owner.call(uploadRoutes.file, {
        params: { id: projectId },
        form: multipart([
          { name: 'prompt_id', value: String(prompt.json().data.id) },
          { name: 'metadata', value: JSON.stringify(META) },
          {
            name: 'file',
            filename: 'chat.txt',
            contentType: 'text/plain',
            data: Buffer.from(`Agent: Hello (${budget}).\nClient: Hi.`),
          },
        ]),
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const taskId: number = upload.json().data.task_id;
      app.anthropic.script(
        answer({
          Summary: answered('A call.'),
          Title: answered('Call'),
          Greeting: answered('ok'),
          Budget: answered(budget),
        }),
      );
      expect(await runTask(app.t.ctx, taskId, { lastAttempt: true })).toBe('completed');
      return taskId;
    };
    received.length = 0;
    await analyse(true);
    const knocked = await analyse(false);
    await drain();
    const events = received.map((r) => verifiedOrNull(r, endpoint.secret)).filter((e) => e !== null);
    expect(events).toMatchObject([
      { type: 'analysis.knocked_out', data: { id: knocked, status: 'completed', final_score: 0 } },
    ]);
  });

  it('posts review.submitted when a person submits a review and review.acknowledged when the rep acknowledges it', async () => {
    const endpoint = await createEndpoint(admin, { events: ['review.submitted', 'review.acknowledged'] });
    const prompt = await scoredPrompt(app.t, app.owner, projectId, 'sum');
    const taskId = await analysed(app.t, projectId, prompt, { department: 'Sales', representative: 'Rita' });
    const mapped = await app.owner.call(repRoutes.createMapping, {
      params: { id: projectId },
      body: { identifier: user.email, representative: 'Rita' },
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
    received.length = 0;
    const draft = await admin.call(reviewRoutes.save, { params: { id: projectId, taskId }, body: {} });
    expect(draft.statusCode, draft.body).toBe(200);
    const submitted = await admin.call(reviewRoutes.save, {
      params: { id: projectId, taskId },
      body: { submit: true, comment: 'Fine call.' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const review = submitted.json().data;
    const acknowledged = await user.call(reviewRoutes.acknowledge, {
      params: { id: projectId, reviewId: review.id },
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    await drain();
    const events = received.map((r) => verifiedOrNull(r, endpoint.secret)).filter((e) => e !== null);
    // A draft posts nothing; the bodies are the review as the API answered it.
    expect(events.map((event) => event.type).sort()).toEqual(['review.acknowledged', 'review.submitted']);
    expect(events.find((event) => event.type === 'review.submitted')!.data).toEqual(review);
    expect(events.find((event) => event.type === 'review.acknowledged')!.data).toEqual(
      acknowledged.json().data,
    );
  });

  it('posts analysis.failed when a task fails, only to endpoints that want it', async () => {
    const wants = await createEndpoint(admin, { events: ['analysis.failed'] });
    const other = await createEndpoint(admin, { events: ['analysis.completed'] });
    const taskId = await insertTextTask(app.t, projectId, null, 'Agent: Hello.');
    received.length = 0;
    await failTask(app.t.ctx, taskId, taskError('no_funds'));
    await drain();
    const events = received.map((r) => verifiedOrNull(r, wants.secret)).filter((e) => e !== null);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'analysis.failed', data: { id: taskId, status: 'failed' } });
    expect(received.some((r) => verifiedOrNull(r, other.secret))).toBe(false);
  });

  it('posts change_request.created; an approval posts analysis.corrected and change_request.resolved, a rejection resolved', async () => {
    const endpoint = await createEndpoint(admin, {
      events: ['analysis.corrected', 'change_request.created', 'change_request.resolved'],
    });
    const prompt = await scoredPrompt(app.t, app.owner, projectId, 'sum');
    const taskId = await analysed(app.t, projectId, prompt, { department: 'Sales', representative: 'Ann' });
    const events = async () => {
      await drain();
      const mine = received.map((r) => verifiedOrNull(r, endpoint.secret)).filter((e) => e !== null);
      received.length = 0;
      return mine;
    };
    const ask = (path: string, value: unknown) =>
      admin.call(changeRequestRoutes.create, {
        unchecked: true,
        params: { id: projectId, taskId },
        body: { kind: 'field', items: [{ path, proposed_value: value }], reason: 'The rep did greet.' },
      });
    received.length = 0;
    const opened = await ask('Greeting', true);
    expect(opened.statusCode, opened.body).toBe(201);
    const requestId: number = opened.json().data.id;
    const [created] = await events();
    expect(created).toMatchObject({
      type: 'change_request.created',
      data: { id: requestId, task_id: taskId, status: 'open', can_review: false },
    });

    const approved = await app.owner.call(changeRequestRoutes.approve, {
      params: { id: projectId, requestId },
      body: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Both queued in the approval's transaction; deliveries of one transaction may go in either order.
    const afterApproval = await events();
    const ofType = (type: string) => afterApproval.find((event) => event.type === type);
    expect(afterApproval).toHaveLength(2);
    const listed = await app.owner.call(analysisRoutes.list, { params: { id: projectId } });
    expect(ofType('analysis.corrected')?.data).toEqual(
      listed.json().data.items.find((item: { id: number }) => item.id === taskId),
    );
    expect(ofType('change_request.resolved')).toMatchObject({ data: { id: requestId, status: 'approved' } });

    const second = await ask('Tone', 2);
    expect(second.statusCode, second.body).toBe(201);
    const secondId: number = second.json().data.id;
    await events();
    const rejected = await app.owner.call(changeRequestRoutes.reject, {
      params: { id: projectId, requestId: secondId },
      body: { reason: 'The score stands.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await events()).toMatchObject([
      { type: 'change_request.resolved', data: { id: secondId, status: 'rejected' } },
    ]);
  });

  it('posts batch.completed once when a bulk upload finishes, with the batch as the API answers it', async () => {
    const endpoint = await createEndpoint(admin, { events: ['batch.completed'] });
    const { db } = app.t.ctx;
    const [batch] = await db
      .insert(uploadBatches)
      .values({ projectId, fileName: 'calls.csv', totalItems: 2, status: 'processing' })
      .returning();
    const items = await db
      .insert(batchItems)
      .values(
        [2, 3].map((rowNumber) => ({
          batchId: batch!.id,
          rowNumber,
          url: 'https://example.com/call.mp3',
          type: 'call' as const,
          status: 'failed' as const,
          error: 'The link answered 404.',
        })),
      )
      .returning({ id: batchItems.id });
    received.length = 0;
    await refreshBatchItem(app.t.ctx, items[0]!.id);
    await drain();
    expect(received.filter((r) => verifiedOrNull(r, endpoint.secret))).toHaveLength(0);
    await refreshBatchItem(app.t.ctx, items[1]!.id);
    await refreshBatchItem(app.t.ctx, items[1]!.id);
    await drain();
    const events = received.map((r) => verifiedOrNull(r, endpoint.secret)).filter((e) => e !== null);
    expect(events).toMatchObject([
      {
        type: 'batch.completed',
        data: { id: batch!.id, project_id: projectId, status: 'failed', total_items: 2, failed_items: 2 },
      },
    ]);
    const listed = await app.owner.call(batchRoutes.list, { params: { id: projectId } });
    expect(events[0]!.data).toEqual(listed.json().data.find((item: { id: number }) => item.id === batch!.id));
  });

  it('posts billing.balance_low once when a debit takes the balance below the threshold, again after a top-up', async () => {
    const endpoint = await createEndpoint(admin, { events: ['billing.balance_low'] });
    const { db } = app.t.ctx;
    const [superAdmin] = await db.select().from(users).where(eq(users.id, app.owner.userId));
    const adjust = (type: 'credit' | 'debit', amount: number) =>
      adjustBalance(app.t.ctx, projectId, superAdmin!, { type, amount, reason: 'test' });
    const [before] = await db.select().from(projects).where(eq(projects.id, projectId));
    if (before!.balanceMicros > 0) await adjust('debit', before!.balanceMicros / 1_000_000);
    await drain();
    received.length = 0;

    await adjust('credit', 6);
    await adjust('debit', 0.5); // 5.50: not low
    await adjust('debit', 1.25); // 4.25: crosses
    await adjust('debit', 1); // 3.25: already low, no second event
    await adjust('credit', 10); // 13.25
    await adjust('debit', 9); // 4.25: crosses again
    await drain();
    // Deliveries of different events may arrive in either order: sorted by their bodies ("amount":1.25 first).
    const events = received
      .map((r) => verifiedOrNull(r, endpoint.secret))
      .filter((e) => e !== null)
      .sort((a, b) => JSON.stringify(a.data).localeCompare(JSON.stringify(b.data)));
    expect(events).toMatchObject([
      {
        type: 'billing.balance_low',
        data: { project_id: projectId, balance: 4.25, amount: 1.25, currency: 'USD', threshold: 5 },
      },
      { type: 'billing.balance_low', data: { balance: 4.25, amount: 9 } },
    ]);
  });

  it('retries a failure after 5 s, keeps 1 KB of the answer, and signs with both secrets after a rotation', async () => {
    const endpoint = await createEndpoint(admin);
    const params = { id: projectId, endpointId: endpoint.id };
    const rotated = await admin.call(webhookRoutes.rotateSecret, { params });
    expect(rotated.statusCode).toBe(200);
    const newSecret: string = rotated.json().data.secret;
    expect(newSecret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.json().data.previous_secret_expires_at) - Date.now()).toBeGreaterThan(
      WEBHOOKS.rotationGraceMs - 60_000,
    );

    received.length = 0;
    answers.push(500);
    const test = await admin.call(webhookRoutes.test, { params });
    expect(test.statusCode).toBe(202);
    const deliveryId: number = test.json().data.id;
    expect(await drain()).toBeGreaterThanOrEqual(1);
    const failed = await delivery(deliveryId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(failed.responseBody).toHaveLength(WEBHOOKS.responseBodyMaxBytes);
    const wait = failed.nextAttemptAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(5_000);
    const [retry] = await app.t.ctx.boss.findJobs(QUEUES.webhookDeliveries, {
      data: { deliveryId },
      queued: true,
    });
    expect(retry?.startAfter.getTime()).toBeGreaterThan(Date.now() + 3_000);
    // Both secrets sign while the old one is valid: receivers with either verify it.
    const request = received.at(-1)!;
    expect(verified(request, newSecret)).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: endpoint.id },
    });
    expect(verified(request, endpoint.secret)).toMatchObject({ type: 'webhook.test' });
    expect(() =>
      verified(request, `whsec_${Buffer.from('another secret key').toString('base64')}`),
    ).toThrow();

    // Resend: due now, same webhook-id, and it succeeds.
    const resent = await admin.call(webhookRoutes.resend, { params: { ...params, deliveryId } });
    expect(resent.statusCode).toBe(202);
    await drain();
    expect(await delivery(deliveryId)).toMatchObject({ status: 'succeeded', responseStatus: 200 });
    expect(received.at(-1)!.headers['webhook-id']).toBe(request.headers['webhook-id']);
  });

  it("delivers one analysis's events to an endpoint in order: a later one waits while an earlier one retries", async () => {
    const endpoint = await createEndpoint(admin);
    // The analyses' ids only key the order (deliveries keep them without a reference).
    const taskId = 900_001;
    const event = (type: 'analysis.completed' | 'analysis.corrected') =>
      ({ type, timestamp: new Date().toISOString(), data: { order: type } }) as unknown as WebhookEvent;
    const [first, second] = await app.t.ctx.db.transaction(async (tx) => [
      (await queueDeliveries(app.t.ctx, tx, [endpoint.id], event('analysis.completed'), taskId))[0]!,
      (await queueDeliveries(app.t.ctx, tx, [endpoint.id], event('analysis.corrected'), taskId))[0]!,
    ]);
    // Another analysis's event is not held up by them.
    const [other] = await app.t.ctx.db.transaction((tx) =>
      queueDeliveries(app.t.ctx, tx, [endpoint.id], event('analysis.completed'), taskId + 1),
    );
    received.length = 0;
    answers.push(500);
    await attemptDelivery(app.t.ctx, first.id);
    await attemptDelivery(app.t.ctx, second.id);
    await attemptDelivery(app.t.ctx, other!.id);
    const bodies = () => received.map((request) => (JSON.parse(request.body) as { data: unknown }).data);
    expect(bodies()).toEqual([{ order: 'analysis.completed' }, { order: 'analysis.completed' }]);
    const retrying = await delivery(first.id);
    const waiting = await delivery(second.id);
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    // It waits until a second after the earlier one's next attempt.
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(retrying.nextAttemptAt!.getTime());
    expect(await delivery(other!.id)).toMatchObject({ status: 'succeeded' });

    // The earlier one's retry succeeds; then the later one goes.
    await app.t.ctx.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, first.id));
    await attemptDelivery(app.t.ctx, first.id);
    await app.t.ctx.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, second.id));
    await attemptDelivery(app.t.ctx, second.id);
    expect(bodies().slice(2)).toEqual([{ order: 'analysis.completed' }, { order: 'analysis.corrected' }]);
    expect(await delivery(second.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('after the last retry fails, disables the endpoint and emails the owners; resend-failed sends again', async () => {
    const { endpoint, params, deliveryId } = await lastAttemptDue();
    answers.push(503);
    await attemptDelivery(app.t.ctx, deliveryId);
    expect(await delivery(deliveryId)).toMatchObject({
      status: 'failed',
      attempts: WEBHOOKS.retryDelaysSeconds.length + 1,
      responseStatus: 503,
    });
    const [row] = await app.t.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({
      enabled: false,
      disabledReason: 'Deliveries kept failing for about 3 days.',
    });
    const emails = await takeQueuedEmails(app.t.ctx.boss);
    expect(emails.map((email) => email.to)).toEqual([app.owner.email]);
    expect(emails[0]!.subject).toBe('Webhook endpoint disabled in Hooks');

    // Enabled again, the failed deliveries since a time are sent again.
    await admin.call(webhookRoutes.update, { params, body: { enabled: true } });
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const resent = await admin.call(webhookRoutes.resendFailed, { params, body: { since } });
    expect(resent.json().data).toEqual({ resent: 1 });
    await drain();
    expect(await delivery(deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it("records only the attempt that holds the delivery: a cut-off worker's late failure relabels nothing", async () => {
    // A failure of its attempt would end the delivery for good.
    const { endpoint, deliveryId } = await lastAttemptDue();
    const before = received.length;
    // The first attempt's post hangs (its worker cut off) while the job's next attempt delivers.
    receiver.hold = true;
    const late = attemptDelivery(app.t.ctx, deliveryId);
    await waitUntil(
      async () => received.length,
      (n) => n === before + 1,
      10_000,
    );
    receiver.hold = false;
    await attemptDelivery(app.t.ctx, deliveryId);
    const settled = await delivery(deliveryId);
    expect(settled).toMatchObject({ status: 'succeeded', responseStatus: 200 });
    const jobs = async () => app.t.ctx.boss.findJobs(QUEUES.webhookDeliveries, { data: { deliveryId } });
    const jobsBefore = (await jobs()).length;

    receiver.waiting.shift()!(503);
    await late;
    expect(await delivery(deliveryId)).toMatchObject({
      status: 'succeeded',
      responseStatus: 200,
      attempts: settled.attempts,
      nextAttemptAt: null,
    });
    const [row] = await app.t.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: true, disabledReason: null });
    expect(await takeQueuedEmails(app.t.ctx.boss)).toEqual([]);
    expect((await jobs()).length).toBe(jobsBefore);
    // The receiver got the event twice, under one webhook-id: it drops the second by it.
    const ids = received.slice(before).map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([settled.eventId, settled.eventId]);
  });

  it('retries after the delays of WEBHOOK_RETRY_DELAYS_SECONDS, then fails for good after the last', async () => {
    const endpoint = await createEndpoint(admin);
    const params = { id: projectId, endpointId: endpoint.id };
    const deliveryId: number = (await admin.call(webhookRoutes.test, { params })).json().data.id;
    const ctx = { ...app.t.ctx, config: { ...app.t.ctx.config, webhooks: { retryDelaysSeconds: [7, 200] } } };
    /** Seconds until the delivery's next attempt after this one (which the receiver answers 503). */
    const failedAttempt = async () => {
      answers.push(503);
      await attemptDelivery(ctx, deliveryId);
      const row = await delivery(deliveryId);
      await app.t.ctx.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date() })
        .where(eq(webhookDeliveries.id, deliveryId));
      return row.nextAttemptAt && (row.nextAttemptAt.getTime() - Date.now()) / 1000;
    };
    expect(await failedAttempt()).toBeGreaterThan(5);
    expect(await failedAttempt()).toBeGreaterThan(198);
    expect(await failedAttempt()).toBeNull();
    expect(await delivery(deliveryId)).toMatchObject({ status: 'failed', attempts: 3 });
    const [row] = await app.t.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({
      enabled: false,
      disabledReason: 'Deliveries kept failing for about 3 minutes.',
    });
  });
});

function verifiedOrNull(request: Received, secret: string) {
  try {
    return verified(request, secret);
  } catch {
    return null;
  }
}
