import { analysisRoutes, changeRequestRoutes } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysed,
  type ScoredPrompt,
  scoredPrompt,
  startChangeRequestApp,
} from '../../../test/change-requests.ts';
import type { Client } from '../../../test/harness.ts';
import { takeQueuedEmails } from '../../../test/mail.ts';
import { analysisFieldValues, tasks } from '../../db/schema/index.ts';

let s: Awaited<ReturnType<typeof startChangeRequestApp>>;
let prompt: ScoredPrompt;
let salesTask: number;
let supportTask: number;

beforeAll(async () => {
  s = await startChangeRequestApp();
  prompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
  salesTask = await analysed(s.t, s.projectId, prompt, { department: 'Sales', representative: 'Ann' });
  supportTask = await analysed(s.t, s.projectId, prompt, { department: 'Support', representative: 'Bob' });
}, 120_000);
afterAll(() => s?.t.close());

const ask = (client: Pick<Client, 'call'>, taskId: number, body: Record<string, unknown>) =>
  client.call(changeRequestRoutes.create, { unchecked: true, params: { id: s.projectId, taskId }, body });
const dispute = (path: string, value: unknown) => ({
  kind: 'field',
  items: [{ path, proposed_value: value }],
  reason: 'The rep did greet.',
});
const review = (
  client: Pick<Client, 'call'>,
  id: number,
  action: 'approve' | 'reject',
  body: Record<string, unknown>,
) =>
  client.call(changeRequestRoutes[action], {
    unchecked: true,
    params: { id: s.projectId, requestId: id },
    body,
  });

describe('creating', () => {
  it('checks the paths and the value types against the prompt that answered', async () => {
    for (const [path, value] of [
      ['Greeting', 'yes'],
      ['Tone', 5],
      ['Outcome', 'Maybe'],
      ['Discovery.Budget', 'fine'],
      ['Objections', 1.5],
      ['Final Score', 10],
      ['Nope', true],
    ] as const) {
      const response = await ask(s.user, salesTask, dispute(path, value));
      expect(response.statusCode, `${path} ${response.body}`).toBe(422);
    }
    for (const [path, value] of [
      ['Greeting', false],
      ['Tone', 1],
      ['Summary', ' A call. '],
    ] as const) {
      const same = await ask(s.user, salesTask, dispute(path, value));
      expect(same.statusCode, `${path} ${same.body}`).toBe(422);
      expect(same.json().error.message).toContain('what the AI answered');
    }
    const blank = await ask(s.user, salesTask, { ...dispute('Greeting', true), reason: ' ' });
    expect(blank.statusCode).toBe(400);
  });

  it('keeps one open request per field of an analysis, and only on completed analyses', async () => {
    const first = await ask(s.user2, supportTask, dispute('Outcome', 'Won'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await ask(s.user, supportTask, dispute('Outcome', 'Won'));
    expect(again.statusCode).toBe(409);
    await s.t.ctx.db.update(tasks).set({ status: 'processing' }).where(eq(tasks.id, supportTask));
    const running = await ask(s.user, supportTask, dispute('Tone', 2));
    await s.t.ctx.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, supportTask));
    expect(running.statusCode).toBe(409);
  });
});

