import { analysisRoutes, correctableFields, memberRoutes, repRoutes, reviewRoutes } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysed,
  type ScoredPrompt,
  scoredPrompt,
  startChangeRequestApp,
} from '../../../test/change-requests.ts';
import { type Client, createProject, signUp } from '../../../test/harness.ts';
import { reviewerMember, sampleTask } from '../../../test/sampling.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { calibrationSessions, projectMembers } from '../../db/schema/index.ts';

let s: Awaited<ReturnType<typeof startChangeRequestApp>>;
let prompt: ScoredPrompt;
/** Members with the reviewer permission. */
let revA: Client;
let revB: Client;
/** The representative Ann (rep mapping), with the reviewer permission. */
let ann: Client;

type Caller = Pick<Client, 'call'>;

beforeAll(async () => {
  s = await startChangeRequestApp();
  prompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
  revA = await reviewerMember(s.t, s.projectId);
  revB = await reviewerMember(s.t, s.projectId);
  ann = await reviewerMember(s.t, s.projectId);
  const mapped = await s.owner.call(repRoutes.createMapping, {
    params: { id: s.projectId },
    body: { identifier: ann.email, representative: 'Ann' },
  });
  if (mapped.statusCode !== 201) throw new Error(mapped.body);
}, 120_000);
afterAll(() => s?.t.close());

const salesTask = () => analysed(s.t, s.projectId, prompt, { department: 'Sales', representative: 'Ann' });
const create = (client: Caller, body: Record<string, unknown>, id = s.projectId) =>
  client.call(reviewRoutes.createCalibration, { unchecked: true, params: { id }, body });
const get = (client: Caller, calibrationId: number, id = s.projectId) =>
  client.call(reviewRoutes.getCalibration, { params: { id, calibrationId } });
const close = (client: Caller, calibrationId: number) =>
  client.call(reviewRoutes.closeCalibration, { params: { id: s.projectId, calibrationId } });
const list = (client: Caller, query: Record<string, unknown> = {}) =>
  client.call(reviewRoutes.listCalibrations, { unchecked: true, params: { id: s.projectId }, query });
const reviewsOf = (client: Caller, taskId: number) =>
  client.call(reviewRoutes.list, { params: { id: s.projectId, taskId } });
const submit = async (client: Caller, taskId: number, answers: Array<Record<string, unknown>>) => {
  const response = await client.call(reviewRoutes.save, {
    unchecked: true,
    params: { id: s.projectId, taskId },
    body: { answers, submit: true },
  });
  if (response.statusCode !== 200) throw new Error(`submit failed: ${response.body}`);
  return response.json().data;
};

