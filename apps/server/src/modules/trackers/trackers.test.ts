import { analysisRoutes, TRACKERS, type Tracker, trackerRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
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
import { createKey, keyClient } from '../../../test/settings.ts';
import { completedAnalysis, createTracker, hitsOf, said } from '../../../test/trackers.ts';
import { teamLeaderAssignments, trackerHits, trackers } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { expireAnalyses } from '../tasks/expire.ts';
import { applyTracker } from './apply.ts';

let t: TestApp;
let owner: Client;
let admin: Client;
let leader: Client;
let user: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
/** Analyses made before any tracker: Sales (Ann, January), Support (Bob, February), Sales (Ann, February). */
let salesJanuary: number;
let supportFebruary: number;
let salesFebruary: number;

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin
  [owner, admin, leader, user, stranger] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
  projectId = await createProject(owner, 'Trackers');
  otherProjectId = await createProject(stranger, 'Elsewhere');
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, leader, 'teamleader');
  await addMember(t, projectId, user, 'user');
  await usersSeeAll(t, projectId);
  await t.ctx.db
    .insert(teamLeaderAssignments)
    .values({ projectId, userId: leader.userId, departments: ['Sales'], representatives: [] });
  salesJanuary = await completedAnalysis(
    t,
    projectId,
    said('I want to cancel, and I want a refund.', {
      department: 'Sales',
      representative: 'Ann',
      at: '2026-01-15T12:00:00Z',
    }),
  );
  supportFebruary = await completedAnalysis(
    t,
    projectId,
    said('Please cancel my contract.', {
      department: 'Support',
      representative: 'Bob',
      at: '2026-02-10T12:00:00Z',
    }),
  );
  salesFebruary = await completedAnalysis(
    t,
    projectId,
    said('I would like a refund.', {
      department: 'Sales',
      representative: 'Ann',
      at: '2026-02-20T12:00:00Z',
    }),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function listed(client: Pick<Client, 'call'> = owner): Promise<Tracker[]> {
  const response = await client.call(trackerRoutes.list, { params: { id: projectId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const find = async (id: number, client: Pick<Client, 'call'> = owner) =>
  (await listed(client)).find((tracker) => tracker.id === id)!;

const hitTasks = async (trackerId: number) =>
  (await t.ctx.db.select().from(trackerHits).where(eq(trackerHits.trackerId, trackerId)))
    .map((row) => row.taskId)
    .sort((a, b) => a - b);

describe('applying to past analyses', () => {
  let cancel: Tracker;

  it('queues the run of a new tracker and applies it in the background', async () => {
    cancel = await createTracker(owner, projectId, { name: 'Cancel', language: 'en', phrases: ['cancel'] });
    expect(cancel.apply).toEqual({ status: 'running', done: 0, total: 0, finished_at: null });
    const jobs = await t.ctx.boss.findJobs(QUEUES.trackerApply, { data: { trackerId: cancel.id } });
    expect(jobs.length).toBe(1);
    expect(await hitTasks(cancel.id)).toEqual([]);

    await applyTracker(t.ctx, cancel.id);
    const applied = await find(cancel.id);
    expect(applied.apply).toMatchObject({ status: 'done', done: 3, total: 3 });
    expect(applied.apply.finished_at).not.toBeNull();
    expect(applied.analyses_hit).toBe(2);
    expect(await hitTasks(cancel.id)).toEqual([salesJanuary, supportFebruary]);
    const [hit] = await hitsOf(owner, projectId, supportFebruary);
    expect(hit).toEqual({
      tracker_id: cancel.id,
      name: 'Cancel',
      hits: 1,
      moments: [{ segment: 1, seconds: 5, role: 'customer', text: 'Please cancel my contract.' }],
    });
  });

  it('applies a change of phrases anew, replacing the hits; a rename alone does not', async () => {
    const renamed = await owner.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: cancel.id },
      body: { name: 'Cancellation' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.apply.status).toBe('done');

    const changed = await owner.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: cancel.id },
      body: { phrases: ['refund'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.apply).toEqual({ status: 'running', done: 0, total: 0, finished_at: null });
    await applyTracker(t.ctx, cancel.id);
    expect((await find(cancel.id)).apply).toMatchObject({ status: 'done', done: 3, total: 3 });
    expect(await hitTasks(cancel.id)).toEqual([salesJanuary, salesFebruary]);
  });

  it('resumes a stopped run after its last chunk, and a newer revision restarts a run from the first analysis', async () => {
    const refund = await createTracker(owner, projectId, {
      name: 'Refund',
      language: 'en',
      phrases: ['refund'],
    });
    // As if a worker had stopped after a chunk that ended at the first analysis (whose hit it did not write).
    await t.ctx.db
      .update(trackers)
      .set({ appliedRevision: 1, applyAfter: salesJanuary, applyDone: 1, applyTotal: 3 })
      .where(eq(trackers.id, refund.id));
    await applyTracker(t.ctx, refund.id);
    expect((await find(refund.id)).apply).toMatchObject({ status: 'done', done: 3, total: 3 });
    expect(await hitTasks(refund.id)).toEqual([salesFebruary]);

    // A run of revision 1 stopped half way; the tracker changed since: the next chunk starts revision 2's run.
    await owner.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: refund.id },
      body: { phrases: ['refund', 'cancel'] },
    });
    await t.ctx.db
      .update(trackers)
      .set({ appliedRevision: 1, applyAfter: supportFebruary, applyDone: 2, applyFinishedAt: null })
      .where(eq(trackers.id, refund.id));
    await applyTracker(t.ctx, refund.id);
    expect((await find(refund.id)).apply).toMatchObject({ status: 'done', done: 3, total: 3 });
    expect(await hitTasks(refund.id)).toEqual([salesJanuary, supportFebruary, salesFebruary]);
    await owner.call(trackerRoutes.delete, { params: { id: projectId, trackerId: refund.id } });
  });
});

describe('the analyses list and hit rates', () => {
  let words: Tracker;

  beforeAll(async () => {
    words = await createTracker(admin, projectId, {
      name: 'Cancel words',
      language: 'en',
      phrases: ['cancel'],
    });
    await applyTracker(t.ctx, words.id);
  });

  const listIds = async (client: Client, query: Record<string, unknown>) => {
    const response = await client.call(analysisRoutes.list, { params: { id: projectId }, query });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.items as { id: number }[]).map((item) => item.id);
  };

  it('lists and exports only the analyses that hit the tracker, of those the caller sees', async () => {
    expect(await listIds(owner, { tracker_id: words.id })).toEqual([supportFebruary, salesJanuary]);
    expect(await listIds(leader, { tracker_id: words.id })).toEqual([salesJanuary]);
    expect(await listIds(owner, { tracker_id: words.id, department: 'Support' })).toEqual([supportFebruary]);
    const exported = await owner.call(analysisRoutes.export, {
      params: { id: projectId },
      query: { tracker_id: words.id, format: 'jsonl' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const lines = exported.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number });
    expect(lines.map((line) => line.id)).toEqual([supportFebruary, salesJanuary]);
  });

  const stats = async (client: Client, query: Record<string, unknown>) =>
    client.call(trackerRoutes.stats, { params: { id: projectId }, query });

  it('answers hit rates per department, representative and month; a team leader sees their teams only', async () => {
    const byDepartment = await stats(owner, { tracker_id: words.id, group_by: 'department' });
    expect(byDepartment.statusCode, byDepartment.body).toBe(200);
    expect(byDepartment.json().data).toEqual({
      group_by: 'department',
      rows: [
        { tracker_id: words.id, key: 'Sales', analyses: 2, hit: 1 },
        { tracker_id: words.id, key: 'Support', analyses: 1, hit: 1 },
      ],
    });
    const byMonth = await stats(owner, { tracker_id: words.id, group_by: 'month' });
    expect(byMonth.json().data.rows).toEqual([
      { tracker_id: words.id, key: '2026-01', analyses: 1, hit: 1 },
      { tracker_id: words.id, key: '2026-02', analyses: 2, hit: 1 },
    ]);
    const february = await stats(owner, { tracker_id: words.id, from: '2026-02-01', to: '2026-02-28' });
    expect(february.json().data.rows).toEqual([
      { tracker_id: words.id, key: 'Ann', analyses: 1, hit: 0 },
      { tracker_id: words.id, key: 'Bob', analyses: 1, hit: 1 },
    ]);
    const team = await stats(leader, { tracker_id: words.id, group_by: 'department' });
    expect(team.json().data.rows).toEqual([{ tracker_id: words.id, key: 'Sales', analyses: 2, hit: 1 }]);
    const every = await stats(user, { group_by: 'department' });
    expect(new Set(every.json().data.rows.map((row: { tracker_id: number }) => row.tracker_id)).size).toBe(
      (await listed()).length,
    );
  });

  it("refuses a range that ends before it starts and another project's tracker", async () => {
    expect((await stats(owner, { from: '2026-03-01', to: '2026-02-01' })).statusCode).toBe(400);
    const elsewhere = await createTracker(stranger, otherProjectId, {
      name: 'Elsewhere',
      language: 'en',
      phrases: ['x'],
    });
    expect((await stats(owner, { tracker_id: elsewhere.id })).statusCode).toBe(404);
    expect(await listIds(owner, { tracker_id: elsewhere.id })).toEqual([]);
  });

  it("counts the analyses hit within the caller's sight", async () => {
    expect((await find(words.id, owner)).analyses_hit).toBe(2);
    expect((await find(words.id, leader)).analyses_hit).toBe(1);
  });
});

describe('access', () => {
  let elsewhere: Tracker;
  let own: Tracker;

  beforeAll(async () => {
    elsewhere = await createTracker(stranger, otherProjectId, {
      name: 'Theirs',
      language: 'en',
      phrases: ['y'],
    });
    own = await createTracker(admin, projectId, { name: 'Ours', language: 'de', phrases: ['Preis'] });
  });

  it('lets every member read, admins and owners write, others 403, outsiders 404', async () => {
    for (const client of [owner, admin, leader, user]) {
      expect((await client.call(trackerRoutes.list, { params: { id: projectId } })).statusCode).toBe(200);
    }
    expect((await stranger.call(trackerRoutes.list, { params: { id: projectId } })).statusCode).toBe(404);
    const body = { name: 'New', language: 'en' as const, phrases: ['new'] };
    for (const client of [leader, user]) {
      const response = await client.call(trackerRoutes.create, { params: { id: projectId }, body });
      expect(response.statusCode).toBe(403);
      const update = await client.call(trackerRoutes.update, {
        params: { id: projectId, trackerId: own.id },
        body: { name: 'Mine' },
      });
      expect(update.statusCode).toBe(403);
      const removal = await client.call(trackerRoutes.delete, {
        params: { id: projectId, trackerId: own.id },
      });
      expect(removal.statusCode).toBe(403);
    }
    expect((await stranger.call(trackerRoutes.create, { params: { id: projectId }, body })).statusCode).toBe(
      404,
    );
    expect(
      (await stranger.call(trackerRoutes.stats, { params: { id: projectId }, query: {} })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.call(trackerRoutes.analysisHits, { params: { id: projectId, taskId: salesJanuary } }))
        .statusCode,
    ).toBe(404);
  });

  it("answers 404 for another project's tracker and for an analysis a team leader does not see", async () => {
    const update = await owner.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: elsewhere.id },
      body: { name: 'Taken over' },
    });
    expect(update.statusCode).toBe(404);
    const removal = await owner.call(trackerRoutes.delete, {
      params: { id: projectId, trackerId: elsewhere.id },
    });
    expect(removal.statusCode).toBe(404);
    const hidden = await leader.call(trackerRoutes.analysisHits, {
      params: { id: projectId, taskId: supportFebruary },
    });
    expect(hidden.statusCode).toBe(404);
    const shown = await leader.call(trackerRoutes.analysisHits, {
      params: { id: projectId, taskId: salesJanuary },
    });
    expect(shown.statusCode).toBe(200);
    const foreign = await owner.call(trackerRoutes.analysisHits, {
      params: { id: otherProjectId, taskId: salesJanuary },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets a full API key write and refuses a media key', async () => {
    const full = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
    const created = await full.call(trackerRoutes.create, {
      params: { id: projectId },
      body: { name: 'By key', language: 'en', phrases: ['key'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const media = keyClient(t.app, (await createKey(owner, projectId, 'media')).key);
    expect((await media.call(trackerRoutes.list, { params: { id: projectId } })).statusCode).toBe(403);
    const refused = await media.call(trackerRoutes.create, {
      params: { id: projectId },
      body: { name: 'By media key', language: 'en', phrases: ['key'] },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a name the project has (any case) and more than the limit of trackers', async () => {
    const taken = await owner.call(trackerRoutes.create, {
      params: { id: projectId },
      body: { name: 'ours', language: 'en', phrases: ['z'] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('tracker_name_taken');
    const renamed = await owner.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: own.id },
      body: { name: 'CANCEL WORDS' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.code).toBe('tracker_name_taken');

    const count = (await listed()).length;
    await t.ctx.db.insert(trackers).values(
      Array.from({ length: TRACKERS.trackersMax - count }, (_, index) => ({
        projectId,
        name: `Filler ${index}`,
        language: 'en' as const,
        phrases: ['filler'],
      })),
    );
    const tooMany = await owner.call(trackerRoutes.create, {
      params: { id: projectId },
      body: { name: 'One more', language: 'en', phrases: ['more'] },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('too_many_trackers');
    await t.ctx.db.delete(trackers).where(eq(trackers.phrases, ['filler']));
  });

  it('deletes a tracker with its hits', async () => {
    const cancellation = (await listed()).find((tracker) => tracker.name === 'Cancellation')!;
    expect(await hitTasks(cancellation.id)).toEqual([salesJanuary, salesFebruary]);
    const removal = await admin.call(trackerRoutes.delete, {
      params: { id: projectId, trackerId: cancellation.id },
    });
    expect(removal.statusCode).toBe(200);
    expect((await listed()).some((tracker) => tracker.id === cancellation.id)).toBe(false);
    expect(await hitTasks(cancellation.id)).toEqual([]);
  });
});

describe('privacy', () => {
  it('records the hits of an analysis completing later, and deletes them when retention takes its transcript', async () => {
    const later = await completedAnalysis(
      t,
      projectId,
      said('Cancel it, please.', { department: 'Sales', representative: 'Cy', at: '2026-02-25T12:00:00Z' }),
    );
    expect((await hitsOf(owner, projectId, later)).map((hit) => hit.name)).toEqual(['Cancel words']);
    // Retention takes the transcript: the moments quoting it go with it.
    expect(await expireAnalyses(t.ctx.db, projectId, new Date(Date.now() + 60_000), 100)).toBe(4);
    expect(await hitsOf(owner, projectId, later)).toEqual([]);
    expect((await listed()).every((tracker) => tracker.analyses_hit === 0)).toBe(true);
  });
});
