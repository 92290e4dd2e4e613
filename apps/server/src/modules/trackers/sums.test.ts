import { analysisRoutes, projectRoutes, promptRoutes, trackerRoutes } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
  usersSeeAll,
} from '../../../test/harness.ts';
import { completedAnalysis, createTracker, said } from '../../../test/trackers.ts';
import { createPrompt } from '../../../test/uploads.ts';
import { projects, promptVersions, tasks, teamLeaderAssignments } from '../../db/schema/index.ts';
import { eraseAnalyses } from '../tasks/erase.ts';
import { expireAnalyses } from '../tasks/expire.ts';
import { updateTaskPeople } from '../tasks/people.ts';
import { completeTask } from '../tasks/state.ts';
import { applyTracker } from './apply.ts';

// The day sums (migration 0049) against a count over the raw rows after every kind of change: whatever path
// writes tasks, tracker_hits, trackers or projects, the sums must say what the rows say.

let t: TestApp;
let owner: Client;
let leader: Client;
let projectId: number;
let otherProjectId: number;
let firstPrompt: number;
let secondPrompt: number;
const analyses: number[] = [];

type Period = 'day' | 'month';
const SUMS = {
  analyses: { day: 'tracker_analysis_days', month: 'tracker_analysis_months', tracker: '0', n: 'analyses' },
  hits: { day: 'tracker_hit_days', month: 'tracker_hit_months', tracker: 'tracker_id', n: 'hit' },
} as const;

/**
 * One kind of sums of the project per day or month as stored, and as counted from tasks (completed) and
 * tracker_hits, in one order.
 */
async function sumsAndCounts(project: number, kind: keyof typeof SUMS, period: Period) {
  const sums = SUMS[kind];
  const read = async (query: ReturnType<typeof sql>) =>
    (await t.ctx.db.execute<Record<string, unknown>>(query)).rows;
  const key = sql`prompt_id, chosen_prompt_version_id, department, representative`;
  const day = sql`(t.conversation_at AT TIME ZONE p.timezone)::date`;
  const rows = kind === 'hits' ? sql`tracker_hits h JOIN tasks t ON t.id = h.task_id` : sql`tasks t`;
  return {
    stored: await read(sql`SELECT ${sql.raw(sums.tracker)} AS tracker_id,
      ${sql.raw(period === 'day' ? 'analysis_date' : 'month')}::text AS period, ${key}, ${sql.raw(sums.n)} AS n
      FROM ${sql.raw(sums[period])} WHERE project_id = ${project} ORDER BY 1, 2, 3, 4, 5, 6`),
    counted: await read(sql`SELECT ${sql.raw(kind === 'hits' ? 'h.tracker_id' : '0')} AS tracker_id,
      ${period === 'day' ? day : sql`date_trunc('month', ${day})::date`}::text AS period, ${key}, count(*)::int AS n
      FROM ${rows} JOIN projects p ON p.id = t.project_id
      WHERE t.project_id = ${project} AND t.status = 'completed' GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`),
  };
}