/** Starts a session (201 expected); its detail. */
async function started(client: Caller, taskId: number, reviewers: Client[], name = '') {
  const response = await create(client, {
    task_id: taskId,
    name,
    reviewer_ids: reviewers.map((r) => r.userId),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data;
}

describe('starting a session', () => {
  it('is for admins and owners only; others get 403, non-members 404', async () => {
    const taskId = await salesTask();
    const body = { task_id: taskId, reviewer_ids: [revA.userId, revB.userId] };
    const outsider = await signUp(s.t.app);
    await createProject(outsider, 'Elsewhere');
    const media = keyClient(s.t.app, (await createKey(s.owner, s.projectId, 'media')).key);
    const refused: Array<[string, Caller, number]> = [
      ['team leader', s.leader, 403],
      ['user', s.user, 403],
      ['reviewer', revA, 403],
      ['support staff (read-only)', s.support, 403],
      ['media key', media, 403],
      ['stranger', s.stranger, 404],
      ["another project's owner", outsider, 404],
    ];
    for (const [who, client, status] of refused) {
      const response = await create(client, body);
      expect(response.statusCode, `${who}: ${response.body}`).toBe(status);
    }
    expect((await create(s.owner, body, s.otherProjectId)).statusCode).toBe(404);

    const response = await create(s.admin, {
      ...body,
      name: ' Refund calls ',
      reviewer_ids: [revA.userId, revB.userId, revA.userId],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      task_id: taskId,
      name: 'Refund calls',
      status: 'open',
      created_by: { id: s.admin.userId },
      closed_at: null,
      submitted: 0,
      is_participant: false,
      answers_visible: true,
      analysis: { representative: 'Ann', prompt_name: expect.any(String) },
      comparison: { fields: [], scores: [], agreement: null, score_mode: null },
    });
    expect(
      response
        .json()
        .data.participants.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([revA.userId, revB.userId].sort());
    const owned = await create(s.owner, {
      task_id: await salesTask(),
      reviewer_ids: [revA.userId, s.leader.userId],
    });
    expect(owned.statusCode, owned.body).toBe(201);
  });

  it('refuses participants who may not review the analysis (422), too few (400)', async () => {
    const taskId = await salesTask();
    const cases: Array<[string, number, RegExp]> = [
      [
        'a user without the reviewer permission',
        s.user.userId,
        /not a member of this project who may review/,
      ],
      ['the representative', ann.userId, /representative of this analysis/],
      ['a non-member', s.stranger.userId, /not a member of this project who may review/],
      ['a team leader who does not see it', s.otherLeader.userId, /does not see this analysis/],
    ];
    for (const [who, id, message] of cases) {
      const response = await create(s.owner, { task_id: taskId, reviewer_ids: [revA.userId, id] });
      expect(response.statusCode, `${who}: ${response.body}`).toBe(422);
      expect(response.json().error).toMatchObject({ code: 'invalid_value', field: 'reviewer_ids' });
      expect(response.json().error.message, who).toMatch(message);
    }
    const alone = await create(s.owner, { task_id: taskId, reviewer_ids: [revA.userId, revA.userId] });
    expect(alone.statusCode).toBe(400);
  });

  it('allows one open session per analysis, on completed analyses only (409)', async () => {
    const taskId = await salesTask();
    await started(s.owner, taskId, [revA, revB]);
    const again = await create(s.admin, { task_id: taskId, reviewer_ids: [revA.userId, s.admin.userId] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('calibration_open');
    const running = await sampleTask(
      s.t,
      s.projectId,
      prompt,
      { department: 'Sales', representative: 'Bob' },
      {
        status: 'processing',
      },
    );
    const pending = await create(s.owner, { task_id: running, reviewer_ids: [revA.userId, revB.userId] });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.code).toBe('not_completed');
  });

  it('refuses more open sessions than the limit (409 too_many_calibrations)', async () => {
    const projectId = s.otherProjectId;
    const other = await scoredPrompt(s.t, s.owner, projectId, 'sum');
    const taskIds: number[] = [];
    for (let i = 0; i < 101; i++) {
      taskIds.push(await analysed(s.t, projectId, other, { department: 'Sales', representative: 'Zed' }));
    }
    await s.t.ctx.db
      .insert(calibrationSessions)
      .values(taskIds.slice(0, 100).map((taskId) => ({ projectId, taskId })));
    await s.t.ctx.db.insert(projectMembers).values([
      { projectId, userId: revA.userId, role: 'admin' },
      { projectId, userId: revB.userId, role: 'admin' },
    ]);
    const response = await create(
      s.owner,
      { task_id: taskIds[100], reviewer_ids: [revA.userId, revB.userId] },
      projectId,
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.code).toBe('too_many_calibrations');
    await s.t.ctx.db.delete(calibrationSessions).where(eq(calibrationSessions.projectId, projectId));
    await s.t.ctx.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, 'admin')));
  }, 60_000);

  it('counts reviews submitted before the session; all submitted: closed from the start', async () => {
    const taskId = await salesTask();
    const review = await submit(revA, taskId, []);
    const session = await started(s.owner, taskId, [revA, revB]);
    expect(session.status).toBe('open');
    expect(session.submitted).toBe(1);
    expect(session.participants.find((p: { id: number }) => p.id === revA.userId).submitted_at).toBe(
      review.submitted_at,
    );
    await close(s.owner, session.id);
    await submit(revB, taskId, []);
    const closed = await started(s.owner, taskId, [revA, revB]);
    expect(closed).toMatchObject({ status: 'closed', submitted: 2, closed_at: expect.any(String) });
  });
});

describe('reviewing blind', () => {
  let taskId: number;
  let sessionId: number;

  beforeAll(async () => {
    taskId = await salesTask();
    sessionId = (await started(s.owner, taskId, [revA, revB], 'Sales calls')).id;
  });

  it('hides the answers from a participant until they submit; non-participants see as before', async () => {
    const before = (await get(revB, sessionId)).json().data;
    expect(before).toMatchObject({ is_participant: true, answers_visible: false, comparison: null });
    await submit(revA, taskId, [
      { path: 'Greeting', value: true },
      { path: 'Tone', value: 2 },
    ]);
    const blind = (await reviewsOf(revB, taskId)).json().data;
    expect(blind).toMatchObject({
      reviews: [],
      human_score: null,
      can_review: true,
      calibration: { id: sessionId, name: 'Sales calls', blind: true },
    });
    const draft = await revB.call(reviewRoutes.save, {
      params: { id: s.projectId, taskId },
      body: { answers: [{ path: 'Tone', value: 3 }] },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const withDraft = (await reviewsOf(revB, taskId)).json().data;
    expect(withDraft).toMatchObject({ reviews: [], draft: { status: 'draft' } });

    const listed = async (client: Caller) => {
      const response = await client.call(analysisRoutes.list, {
        params: { id: s.projectId },
        query: { reviewed: 'yes', page_size: 100 },
      });
      return response.json().data.items.find((item: { id: number }) => item.id === taskId).human_score;
    };
    expect(await listed(revB)).toBeNull();
    expect(await listed(s.user)).toEqual(expect.any(Number));
    const changed = async (client: Caller) => {
      const response = await client.call(reviewRoutes.disagreements, {
        unchecked: true,
        params: { id: s.projectId },
        query: { prompt_id: prompt.id, path: 'Greeting', page_size: 100 },
      });
      return response.json().data.items.map((item: { task_id: number }) => item.task_id);
    };
    expect(await changed(revB)).not.toContain(taskId);
    expect(await changed(s.admin)).toContain(taskId);

    const submitted = (await reviewsOf(revA, taskId)).json().data;
    expect(submitted.calibration).toEqual({ id: sessionId, name: 'Sales calls', blind: false });
    expect(submitted.reviews).toHaveLength(1);
    const outsider = (await reviewsOf(s.user, taskId)).json().data;
    expect(outsider).toMatchObject({ calibration: null, reviews: [{ reviewer: { id: revA.userId } }] });

    expect((await get(s.user, sessionId)).statusCode).toBe(404);
    expect((await get(s.stranger, sessionId)).statusCode).toBe(404);
    expect((await get(s.owner, sessionId, s.otherProjectId)).statusCode).toBe(404);
    const partway = (await get(revB, sessionId)).json().data;
    expect(partway).toMatchObject({ submitted: 1, answers_visible: false, comparison: null });
    const forA = (await get(revA, sessionId)).json().data;
    expect(forA).toMatchObject({
      answers_visible: true,
      comparison: { scores: [{ reviewer_id: revA.userId }] },
    });
    for (const runner of [s.admin, s.support]) {
      const seen = (await get(runner, sessionId)).json().data;
      expect(seen).toMatchObject({ is_participant: false, answers_visible: true });
      expect(seen.comparison.fields.every((f: { answers: unknown[] }) => f.answers.length === 1)).toBe(true);
    }
  });

  it('closes when the last participant submits and compares the answers', async () => {
    await submit(revB, taskId, [
      { path: 'Greeting', value: true },
      { path: 'Tone', value: 3 },
    ]);
    const seen = (await reviewsOf(revB, taskId)).json().data;
    expect(seen.calibration).toBeNull();
    expect(seen.reviews.map((r: { reviewer: { id: number } }) => r.reviewer.id).sort()).toEqual(
      [revA.userId, revB.userId].sort(),
    );
    const detail = (await get(revB, sessionId)).json().data;
    expect(detail).toMatchObject({ status: 'closed', submitted: 2, answers_visible: true });
    expect(detail.closed_at).toEqual(expect.any(String));
    const { comparison } = detail;
    const paths = correctableFields(prompt.content).map((f) => f.path);
    expect(comparison.fields.map((f: { path: string }) => f.path)).toEqual(paths);
    const byPath = new Map(comparison.fields.map((f: { path: string }) => [f.path, f]));
    expect(byPath.get('Greeting')).toMatchObject({ field_type: 'bool', ai_value: false, agreed: true });
    const tone = byPath.get('Tone') as {
      agreed: boolean;
      ai_value: number;
      answers: Array<Record<string, unknown>>;
    };
    expect(tone).toMatchObject({ ai_value: 1, agreed: false });
    expect(tone.answers).toEqual(
      expect.arrayContaining([
        { reviewer_id: revA.userId, value: 2, comment: null },
        { reviewer_id: revB.userId, value: 3, comment: null },
      ]),
    );
    expect(comparison.agreement).toBeCloseTo((paths.length - 1) / paths.length, 6);
    const reviews = (await reviewsOf(s.owner, taskId)).json().data.reviews;
    const scoreOf = (id: number) =>
      reviews.find((r: { reviewer: { id: number } }) => r.reviewer.id === id).score.score as number;
    expect(comparison.scores).toEqual(
      expect.arrayContaining([
        { reviewer_id: revA.userId, score: scoreOf(revA.userId) },
        { reviewer_id: revB.userId, score: scoreOf(revB.userId) },
      ]),
    );
    expect(comparison.scores).toHaveLength(2);
    expect(comparison.ai_score).toBe(reviews[0].ai_score);
    expect(comparison.score_mode).toBe(reviews[0].score.mode);
    const again = await close(s.owner, sessionId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('calibration_closed');
  });
});

describe('listing and closing', () => {
  it('shows all sessions to admins, only their own to others; open first, filtered and paged', async () => {
    const mine = await started(s.owner, await salesTask(), [revA, s.leader]);
    const theirs = await started(s.owner, await salesTask(), [revB, s.leader]);
    const all = (await list(s.admin)).json();
    const ids = all.data.map((session: { id: number }) => session.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const statuses = all.data.map((session: { status: string }) => session.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => (a === b ? 0 : a === 'open' ? -1 : 1)));
    expect(ids.indexOf(theirs.id)).toBeLessThan(ids.indexOf(mine.id));
    expect(all.meta).toEqual({ page: 1, per_page: 50, total: all.data.length });
    expect((await list(s.support)).json().meta.total).toBe(all.meta.total);

    const forA = (await list(revA)).json().data;
    expect(
      forA.every((session: { participants: Array<{ id: number }> }) =>
        session.participants.some((p) => p.id === revA.userId),
      ),
    ).toBe(true);
    expect(forA.map((session: { id: number }) => session.id)).toContain(mine.id);
    expect(forA.map((session: { id: number }) => session.id)).not.toContain(theirs.id);
    expect((await list(s.user)).json()).toMatchObject({ data: [], meta: { total: 0 } });

    const open = (await list(s.admin, { status: 'open' })).json().data;
    expect(open.every((session: { status: string }) => session.status === 'open')).toBe(true);
    const closed = (await list(s.admin, { status: 'closed' })).json().data;
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((session: { status: string }) => session.status === 'closed')).toBe(true);
    const page = (await list(s.admin, { per_page: 1, page: 2 })).json();
    expect(page.data.map((session: { id: number }) => session.id)).toEqual([ids[1]]);
    expect(page.meta).toEqual({ page: 2, per_page: 1, total: all.meta.total });
  });

  it('closes a session for admins and owners; the answers then show to all participants', async () => {
    const taskId = await salesTask();
    const session = await started(s.owner, taskId, [revA, revB]);
    await submit(revA, taskId, [{ path: 'Tone', value: 0 }]);
    expect((await close(revA, session.id)).statusCode).toBe(403);
    expect((await close(s.leader, session.id)).statusCode).toBe(403);
    expect((await close(s.support, session.id)).statusCode).toBe(403);
    expect((await close(s.owner, 2_000_000)).statusCode).toBe(404);
    const closed = await close(s.admin, session.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', submitted: 1 });
    const forB = (await get(revB, session.id)).json().data;
    expect(forB).toMatchObject({
      answers_visible: true,
      comparison: { scores: [{ reviewer_id: revA.userId }] },
    });
    const reviews = (await reviewsOf(revB, taskId)).json().data;
    expect(reviews).toMatchObject({ calibration: null, reviews: [{ reviewer: { id: revA.userId } }] });
    expect((await close(s.owner, session.id)).json().error.code).toBe('calibration_closed');
  });

  it('lets a member who leaves the project leave its open sessions; the last submit then closes them', async () => {
    const taskId = await salesTask();
    const leaver = await reviewerMember(s.t, s.projectId);
    const session = await started(s.owner, taskId, [revA, leaver]);
    await submit(revA, taskId, []);
    const removed = await s.owner.call(memberRoutes.remove, {
      params: { id: s.projectId, userId: leaver.userId },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const detail = (await get(s.owner, session.id)).json().data;
    expect(detail).toMatchObject({ status: 'closed', submitted: 1 });
    expect(detail.participants.map((p: { id: number }) => p.id)).toEqual([revA.userId]);
  });

  it('lets a full API key act as its creator', async () => {
    const taskId = await salesTask();
    const response = await create(s.fullKey, { task_id: taskId, reviewer_ids: [revA.userId, revB.userId] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.created_by).toMatchObject({ id: s.owner.userId });
    const id = response.json().data.id;
    expect((await get(s.fullKey, id)).statusCode).toBe(200);
    expect((await close(s.fullKey, id)).statusCode).toBe(200);
  });
});
