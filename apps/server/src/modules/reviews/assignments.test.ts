import { memberRoutes, reviewRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScoredPrompt, scoredPrompt, startChangeRequestApp } from '../../../test/change-requests.ts';
import { type Client, createProject } from '../../../test/harness.ts';
import {
  assignmentsOf,
  createRule,
  reviewerMember,
  ruleBody,
  run,
  sampleTask,
  taskIdsOf,
} from '../../../test/sampling.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { reviewAssignments, samplingRules } from '../../db/schema/index.ts';
import { runEnabledRules } from './sampling.ts';

let s: Awaited<ReturnType<typeof startChangeRequestApp>>;
let prompt: ScoredPrompt;
/** Two members with the reviewer permission; the rule assigns them 3 analyses each. */
let r1: Client;
let r2: Client;
let ruleId: number;

beforeAll(async () => {
  s = await startChangeRequestApp();
  prompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
  r1 = await reviewerMember(s.t, s.projectId);
  r2 = await reviewerMember(s.t, s.projectId);
  for (let i = 0; i < 6; i++) {
    await sampleTask(s.t, s.projectId, prompt, { department: 'Sales', representative: `Rep ${i}` });
  }
  ruleId = await createRule(s.owner, s.projectId, {
    ...ruleBody({ prompt_id: prompt.id, reviewer_ids: [r1.userId, r2.userId] }),
    name: 'Everything',
  });
}, 120_000);
afterAll(() => s?.t.close());

const queue = (client: Pick<Client, 'call'>, query: Record<string, unknown> = {}, id = s.projectId) =>
  client.call(reviewRoutes.queue, { unchecked: true, params: { id }, query });
const overview = (client: Pick<Client, 'call'>, query: Record<string, unknown> = {}, id = s.projectId) =>
  client.call(reviewRoutes.assignments, { unchecked: true, params: { id }, query });
const save = (client: Pick<Client, 'call'>, taskId: number, submit: boolean) =>
  client.call(reviewRoutes.save, {
    unchecked: true,
    params: { id: s.projectId, taskId },
    body: { answers: [{ path: 'Tone', value: 2 }], submit },
  });

describe('the review queue', () => {
  it("shows the caller's own assignments with their progress, open first", async () => {
    const mine = (await assignmentsOf(s.t, ruleId)).filter((row) => row.reviewerId === r1.userId);
    expect(mine).toHaveLength(3);
    const first = await queue(r1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().meta).toMatchObject({
      progress: { reviewer: { id: r1.userId }, done: 0, in_progress: 0, total: 3 },
      total: 3,
    });
    expect(
      first
        .json()
        .data.map((a: { task_id: number }) => a.task_id)
        .sort(),
    ).toEqual(mine.map((row) => row.taskId).sort());
    expect(first.json().data[0]).toMatchObject({
      rule: { id: ruleId, name: 'Everything' },
      reviewer: { id: r1.userId },
      status: 'open',
      done_at: null,
      analysis: { department: 'Sales', prompt_name: expect.any(String), file_name: 'call.wav' },
    });

    const submitted = await save(r1, mine[0]!.taskId, true);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const drafted = await save(r1, mine[1]!.taskId, false);
    expect(drafted.statusCode, drafted.body).toBe(200);
    // Someone else's review does not count for r1.
    expect((await save(s.admin, mine[2]!.taskId, true)).statusCode).toBe(200);

    const after = (await queue(r1)).json();
    expect(after.meta.progress).toMatchObject({ done: 1, in_progress: 1, total: 3 });
    expect(after.data.map((a: { status: string }) => a.status)).toEqual(['open', 'in_progress', 'done']);
    expect(after.data.map((a: { task_id: number }) => a.task_id)).toEqual([
      mine[2]!.taskId,
      mine[1]!.taskId,
      mine[0]!.taskId,
    ]);
    expect(after.data[2].done_at).toEqual(submitted.json().data.submitted_at);
    const done = (await queue(r1, { status: 'done' })).json();
    expect(done.data.map((a: { task_id: number }) => a.task_id)).toEqual([mine[0]!.taskId]);
    expect(done.meta).toMatchObject({ total: 1, progress: { total: 3 } });
    const paged = (await queue(r1, { per_page: 1, page: 2 })).json();
    expect(paged.data.map((a: { task_id: number }) => a.task_id)).toEqual([mine[1]!.taskId]);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 1, total: 3 });
  });

  it('is empty for a member without assignments and for another week', async () => {
    const empty = await queue(s.user);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      data: [],
      meta: { progress: { reviewer: { id: s.user.userId }, done: 0, in_progress: 0, total: 0 }, total: 0 },
    });
    const lastYear = (await queue(r1, { week: '2025-12-03' })).json();
    expect(lastYear).toMatchObject({ data: [], meta: { week: '2025-12-01' } });
    expect((await queue(s.stranger)).statusCode).toBe(404);
    expect((await queue(s.owner, {}, s.otherProjectId)).statusCode).toBe(200);
  });
});