/** Every sum equals its count (and the hits hold something, so that empty tables cannot pass). */
async function expectExact(project = projectId, empty = false): Promise<void> {
  for (const kind of ['analyses', 'hits'] as const) {
    for (const period of ['day', 'month'] as const) {
      const { stored, counted } = await sumsAndCounts(project, kind, period);
      expect(stored, `${kind} per ${period}`).toEqual(counted);
      if (!empty && kind === 'hits') expect(counted.length).toBeGreaterThan(0);
    }
  }
}

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app);
  owner = await signUp(t.app);
  leader = await signUp(t.app);
  projectId = await createProject(owner, 'Sums');
  otherProjectId = await createProject(owner, 'Other');
  await addMember(t, projectId, leader, 'teamleader');
  await usersSeeAll(t, projectId);
  await t.ctx.db
    .insert(teamLeaderAssignments)
    .values({ projectId, userId: leader.userId, departments: ['Sales'], representatives: [] });
  firstPrompt = await createPrompt(owner, projectId);
  secondPrompt = await createPrompt(owner, projectId);
  const people = [
    ['Sales', 'Ann', '2026-01-15T23:30:00Z', 'I want to cancel my contract.'],
    ['Support', 'Bob', '2026-02-10T12:00:00Z', 'Please cancel, I want a refund.'],
    ['Sales', 'Ann', '2026-02-20T12:00:00Z', 'A refund, please.'],
    ['Sales', 'Cid', '2026-02-20T18:00:00Z', 'Nothing to cancel today.'],
    ['Support', null, '2026-03-01T08:00:00Z', 'Just a question.'],
  ] as const;
  for (const [department, representative, at, text] of people) {
    analyses.push(
      await completedAnalysis(
        t,
        projectId,
        said(text, { department, representative: representative ?? undefined, at }),
      ),
    );
  }
  await completedAnalysis(t, otherProjectId, said('cancel', { department: 'Sales', representative: 'Ann' }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('tracker day sums', () => {
  let cancel: number;
  let refund: number;

  it('count completed analyses and the hits the apply job writes, and a change of phrases applied anew', async () => {
    await expectExact(projectId, true);
    cancel = (
      await createTracker(owner, projectId, {
        name: 'Cancel',
        language: 'en',
        phrases: ['cancel'],
        speaker: 'customer',
      })
    ).id;
    refund = (await createTracker(owner, projectId, { name: 'Refund', language: 'en', phrases: ['refund'] }))
      .id;
    await applyTracker(t.ctx, cancel);
    await applyTracker(t.ctx, refund);
    await expectExact();
    const changed = await owner.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: cancel },
      body: { phrases: ['contract', 'question'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await applyTracker(t.ctx, cancel);
    await expectExact();
  });

  it('follow completions (new hits) and a reviewer changing the speakers roles', async () => {
    analyses.push(
      await completedAnalysis(
        t,
        projectId,
        said('My contract, a refund.', { department: 'Sales', representative: 'Ann' }),
      ),
    );
    await expectExact();
    // Analyses inserted completed at once (an import): counted in the statement that inserts them.
    const [media] = await t.ctx.db
      .select({ id: tasks.mediaId })
      .from(tasks)
      .where(eq(tasks.id, analyses[0]!));
    const copies = await t.ctx.db
      .insert(tasks)
      .values(
        ['Sales', 'Sales', 'Support'].map((department) => ({
          projectId,
          mediaId: media!.id,
          status: 'completed' as const,
          department,
          representative: 'Dee',
          conversationAt: new Date('2026-03-02T12:00:00Z'),
        })),
      )
      .returning({ id: tasks.id });
    analyses.push(...copies.map((copy) => copy.id));
    await expectExact();
    // The customer's words become the representative's: the customer-only tracker loses its hits there.
    const swapped = await owner.call(analysisRoutes.speakerRoles, {
      params: { id: projectId, taskId: analyses[0]! },
      body: { roles: { A: 'customer', B: 'representative' } },
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    await expectExact();
  });

  it('move analyses to another representative, department, day and prompt', async () => {
    await updateTaskPeople(t.ctx.db, projectId, [
      { id: analyses[1]!, representative: 'Ann', department: 'Sales' },
      { id: analyses[2]!, representative: null, department: null },
    ]);
    await expectExact();
    await t.ctx.db
      .update(tasks)
      .set({ conversationAt: new Date('2025-12-31T10:00:00Z') })
      .where(eq(tasks.id, analyses[3]!));
    await t.ctx.db.update(tasks).set({ promptId: firstPrompt }).where(eq(tasks.projectId, projectId));
    const [version] = await t.ctx.db
      .select({ id: promptVersions.id })
      .from(promptVersions)
      .where(eq(promptVersions.promptId, secondPrompt));
    await t.ctx.db
      .update(tasks)
      .set({ chosenPromptVersionId: version!.id })
      .where(eq(tasks.id, analyses[0]!));
    await expectExact();
    // A deleted prompt leaves its analyses without one (ON DELETE SET NULL).
    const removed = await owner.call(promptRoutes.remove, {
      params: { id: projectId, promptId: firstPrompt },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.ctx.db.select().from(tasks).where(eq(tasks.id, analyses[1]!)))[0]!.promptId).toBeNull();
    await expectExact();
  });

  it('count the project anew in a new time zone (a conversation at 23:30 UTC is the next day in Kyiv)', async () => {
    const before = (await sumsAndCounts(projectId, 'analyses', 'day')).stored;
    const updated = await owner.call(projectRoutes.update, {
      params: { id: projectId },
      body: { timezone: 'Europe/Kyiv' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = (await sumsAndCounts(projectId, 'analyses', 'day')).stored;
    expect(after).not.toEqual(before);
    expect(after.some((row) => row.period === '2026-01-16')).toBe(true);
    await expectExact();
  });

  it('follow an analysis leaving completed and completing again', async () => {
    await t.ctx.db.update(tasks).set({ status: 'queued' }).where(eq(tasks.id, analyses[1]!));
    await expectExact();
    await t.ctx.db.update(tasks).set({ status: 'processing' }).where(eq(tasks.id, analyses[1]!));
    await completeTask(t.ctx, analyses[1]!, 0);
    await expectExact();
  });

  it('lose the hits retention and erasure delete, and the analyses deleted', async () => {
    await t.ctx.db
      .update(tasks)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(tasks.id, analyses[1]!));
    expect(await expireAnalyses(t.ctx.db, projectId, new Date('2021-01-01T00:00:00Z'), 10)).toBe(1);
    await expectExact();
    expect(
      await t.ctx.db.transaction((tx) =>
        eraseAnalyses(tx, projectId, { taskIds: [analyses[2]!], media: [] }),
      ),
    ).toEqual([analyses[2]]);
    await expectExact();
    await t.ctx.db.delete(tasks).where(eq(tasks.id, analyses[0]!));
    await expectExact();
  });

  it('read as the hit rates per group, the same as the analyses list counts them', async () => {
    const stats = async (client: Client, query: Record<string, unknown>) => {
      const response = await client.call(trackerRoutes.stats, { params: { id: projectId }, query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.rows as Array<{
        tracker_id: number;
        key: string | null;
        analyses: number;
        hit: number;
      }>;
    };
    const listed = async (client: Client, query: Record<string, unknown>) => {
      const response = await client.call(analysisRoutes.list, {
        params: { id: projectId },
        query: { status: 'completed', ...query },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.total as number;
    };
    const cases: Array<[Client, Record<string, unknown>]> = [
      [owner, {}],
      [owner, { from: '2026-02-01', to: '2026-02-28' }],
      // Whole months with days added (March) and days taken off (the first of January).
      [owner, { from: '2026-01-02', to: '2026-03-01' }],
      [owner, { from: '2025-12-31', to: '2026-02-19' }],
      [owner, { from: '2026-02-20', to: '2026-02-20' }],
      [owner, { to: '2026-02-15' }],
      [owner, { prompt_id: secondPrompt }],
      [owner, { department: ' sales ' }],
      [leader, { representative: 'ann' }],
      [leader, {}],
    ];
    for (const [client, filters] of cases) {
      for (const group_by of ['representative', 'department', 'month']) {
        const rows = await stats(client, { ...filters, tracker_id: refund, group_by });
        const sum = (pick: (row: (typeof rows)[number]) => number) =>
          rows.reduce((n, row) => n + pick(row), 0);
        expect(
          sum((row) => row.analyses),
          JSON.stringify(filters),
        ).toBe(await listed(client, filters));
        expect(
          sum((row) => row.hit),
          JSON.stringify(filters),
        ).toBe(await listed(client, { ...filters, tracker_id: refund }));
      }
    }
  });

  it('go with a deleted tracker and a deleted project', async () => {
    const removed = await owner.call(trackerRoutes.delete, { params: { id: projectId, trackerId: refund } });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectExact();
    for (const period of ['day', 'month'] as const) {
      const { stored } = await sumsAndCounts(projectId, 'hits', period);
      expect(stored.filter((row) => row.tracker_id === refund)).toEqual([]);
    }
    await t.ctx.db.delete(projects).where(eq(projects.id, projectId));
    for (const kind of ['analyses', 'hits'] as const) {
      for (const period of ['day', 'month'] as const) {
        expect((await sumsAndCounts(projectId, kind, period)).stored).toEqual([]);
      }
    }
    await expectExact(otherProjectId, true);
    expect((await sumsAndCounts(otherProjectId, 'analyses', 'month')).stored.length).toBe(1);
  });
});
