import { analysisRoutes, repRoutes, reviewRoutes } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT,
  field,
  type ScoredPrompt,
  scoredPrompt,
  startChangeRequestApp,
  VALUES,
} from '../../../test/change-requests.ts';
import type { Client } from '../../../test/harness.ts';
import {
  assignmentsOf,
  createRule,
  hashOrder,
  reviewerMember,
  ruleBody,
  run,
  sampleTask,
  seedOf,
  taskIdsOf,
} from '../../../test/sampling.ts';
import { changeRequests, projects, reviewAssignments, samplingRules } from '../../db/schema/index.ts';
import { weekOf } from './sampling.ts';

let s: Awaited<ReturnType<typeof startChangeRequestApp>>;

beforeAll(async () => {
  s = await startChangeRequestApp();
}, 120_000);
afterAll(() => s?.t.close());

const newPrompt = (content = CONTENT): Promise<ScoredPrompt> =>
  scoredPrompt(s.t, s.owner, s.projectId, 'sum', null, 'claude-sonnet-4-5', content);
const create = (client: Pick<Client, 'call'>, body: Record<string, unknown>, id = s.projectId) =>
  client.call(reviewRoutes.createRule, { unchecked: true, params: { id }, body });

describe('rule validation', () => {
  it('refuses incomplete rules (400) and references outside the project (422)', async () => {
    const otherPrompt = await scoredPrompt(s.t, s.owner, s.otherProjectId, 'sum');
    const ownPrompt = await newPrompt();
    const cases: Array<[string, Record<string, unknown>, number, string?]> = [
      ['random without N', { name: 'R', kind: 'random' }, 400, 'per_representative'],
      ['score_below without threshold', { name: 'S', kind: 'score_below' }, 400, 'score_below'],
      ['until before since', ruleBody({ since: '2026-03-10', until: '2026-03-09' }), 400, 'until'],
      ['blank name', ruleBody({ name: '  ' }), 400, 'name'],
      ['reviewer not a member', ruleBody({ reviewer_ids: [s.stranger.userId] }), 422, 'reviewer_ids'],
      ['user without the reviewer permission', ruleBody({ reviewer_ids: [s.user.userId] }), 422],
      ['prompt of another project', ruleBody({ prompt_id: otherPrompt.id }), 422, 'prompt_id'],
      [
        'unsure field without a prompt',
        { name: 'U', kind: 'unsure', field_path: 'Greeting' },
        400,
        'prompt_id',
      ],
      [
        'unsure field not of the prompt',
        { name: 'U', kind: 'unsure', prompt_id: ownPrompt.id, field_path: 'Discovery.Nope' },
        422,
        'field_path',
      ],
      [
        'unsure field that is a group',
        { name: 'U', kind: 'unsure', prompt_id: ownPrompt.id, field_path: 'Discovery' },
        422,
        'field_path',
      ],
    ];
    for (const [what, body, status, fieldName] of cases) {
      const response = await create(s.owner, { ...body, enabled: false });
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      if (status === 422) expect(response.json().error.code).toBe('invalid_value');
      if (fieldName) expect(response.json().error.field, what).toBe(fieldName);
    }
    const ok = await create(s.owner, {
      ...ruleBody({ prompt_id: ownPrompt.id, reviewer_ids: [s.admin.userId, s.admin.userId] }),
      name: '<b>Low</b> scores',
      enabled: false,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({
      name: '<b>Low</b> scores',
      reviewer_ids: [s.admin.userId],
      created_by: { id: s.owner.userId },
      last_run_at: null,
      assigned_this_week: 0,
    });
    expect(ok.json().data).not.toHaveProperty('seed');
    const updated = await s.owner.call(reviewRoutes.updateRule, {
      unchecked: true,
      params: { id: s.projectId, ruleId: ok.json().data.id },
      body: { ...ruleBody({ reviewer_ids: [s.stranger.userId] }), enabled: false },
    });
    expect(updated.statusCode).toBe(422);
  });

  it('refuses rules beyond the limit (409 too_many_rules)', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({
      projectId: s.otherProjectId,
      name: `R${i}`,
      kind: 'disputed' as const,
      seed: 'x',
      createdByName: 'x',
      enabled: false,
    }));
    await s.t.ctx.db.insert(samplingRules).values(rows);
    const response = await create(s.owner, { ...ruleBody(), enabled: false }, s.otherProjectId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('too_many_rules');
    await s.t.ctx.db.delete(samplingRules).where(eq(samplingRules.projectId, s.otherProjectId));
  });
});

describe('random sampling', () => {
  let prompt: ScoredPrompt;
  const byRep = new Map<string, number[]>();

  beforeAll(async () => {
    prompt = await newPrompt();
    for (const rep of ['Ann', 'Bob', '']) {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        // Ann is spelt in different cases: one representative.
        const name = rep === 'Ann' && i % 2 ? ' ann ' : rep;
        ids.push(await sampleTask(s.t, s.projectId, prompt, { department: 'Sales', representative: name }));
      }
      byRep.set(rep, ids);
    }
  });

  it('picks N analyses per representative in the seed order, and a rerun assigns nothing new', async () => {
    const ruleId = await createRule(s.owner, s.projectId, {
      name: 'Two each',
      kind: 'random',
      per_representative: 2,
      prompt_id: prompt.id,
      reviewer_ids: [s.admin.userId],
    });
    const first = await run(s.owner, s.projectId, ruleId);
    expect(first.statusCode, first.body).toBe(200);
    const { week } = first.json().data;
    expect(first.json().data).toEqual({ rule_id: ruleId, week, picked: 6, assigned: 0, unassigned: 0 });
    const seed = await seedOf(s.t, ruleId);
    const expected = [...byRep.values()].flatMap((ids) => hashOrder(seed, week, ids).slice(0, 2));
    const picked = await taskIdsOf(s.t, ruleId);
    expect(picked).toEqual([...expected].sort((a, b) => a - b));

    // Deleting the assignments and running again picks the same analyses.
    await s.t.ctx.db.delete(reviewAssignments).where(eq(reviewAssignments.ruleId, ruleId));
    const again = await run(s.owner, s.projectId, ruleId);
    expect(again.json().data).toMatchObject({ picked: 6, assigned: 6, unassigned: 0 });
    expect(await taskIdsOf(s.t, ruleId)).toEqual(picked);

    // Concurrent runs of one rule are serialised: together they fill the quota once.
    await s.t.ctx.db.delete(reviewAssignments).where(eq(reviewAssignments.ruleId, ruleId));
    const both = await Promise.all([run(s.owner, s.projectId, ruleId), run(s.admin, s.projectId, ruleId)]);
    expect(both.map((response) => response.json().data.assigned).sort()).toEqual([0, 6]);
    expect(await taskIdsOf(s.t, ruleId)).toEqual(picked);

    // A quota tops up only what is missing.
    await s.t.ctx.db.delete(reviewAssignments).where(eq(reviewAssignments.taskId, picked[0]!));
    const topUp = await run(s.owner, s.projectId, ruleId);
    expect(topUp.json().data).toMatchObject({ picked: 6, assigned: 1 });
    expect(await taskIdsOf(s.t, ruleId)).toEqual(picked);

    // Another seed picks otherwise (the same data, the rule's first assignments gone).
    await s.t.ctx.db.delete(reviewAssignments).where(eq(reviewAssignments.ruleId, ruleId));
    await s.t.ctx.db.update(samplingRules).set({ seed: 'another seed' }).where(eq(samplingRules.id, ruleId));
    await run(s.owner, s.projectId, ruleId);
    const other = [...byRep.values()].flatMap((ids) => hashOrder('another seed', week, ids).slice(0, 2));
    expect(await taskIdsOf(s.t, ruleId)).toEqual([...other].sort((a, b) => a - b));
    expect(other.sort()).not.toEqual([...expected].sort());
    // The week is part of the order: the same seed over another week orders otherwise.
    const all = [...byRep.values()].flat();
    expect(hashOrder(seed, week, all)).not.toEqual(hashOrder(seed, '2026-01-05', all));
  });

  it('counts its quota per rule: a second rule takes other analyses, never one assigned already', async () => {
    const ruleId = await createRule(s.owner, s.projectId, {
      name: 'Three each',
      kind: 'random',
      per_representative: 3,
      prompt_id: prompt.id,
      reviewer_ids: [s.admin.userId],
    });
    const mine = await taskIdsOf(s.t, ruleId);
    expect(mine).toHaveLength(9);
    const [taken] = await s.t.ctx.db
      .select({ n: reviewAssignments.id })
      .from(reviewAssignments)
      .where(eq(reviewAssignments.taskId, mine[0]!));
    expect(taken).toBeDefined();
    const all = await s.t.ctx.db.select({ taskId: reviewAssignments.taskId }).from(reviewAssignments);
    expect(new Set(all.map((row) => row.taskId)).size).toBe(all.length);
  });
});