describe('a dispute from request to corrected score', () => {
  let requestId: number;

  it('opens and emails the reviewers of the team', async () => {
    await takeQueuedEmails(s.t.ctx.boss);
    const response = await ask(s.user, salesTask, {
      kind: 'field',
      items: [
        { path: 'Greeting', proposed_value: true },
        { path: 'Discovery.Budget', proposed_value: 'ok' },
      ],
      reason: 'She greeted and asked for the budget.',
      transcript_moment: { seconds: 12, quote: 'Hello, Ann speaking' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const request = response.json().data;
    requestId = request.id;
    expect(request).toMatchObject({
      status: 'open',
      kind: 'field',
      representative: 'Ann',
      requester: { id: s.user.userId },
      can_review: false,
      transcript_moment: { seconds: 12, quote: 'Hello, Ann speaking' },
    });
    expect(request.items[0]).toMatchObject({
      path: 'Greeting',
      ai_value: false,
      proposed_value: true,
      approved_value: null,
    });
    const to = (await takeQueuedEmails(s.t.ctx.boss)).map((mail) => mail.to).sort();
    expect(to).toEqual([s.owner.email, s.admin.email, s.leader.email].sort());
  });

  it('shows it to whom it may concern', async () => {
    const get = (client: Pick<Client, 'call'>) =>
      client.call(changeRequestRoutes.get, { params: { id: s.projectId, requestId } });
    for (const client of [s.user, s.leader, s.admin, s.owner, s.support, s.fullKey]) {
      expect((await get(client)).statusCode).toBe(200);
    }
    for (const client of [s.user2, s.otherLeader, s.stranger])
      expect((await get(client)).statusCode).toBe(404);
    const elsewhere = await s.owner.call(changeRequestRoutes.get, {
      params: { id: s.otherProjectId, requestId },
    });
    expect(elsewhere.statusCode).toBe(404);
    const mine = (await s.user2.call(changeRequestRoutes.list, { params: { id: s.projectId } })).json().data;
    expect(mine.items.map((item: { requester: { id: number } }) => item.requester.id)).toEqual([
      s.user2.userId,
    ]);
    const leaders = (
      await s.leader.call(changeRequestRoutes.list, {
        params: { id: s.projectId },
        query: { status: 'open' },
      })
    ).json().data;
    expect(leaders.items.map((item: { id: number }) => item.id)).toEqual([requestId]);
    expect(
      (await s.leader.call(changeRequestRoutes.openCount, { params: { id: s.projectId } })).json().data.open,
    ).toBe(1);
    const all = (await s.admin.call(changeRequestRoutes.list, { params: { id: s.projectId } })).json().data;
    expect(all.counts).toEqual({ open: 2, approved: 0, rejected: 0 });
    const filteredResponse = await s.admin.call(changeRequestRoutes.list, {
      params: { id: s.projectId },
      query: { path: 'Discovery.Budget', representative: 'ann' },
    });
    expect(filteredResponse.statusCode, filteredResponse.body).toBe(200);
    const filtered = filteredResponse.json().data;
    expect(filtered.total).toBe(1);
  });

  it('lets only reviewers of the team decide', async () => {
    expect((await review(s.user, requestId, 'approve', {})).statusCode).toBe(403);
    expect((await review(s.otherLeader, requestId, 'approve', {})).statusCode).toBe(404);
    expect((await review(s.support, requestId, 'approve', {})).statusCode).toBe(403);
    expect((await review(s.leader, requestId, 'reject', { reason: '' })).statusCode).toBe(400);
  });

  it('approves with an edit: result, score, analytics and the correction record', async () => {
    // What the model was unsure of stays as it answered (the unsure sampling rule reads it).
    await s.t.ctx.db
      .update(tasks)
      .set({ unsurePaths: ['Discovery.Budget'] })
      .where(eq(tasks.id, salesTask));
    const response = await review(s.leader, requestId, 'approve', {
      values: { 'Discovery.Budget': 'n/a' },
      reason: 'Budget was not discussed.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'approved', reviewer: { id: s.leader.userId } });
    expect(response.json().data.items[1].approved_value).toBe('n/a');
    const detail = (
      await s.user.call(analysisRoutes.detail, { params: { id: s.projectId, taskId: salesTask } })
    ).json().data;
    // sum: Greeting 1 + Budget n/a (not counted) + Tone 1 = 2 (was 0 + 0 + 1)
    expect(detail.final_score).toBe(2);
    expect(detail.result.values).toMatchObject({
      Greeting: true,
      Discovery: { Budget: 'n/a' },
      'Final Score': 2,
    });
    expect(detail.corrections).toEqual([
      expect.objectContaining({ path: 'Greeting', ai_value: false, value: true, request_id: requestId }),
      expect.objectContaining({ path: 'Discovery.Budget', ai_value: 'not ok', value: 'n/a' }),
    ]);
    const rows = await s.t.ctx.db
      .select({
        path: analysisFieldValues.path,
        score: analysisFieldValues.score,
        value: analysisFieldValues.value,
      })
      .from(analysisFieldValues)
      .where(and(eq(analysisFieldValues.taskId, salesTask)));
    expect(rows.find((row) => row.path === 'Greeting')?.score).toBe(1);
    expect(rows.find((row) => row.path === 'Final Score')?.score).toBe(2);
    const [corrected] = await s.t.ctx.db
      .select({ unsurePaths: tasks.unsurePaths })
      .from(tasks)
      .where(eq(tasks.id, salesTask));
    expect(corrected!.unsurePaths).toEqual(['Discovery.Budget']);
    const mails = await takeQueuedEmails(s.t.ctx.boss);
    expect(mails.map((mail) => mail.to)).toEqual([s.user.email]);
    expect(mails[0]!.subject).toContain('approved');
    expect((await review(s.admin, requestId, 'reject', { reason: 'late' })).statusCode).toBe(409);
  });

  it('counts the change in the calibration', async () => {
    const response = await s.user.call(changeRequestRoutes.calibration, {
      params: { id: s.projectId },
      query: { prompt_id: prompt.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const fields = response.json().data.fields as Array<Record<string, unknown>>;
    const greeting = fields.find((f) => f.path === 'Greeting');
    expect(greeting).toMatchObject({ analyses: 2, changed: 1, share: 0.5 });
    expect(greeting?.per_model).toEqual([
      { model: 'claude-sonnet-4-5', analyses: 2, changed: 1, share: 0.5 },
    ]);
    expect(greeting?.per_month).toEqual([{ month: '2026-03', analyses: 2, changed: 1, share: 0.5 }]);
    expect(fields.find((f) => f.path === 'Outcome')).toMatchObject({ changed: 0 });
    const leaders = (
      await s.otherLeader.call(changeRequestRoutes.calibration, {
        params: { id: s.projectId },
        query: { prompt_id: prompt.id },
      })
    ).json().data;
    expect(leaders.fields.find((f: { path: string }) => f.path === 'Greeting')).toMatchObject({
      analyses: 1,
      changed: 0,
    });
  });
});

describe('rejecting and the API', () => {
  it('rejects with a reason and a full key lists and creates', async () => {
    const open = (
      await s.admin.call(changeRequestRoutes.list, { params: { id: s.projectId }, query: { status: 'open' } })
    ).json().data.items[0];
    const rejected = await review(s.otherLeader, open.id, 'reject', { reason: 'The call says Lost.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', review_reason: 'The call says Lost.' });
    expect((await ask(s.fullKey, supportTask, dispute('Outcome', 'Won'))).statusCode).toBe(201);
    expect(
      (await s.fullKey.call(changeRequestRoutes.list, { params: { id: s.projectId } })).json().data.counts,
    ).toEqual({
      open: 1,
      approved: 1,
      rejected: 1,
    });
  });

  it('a team leader does not review their own request', async () => {
    const own = await ask(s.leader, salesTask, dispute('Tone', 3));
    expect(own.statusCode).toBe(201);
    expect(own.json().data.can_review).toBe(false);
    expect((await review(s.leader, own.json().data.id, 'approve', {})).statusCode).toBe(403);
  });
});