describe('the assignments overview', () => {
  it("is the admins': every reviewer's progress and the filtered assignments", async () => {
    expect((await overview(s.leader)).statusCode).toBe(403);
    expect((await overview(s.user)).statusCode).toBe(403);
    expect((await overview(r1)).statusCode).toBe(403);
    const response = await overview(s.admin);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta.total).toBe(6);
    const progress = new Map(
      body.meta.reviewers.map((p: { reviewer: { id: number } }) => [p.reviewer.id, p] as const),
    );
    expect(progress.get(r1.userId)).toMatchObject({ done: 1, in_progress: 1, total: 3 });
    expect(progress.get(r2.userId)).toMatchObject({ done: 0, in_progress: 0, total: 3 });
    expect(progress.size).toBe(2);
    const filtered = (await overview(s.owner, { reviewer_id: r2.userId })).json();
    expect(filtered.meta.total).toBe(3);
    expect(filtered.meta.reviewers).toHaveLength(2);
    expect((await overview(s.owner, { status: 'in_progress' })).json().meta.total).toBe(1);
    expect((await overview(s.owner, { rule_id: ruleId + 1000 })).json().meta.total).toBe(0);
    expect((await overview(s.support)).statusCode).toBe(200);
  });
});

describe('access to the sampling routes', () => {
  it('admins and owners only; 404 elsewhere; media keys refused, full keys allowed', async () => {
    const routes = (client: Pick<Client, 'call'>, id: number, rule = ruleId) => [
      client.call(reviewRoutes.listRules, { params: { id } }),
      client.call(reviewRoutes.createRule, {
        unchecked: true,
        params: { id },
        body: { ...ruleBody(), enabled: false },
      }),
      client.call(reviewRoutes.updateRule, {
        unchecked: true,
        params: { id, ruleId: rule },
        body: { ...ruleBody(), enabled: false },
      }),
      client.call(reviewRoutes.deleteRule, { params: { id, ruleId: rule } }),
      client.call(reviewRoutes.runRule, { params: { id, ruleId: rule } }),
    ];
    for (const [who, client] of [
      ['leader', s.leader],
      ['user', s.user],
      ['reviewer', r1],
    ] as const) {
      for (const response of await Promise.all(routes(client, s.projectId))) {
        expect(response.statusCode, `${who}: ${response.body}`).toBe(403);
      }
    }
    // The owner of another project (no member of this one) finds none of it.
    await createProject(s.stranger, 'Their own');
    const outside = [
      ...(await Promise.all(routes(s.stranger, s.projectId))),
      await queue(s.stranger),
      await overview(s.stranger),
    ];
    expect(outside.map((response) => response.statusCode)).toEqual(Array(7).fill(404));
    // A rule is found only under its own project.
    const crossed = await Promise.all(routes(s.owner, s.otherProjectId));
    expect(crossed.map((response) => response.statusCode)).toEqual([200, 201, 404, 404, 404]);
    const support = await Promise.all(routes(s.support, s.projectId));
    expect(support.map((response) => response.statusCode)).toEqual([200, 403, 403, 403, 403]);
    const media = keyClient(s.t.app, (await createKey(s.owner, s.projectId, 'media')).key);
    for (const response of [...(await Promise.all(routes(media, s.projectId))), await queue(media)]) {
      expect(response.statusCode).toBe(403);
    }
    const list = await s.fullKey.call(reviewRoutes.listRules, { params: { id: s.projectId } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((rule: { id: number }) => rule.id === ruleId)).toMatchObject({
      assigned_this_week: 6,
    });
    expect(
      (await s.fullKey.call(reviewRoutes.runRule, { params: { id: s.projectId, ruleId } })).statusCode,
    ).toBe(200);
    expect((await overview(s.fullKey)).statusCode).toBe(200);
    expect((await queue(s.fullKey)).statusCode).toBe(200);
  });
});

describe('the schedule and deleting a rule', () => {
  it('runs the enabled rules and skips the disabled ones', async () => {
    const later = await sampleTask(s.t, s.projectId, prompt, { department: 'Sales', representative: 'Late' });
    const disabledPrompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
    const skipped = await sampleTask(s.t, s.projectId, disabledPrompt, {
      department: 'Sales',
      representative: 'Late',
    });
    const disabled = await createRule(s.owner, s.projectId, {
      ...ruleBody({ prompt_id: disabledPrompt.id, reviewer_ids: [r1.userId] }),
      enabled: false,
    });
    const results = await runEnabledRules(s.t.ctx);
    expect(results.find((r) => r.rule_id === ruleId)).toMatchObject({ assigned: 1 });
    expect(results.find((r) => r.rule_id === disabled)).toBeUndefined();
    expect(await taskIdsOf(s.t, ruleId)).toContain(later);
    expect(await taskIdsOf(s.t, disabled)).toEqual([]);
    const [rule] = await s.t.ctx.db.select().from(samplingRules).where(eq(samplingRules.id, disabled));
    expect(rule!.lastRunAt).toBeNull();
    expect(skipped).toBeGreaterThan(0);
  });

  it("drops a member's open assignments when they leave the project; a rerun gives them to someone else", async () => {
    const leaver = await reviewerMember(s.t, s.projectId);
    const stayer = await reviewerMember(s.t, s.projectId);
    const leaving = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
    const tasks = [];
    for (let i = 0; i < 2; i++) {
      tasks.push(await sampleTask(s.t, s.projectId, leaving, { department: 'Sales', representative: 'Leo' }));
    }
    const rule = await createRule(s.owner, s.projectId, {
      ...ruleBody({ prompt_id: leaving.id, reviewer_ids: [leaver.userId, stayer.userId] }),
    });
    const byReviewer = async () =>
      (await assignmentsOf(s.t, rule)).map((row) => [row.taskId, row.reviewerId]).sort();
    const first = await byReviewer();
    expect(first.map(([, reviewer]) => reviewer).sort()).toEqual([leaver.userId, stayer.userId].sort());
    const leaversTask = first.find(([, reviewer]) => reviewer === leaver.userId)![0]!;
    // The leaver started nothing: the assignment goes with the membership.
    const removed = await s.owner.call(memberRoutes.remove, {
      params: { id: s.projectId, userId: leaver.userId },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await byReviewer()).map(([task]) => task)).not.toContain(leaversTask);
    expect((await run(s.owner, s.projectId, rule)).json().data).toMatchObject({ assigned: 1 });
    expect(await byReviewer()).toEqual(tasks.map((task) => [task, stayer.userId]).sort());
    // Nobody started them: deleting the rule takes them all.
    await s.owner.call(reviewRoutes.deleteRule, { params: { id: s.projectId, ruleId: rule } });
    expect(await byReviewer()).toEqual([]);
  });

  it('keeps the assignments with a review (the rule name kept) and drops the open ones', async () => {
    const before = await assignmentsOf(s.t, ruleId);
    const response = await s.owner.call(reviewRoutes.deleteRule, { params: { id: s.projectId, ruleId } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: ruleId, name: 'Everything' });
    const kept = await s.t.ctx.db
      .select()
      .from(reviewAssignments)
      .where(eq(reviewAssignments.projectId, s.projectId));
    // r1's submitted and draft reviews; the admin's review is not the assignee's.
    expect(kept).toHaveLength(2);
    expect(kept.every((row) => row.ruleId === null && row.ruleName === 'Everything')).toBe(true);
    expect(before.length).toBeGreaterThan(2);
    const stillThere = (await queue(r1)).json();
    expect(stillThere.data.map((a: { rule: unknown }) => a.rule)).toEqual([
      { id: null, name: 'Everything' },
      { id: null, name: 'Everything' },
    ]);
    expect(
      (await s.owner.call(reviewRoutes.deleteRule, { params: { id: s.projectId, ruleId } })).statusCode,
    ).toBe(404);
  });
});
