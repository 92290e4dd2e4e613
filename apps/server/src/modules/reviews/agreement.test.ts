import { reviewRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysed,
  type ScoredPrompt,
  scoredPrompt,
  startChangeRequestApp,
} from '../../../test/change-requests.ts';
import type { Client } from '../../../test/harness.ts';
import { projects, reviews } from '../../db/schema/index.ts';

let s: Awaited<ReturnType<typeof startChangeRequestApp>>;
let prompt: ScoredPrompt;
/** Ann's analyses (Sales) and Bob's (Support), each reviewed by the owner. */
let annTasks: number[];
let bobTasks: number[];

// The AI answered Greeting false and Tone 1 everywhere (VALUES). The reviewer's answers per analysis:
const REVIEWED: Array<{ greeting: boolean; tone: number }> = [
  { greeting: true, tone: 1 }, // Ann 1
  { greeting: false, tone: 3 }, // Ann 2
  { greeting: false, tone: 1 }, // Bob 1
  { greeting: true, tone: 0 }, // Bob 2
];

beforeAll(async () => {
  s = await startChangeRequestApp();
  prompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
  const ann = { department: 'Sales', representative: 'Ann' };
  const bob = { department: 'Support', representative: 'Bob' };
  annTasks = [await analysed(s.t, s.projectId, prompt, ann), await analysed(s.t, s.projectId, prompt, ann)];
  bobTasks = [await analysed(s.t, s.projectId, prompt, bob), await analysed(s.t, s.projectId, prompt, bob)];
  for (const [index, taskId] of [...annTasks, ...bobTasks].entries()) {
    const { greeting, tone } = REVIEWED[index]!;
    const response = await s.owner.call(reviewRoutes.save, {
      params: { id: s.projectId, taskId },
      body: {
        answers: [
          { path: 'Greeting', value: greeting },
          { path: 'Tone', value: tone },
        ],
        submit: true,
      },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  // A draft counts for nothing.
  await s.admin.call(reviewRoutes.save, {
    params: { id: s.projectId, taskId: annTasks[0]! },
    body: { answers: [{ path: 'Greeting', value: false }] },
  });
}, 120_000);
afterAll(() => s?.t.close());

const ledger = (client: Pick<Client, 'call'>, query: Record<string, unknown> = {}, id = s.projectId) =>
  client.call(reviewRoutes.agreement, {
    unchecked: true,
    params: { id },
    query: { prompt_id: prompt.id, ...query },
  });
const rowOf = (
  rows: Array<{ path: string; group: string | null }>,
  path: string,
  group: string | null = null,
) => rows.find((row) => row.path === path && row.group === group);

describe('the agreement ledger', () => {
  it('per field of the version: agreement, kappa and mean difference from the submitted reviews', async () => {
    const response = await ledger(s.owner);
    expect(response.statusCode, response.body).toBe(200);
    const { reviews, rows } = response.json().data;
    expect(reviews).toBe(4);
    // Greeting: AI false ×4, people true, false, false, true: 2 of 4 kept; pe = 1 · 0.5, so κ = 0 (flagged).
    expect(rowOf(rows, 'Greeting')).toMatchObject({
      type: 'bool',
      count: 4,
      agreement: 0.5,
      kappa: 0,
      mean_absolute_difference: null,
      flagged: true,
    });
    // Tone: AI 1 ×4, people 1, 3, 1, 0: |diff| 0, 2, 0, 1.
    expect(rowOf(rows, 'Tone')).toMatchObject({
      type: 'marks',
      count: 4,
      agreement: 0.5,
      kappa: null,
      mean_absolute_difference: 0.75,
      flagged: false,
    });
    // Outcome kept everywhere: agreement 1, kappa undefined with one class.
    expect(rowOf(rows, 'Outcome')).toMatchObject({ type: 'option', count: 4, agreement: 1, kappa: null });
    // Free text is not measured.
    expect(rowOf(rows, 'Summary')).toBeUndefined();
    expect(new Set(rows.map((row: { prompt_version: number }) => row.prompt_version)).size).toBe(1);
  });

  it('groups by representative and month', async () => {
    const byRep = (await ledger(s.owner, { group: 'representative' })).json().data.rows;
    expect(rowOf(byRep, 'Greeting', 'Ann')).toMatchObject({ count: 2, agreement: 0.5 });
    expect(rowOf(byRep, 'Tone', 'Bob')).toMatchObject({ count: 2, mean_absolute_difference: 0.5 });
    const month = new Date().toISOString().slice(0, 7);
    const byMonth = (await ledger(s.owner, { group: 'month' })).json().data.rows;
    expect(rowOf(byMonth, 'Greeting', month)).toMatchObject({ count: 4 });
    const none = (await ledger(s.owner, { from: '2020-01-01', to: '2020-01-31' })).json().data;
    expect(none).toEqual({ reviews: 0, rows: [], between_reviewers: [] });
  });

  it("filters by days of submission in the project's time zone", async () => {
    const { db } = s.t.ctx;
    const rows = await db
      .select()
      .from(reviews)
      .where(eq(reviews.projectId, s.projectId))
      .orderBy(reviews.id);
    const [project] = await db.select().from(projects).where(eq(projects.id, s.projectId));
    const at = async (id: number, time: Date) =>
      db.update(reviews).set({ submittedAt: time }).where(eq(reviews.id, id));
    try {
      await db.update(projects).set({ timezone: 'Asia/Tokyo' }).where(eq(projects.id, s.projectId));
      await at(rows[0]!.id, new Date('2026-03-09T14:59:00Z')); // 23:59 on the 9th in Tokyo
      await at(rows[1]!.id, new Date('2026-03-09T15:00:00Z')); // 00:00 on the 10th
      const count = async (from: string, to: string) =>
        (await ledger(s.owner, { from, to })).json().data.reviews;
      expect(await count('2026-03-09', '2026-03-09')).toBe(1);
      expect(await count('2026-03-10', '2026-03-10')).toBe(1);
      expect(await count('2026-03-09', '2026-03-10')).toBe(2);
    } finally {
      for (const row of rows.slice(0, 2)) await at(row.id, row.submittedAt!);
      await db.update(projects).set({ timezone: project!.timezone }).where(eq(projects.id, s.projectId));
    }
  });

  it('is for those who review, within what they see; others 403, strangers and other projects 404', async () => {
    const expected: Array<[string, Pick<Client, 'call'>, number, number | null]> = [
      ['owner', s.owner, 200, 4],
      ['admin', s.admin, 200, 4],
      ['leader of sales', s.leader, 200, 2],
      ['leader of support', s.otherLeader, 200, 2],
      ['support staff', s.support, 200, 4],
      ['full key', s.fullKey, 200, 4],
      ['user', s.user, 403, null],
      ['stranger', s.stranger, 404, null],
    ];
    for (const [who, client, status, reviews] of expected) {
      const response = await ledger(client);
      expect(response.statusCode, `${who}: ${response.body}`).toBe(status);
      if (reviews !== null) expect(response.json().data.reviews, who).toBe(reviews);
    }
    expect((await ledger(s.owner, {}, s.otherProjectId)).statusCode).toBe(404);
    expect((await ledger(s.owner, { prompt_id: 999_999 })).statusCode).toBe(404);
    expect((await ledger(s.owner, { group: 'weekday' })).statusCode).toBe(400);
  });

  it('lists the answers people changed for a field, newest first, in the caller’s scope', async () => {
    const list = (client: Pick<Client, 'call'>, query: Record<string, unknown>) =>
      client.call(reviewRoutes.disagreements, {
        unchecked: true,
        params: { id: s.projectId },
        query: { prompt_id: prompt.id, ...query },
      });
    const all = await list(s.owner, { path: 'Greeting' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toMatchObject({ total: 2, page: 1 });
    expect(all.json().data.items.map((item: { task_id: number }) => item.task_id)).toEqual([
      bobTasks[1],
      annTasks[0],
    ]);
    expect(all.json().data.items[0]).toMatchObject({ ai_value: false, value: true, representative: 'Bob' });
    const sales = await list(s.leader, { path: 'Greeting' });
    expect(sales.json().data.items.map((item: { task_id: number }) => item.task_id)).toEqual([annTasks[0]]);
    expect((await list(s.owner, { path: 'Outcome' })).json().data).toMatchObject({ total: 0, items: [] });
    expect((await list(s.user, { path: 'Greeting' })).statusCode).toBe(403);
  });

  // Last: it adds reviews the tests above do not count.
  it('compares reviewers who reviewed the same analyses: the earlier review against the later one', async () => {
    // The admin reviews Ann's two analyses too: Greeting true, true (the owner: true, false), Tone 1, 3 (the
    // owner: 1, 3).
    for (const [taskId, greeting, tone] of [
      [annTasks[0]!, true, 1],
      [annTasks[1]!, true, 3],
    ] as const) {
      const response = await s.admin.call(reviewRoutes.save, {
        params: { id: s.projectId, taskId },
        body: {
          answers: [
            { path: 'Greeting', value: greeting },
            { path: 'Tone', value: tone },
          ],
          submit: true,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const { reviews, between_reviewers: pairs } = (await ledger(s.owner)).json().data;
    expect(reviews).toBe(6);
    const pairOf = (path: string) => pairs.find((row: { path: string }) => row.path === path);
    // Greeting: (true, true) and (false, true): 1 of 2 the same.
    expect(pairOf('Greeting')).toMatchObject({ type: 'bool', count: 2, agreement: 0.5 });
    // Tone: (1, 1) and (3, 3): the same twice, no difference.
    expect(pairOf('Tone')).toMatchObject({ count: 2, agreement: 1, mean_absolute_difference: 0 });
    expect(pairOf('Summary')).toBeUndefined();
    // Bob's analyses have one review each: no pair.
    const onlyBob = (await ledger(s.owner, { representative: 'Bob' })).json().data;
    expect(onlyBob.between_reviewers).toEqual([]);
  });
});