describe('kinds and filters', () => {
  it('knockout, score_below and disputed pick exactly their analyses', async () => {
    const content = CONTENT.map((f) =>
      f.key === 'Greeting' ? field('Greeting', 'bool', { knockout: [false] }) : f,
    );
    const prompt = await newPrompt(content);
    const people = { department: 'Sales', representative: 'Cid' };
    const knocked = await sampleTask(s.t, s.projectId, prompt, people, {
      values: { ...VALUES, Greeting: false },
    });
    const passed = await sampleTask(s.t, s.projectId, prompt, people, {
      values: { ...VALUES, Greeting: true },
    });
    const list = await s.owner.call(analysisRoutes.list, {
      params: { id: s.projectId },
      query: { knocked_out: 'true', prompt_id: prompt.id },
    });
    expect(list.json().data.items.map((item: { id: number }) => item.id)).toEqual([knocked]);
    const knockoutRule = await createRule(s.owner, s.projectId, {
      name: 'Knockouts',
      kind: 'knockout',
      prompt_id: prompt.id,
      reviewer_ids: [s.admin.userId],
    });
    expect(await taskIdsOf(s.t, knockoutRule)).toEqual([knocked]);

    const plain = await newPrompt();
    const low = await sampleTask(s.t, s.projectId, plain, people, { values: { ...VALUES, Tone: 0 } });
    const high = await sampleTask(s.t, s.projectId, plain, people, { values: { ...VALUES, Tone: 3 } });
    const disputed = await sampleTask(s.t, s.projectId, plain, people, { values: { ...VALUES, Tone: 3 } });
    const scores = await s.owner.call(analysisRoutes.list, {
      params: { id: s.projectId },
      query: { prompt_id: plain.id },
    });
    const scoreOf = (id: number) =>
      scores.json().data.items.find((item: { id: number }) => item.id === id).final_score as number;
    expect(scoreOf(low)).toBeLessThan(scoreOf(high));
    await s.t.ctx.db
      .insert(changeRequests)
      .values({ projectId: s.projectId, taskId: disputed, kind: 'field', reason: 'Wrong tone' });
    const disputedRule = await createRule(s.owner, s.projectId, {
      name: 'Disputed',
      kind: 'disputed',
      prompt_id: plain.id,
      reviewer_ids: [s.admin.userId],
    });
    expect(await taskIdsOf(s.t, disputedRule)).toEqual([disputed]);
    const lowRule = await createRule(s.owner, s.projectId, {
      name: 'Low',
      kind: 'score_below',
      score_below: scoreOf(high),
      prompt_id: plain.id,
      reviewer_ids: [s.admin.userId],
    });
    expect(await taskIdsOf(s.t, lowRule)).toEqual([low]);
    expect(passed).toBeGreaterThan(0);
  });

  it('unsure picks the analyses the model was unsure of (of the field, when set), never twice', async () => {
    const prompt = await newPrompt();
    const people = { department: 'Sales', representative: 'Fay' };
    const budget = await sampleTask(s.t, s.projectId, prompt, people, { unsurePaths: ['Discovery.Budget'] });
    const tone = await sampleTask(s.t, s.projectId, prompt, people, { unsurePaths: ['Tone', 'Outcome'] });
    await sampleTask(s.t, s.projectId, prompt, people, { unsurePaths: [] });
    await sampleTask(s.t, s.projectId, prompt, people);
    await sampleTask(s.t, s.projectId, prompt, people, {
      unsurePaths: ['Tone'],
      completedAt: new Date(Date.now() - 8 * 86_400_000),
    });
    // Another project's analysis the model was unsure of, with a prompt of the same fields.
    const elsewhere = await scoredPrompt(s.t, s.owner, s.otherProjectId, 'sum');
    const foreign = await sampleTask(s.t, s.otherProjectId, elsewhere, people, { unsurePaths: ['Tone'] });

    const toneRule = await createRule(s.owner, s.projectId, {
      name: 'Unsure of the tone',
      kind: 'unsure',
      prompt_id: prompt.id,
      field_path: 'Tone',
      reviewer_ids: [s.admin.userId],
    });
    expect(await taskIdsOf(s.t, toneRule)).toEqual([tone]);
    const rules = await s.owner.call(reviewRoutes.listRules, { params: { id: s.projectId } });
    expect(rules.json().data.find((rule: { id: number }) => rule.id === toneRule)).toMatchObject({
      kind: 'unsure',
      field_path: 'Tone',
    });

    const anyRule = await createRule(s.owner, s.projectId, {
      name: 'Unsure of anything',
      kind: 'unsure',
      reviewer_ids: [s.admin.userId],
    });
    // Any field, any prompt of the project; the tone analysis is the first rule's already.
    expect(await taskIdsOf(s.t, anyRule)).toEqual([budget]);
    const rerun = await run(s.owner, s.projectId, anyRule);
    expect(rerun.json().data).toMatchObject({ picked: 1, assigned: 0, unassigned: 0 });
    const [foreignAssignment] = await s.t.ctx.db
      .select()
      .from(reviewAssignments)
      .where(eq(reviewAssignments.taskId, foreign));
    expect(foreignAssignment).toBeUndefined();

    // The field was the deleted prompt's (prompt_id set null): the rule names no field any more, picks nothing.
    await sampleTask(s.t, s.projectId, prompt, people, { unsurePaths: ['Tone'] });
    await s.t.ctx.db.update(samplingRules).set({ promptId: null }).where(eq(samplingRules.id, toneRule));
    expect((await run(s.owner, s.projectId, toneRule)).json().data).toMatchObject({ assigned: 0 });
  });

  it('takes only completed analyses completed this week, with the prompt, department and dates asked', async () => {
    const prompt = await newPrompt();
    const other = await newPrompt();
    const sales = { department: 'Sales', representative: 'Dee' };
    const week = await sampleTask(s.t, s.projectId, prompt, { department: 'sALES', representative: 'Dee' });
    await sampleTask(s.t, s.projectId, prompt, sales, { completedAt: new Date(Date.now() - 8 * 86_400_000) });
    await sampleTask(s.t, s.projectId, prompt, sales, { status: 'processing' });
    await sampleTask(s.t, s.projectId, prompt, { department: 'Support', representative: 'Dee' });
    await sampleTask(s.t, s.projectId, other, sales);
    const early = await sampleTask(s.t, s.projectId, prompt, sales, {
      conversationAt: '2026-03-02T10:00:00Z',
    });
    const late = await sampleTask(s.t, s.projectId, prompt, sales, {
      conversationAt: '2026-03-20T10:00:00Z',
    });
    const ruleId = await createRule(s.owner, s.projectId, {
      ...ruleBody({ prompt_id: prompt.id, department: ' Sales ', reviewer_ids: [s.admin.userId] }),
    });
    expect(await taskIdsOf(s.t, ruleId)).toEqual([week, early, late].sort((a, b) => a - b));
    const dated = await createRule(s.owner, s.projectId, {
      ...ruleBody({
        prompt_id: prompt.id,
        since: '2026-03-01',
        until: '2026-03-02',
        reviewer_ids: [s.admin.userId],
      }),
    });
    // early was taken by the first rule: one assignment per analysis.
    expect(await taskIdsOf(s.t, dated)).toEqual([]);
    await s.t.ctx.db.delete(reviewAssignments).where(eq(reviewAssignments.ruleId, ruleId));
    await run(s.owner, s.projectId, dated);
    expect(await taskIdsOf(s.t, dated)).toEqual([early]);
  });
});

describe('assignment', () => {
  it('is balanced between reviewers, and a weekly goal leaves the rest unassigned', async () => {
    const prompt = await newPrompt();
    const [r1, r2] = [await reviewerMember(s.t, s.projectId), await reviewerMember(s.t, s.projectId)];
    for (let i = 0; i < 5; i++) {
      await sampleTask(s.t, s.projectId, prompt, { department: 'Sales', representative: `Rep ${i}` });
    }
    const ruleId = await createRule(s.owner, s.projectId, {
      ...ruleBody({ prompt_id: prompt.id, reviewer_ids: [r1.userId, r2.userId], weekly_goal: 2 }),
      enabled: false,
    });
    const disabled = await run(s.owner, s.projectId, ruleId);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().error.code).toBe('rule_disabled');
    const rule = await s.owner.call(reviewRoutes.listRules, { params: { id: s.projectId } });
    const body = rule.json().data.find((r: { id: number }) => r.id === ruleId);
    const enabled = await s.owner.call(reviewRoutes.updateRule, {
      unchecked: true,
      params: { id: s.projectId, ruleId },
      body: { ...body, enabled: true },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data).toMatchObject({ assigned_this_week: 4, last_run_at: expect.any(String) });
    const rows = await assignmentsOf(s.t, ruleId);
    expect(rows.filter((row) => row.reviewerId === r1.userId)).toHaveLength(2);
    expect(rows.filter((row) => row.reviewerId === r2.userId)).toHaveLength(2);
    const again = await run(s.owner, s.projectId, ruleId);
    expect(again.json().data).toMatchObject({ picked: 5, assigned: 0, unassigned: 1 });
  });

  it('assigns, without named reviewers, every member who may review and sees the analysis; nobody else', async () => {
    const prompt = await newPrompt();
    for (let i = 0; i < 12; i++) {
      await sampleTask(s.t, s.projectId, prompt, { department: 'Sales', representative: `Agent ${i}` });
    }
    const ruleId = await createRule(s.owner, s.projectId, ruleBody({ prompt_id: prompt.id }));
    const rows = await assignmentsOf(s.t, ruleId);
    expect(rows).toHaveLength(12);
    const reviewers = new Set(rows.map((row) => row.reviewerId));
    // The least loaded this week first: the admin, given many by the rules above, gets none here.
    expect(reviewers).toContain(s.owner.userId);
    expect(reviewers).toContain(s.leader.userId);
    expect(reviewers).not.toContain(s.admin.userId);
    for (const never of [s.user, s.user2, s.support, s.otherLeader, s.stranger]) {
      expect(reviewers).not.toContain(never.userId);
    }
  });

  it("gives team leaders only their team's analyses and never a representative their own", async () => {
    const prompt = await newPrompt();
    const ann = await reviewerMember(s.t, s.projectId);
    const mapped = await s.owner.call(repRoutes.createMapping, {
      params: { id: s.projectId },
      body: { identifier: ann.email, representative: 'Ann' },
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
    const sales = [0, 1, 2].map(() => ({ department: 'Sales', representative: 'Eve' }));
    const salesIds = [];
    for (const people of sales) salesIds.push(await sampleTask(s.t, s.projectId, prompt, people));
    const supportIds = [
      await sampleTask(s.t, s.projectId, prompt, { department: 'Support', representative: 'Eve' }),
      await sampleTask(s.t, s.projectId, prompt, { department: 'support', representative: 'Eve' }),
    ];
    const nobody = await sampleTask(s.t, s.projectId, prompt, {
      department: 'Billing',
      representative: 'Eve',
    });
    const teams = await createRule(s.owner, s.projectId, {
      ...ruleBody({ prompt_id: prompt.id, reviewer_ids: [s.leader.userId, s.otherLeader.userId] }),
    });
    const rows = await assignmentsOf(s.t, teams);
    expect(rows).toEqual([
      ...salesIds.map((taskId) => ({ taskId, reviewerId: s.leader.userId })),
      ...supportIds.map((taskId) => ({ taskId, reviewerId: s.otherLeader.userId })),
    ]);
    const rerun = await run(s.owner, s.projectId, teams);
    expect(rerun.json().data).toMatchObject({ assigned: 0, unassigned: 1 });
    expect(nobody).toBeGreaterThan(0);

    const own = await newPrompt();
    const annTasks = [];
    for (let i = 0; i < 3; i++) {
      annTasks.push(await sampleTask(s.t, s.projectId, own, { department: 'Sales', representative: ' ANN' }));
    }
    const onlyAnn = await createRule(s.owner, s.projectId, {
      ...ruleBody({ prompt_id: own.id, reviewer_ids: [ann.userId] }),
    });
    expect(await taskIdsOf(s.t, onlyAnn)).toEqual([]);
    expect((await run(s.owner, s.projectId, onlyAnn)).json().data).toMatchObject({
      picked: 3,
      unassigned: 3,
    });
    const withAdmin = await createRule(s.owner, s.projectId, {
      ...ruleBody({ prompt_id: own.id, reviewer_ids: [ann.userId, s.admin.userId] }),
    });
    const assigned = await assignmentsOf(s.t, withAdmin);
    expect(assigned.map((row) => row.reviewerId)).toEqual(annTasks.map(() => s.admin.userId));
  });
});

describe('the week', () => {
  it("is Monday 00:00 to the next Monday in the project's timezone", async () => {
    expect(await weekOf(s.t.ctx.db, 'UTC', '2026-12-06')).toBe('2026-11-30');
    expect(await weekOf(s.t.ctx.db, 'UTC', '2026-12-07')).toBe('2026-12-07');
    const tz = 'Pacific/Kiritimati';
    await s.t.ctx.db.update(projects).set({ timezone: tz }).where(eq(projects.id, s.otherProjectId));
    const bounds = await s.t.ctx.db.execute<{ start: Date; monday: string }>(sql`
      SELECT date_trunc('week', now() AT TIME ZONE ${tz}) AT TIME ZONE ${tz} AS start,
        date_trunc('week', now() AT TIME ZONE ${tz})::date::text AS monday`);
    const { start, monday } = bounds.rows[0]!;
    const startMs = new Date(start).getTime();
    const prompt = await scoredPrompt(s.t, s.owner, s.otherProjectId, 'sum');
    const people = { department: 'Sales', representative: 'Kim' };
    const inWeek = await sampleTask(s.t, s.otherProjectId, prompt, people, {
      completedAt: new Date(startMs + 60_000),
    });
    await sampleTask(s.t, s.otherProjectId, prompt, people, { completedAt: new Date(startMs - 60_000) });
    const ruleId = await createRule(
      s.owner,
      s.otherProjectId,
      ruleBody({ prompt_id: prompt.id, reviewer_ids: [s.owner.userId] }),
    );
    expect(await taskIdsOf(s.t, ruleId)).toEqual([inWeek]);
    expect((await run(s.owner, s.otherProjectId, ruleId)).json().data.week).toBe(monday);
  });
});
