import { API_KEY_TEXTS, type ManagerDashboardResponse, type ManagerFigures } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnalyticsApp } from '../../../test/analytics.ts';
import { prompts } from '../../db/schema/index.ts';

let s: Awaited<ReturnType<typeof startAnalyticsApp>>;

beforeAll(async () => {
  s = await startAnalyticsApp();
});
afterAll(async () => {
  await s?.t.close();
});

type Caller = { request: (typeof s)['owner']['request'] };
type Data = ManagerDashboardResponse['data'];

/** The seeded sales analyses (New York days): p1 on the 5th, a1 the 7th, a2 the 8th, a3 a4 the 9th, a5 the 10th. */
const THREE_PERIODS =
  'period=2026-03-01..2026-03-06&period=2026-03-07..2026-03-08&period=2026-03-09..2026-03-10';

const url = (query: string, projectId = s.projectId) =>
  `/api/projects/${projectId}/analytics/manager-dashboard?${query}`;
const ask = (query: string, caller: Caller = s.owner, projectId?: number) =>
  caller.request({ method: 'GET', url: url(query, projectId) });

async function managerDashboard(query: string, caller: Caller = s.owner): Promise<Data> {
  const response = await ask(`prompt_id=${s.salesPrompt.id}&${query}`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** What the table shows of an item in one period: the analyses behind it and its figure. */
const cell = (count: number, value: number) => ({ count, value });
type Period = {
  analyses: number;
  average: number | null;
  cells: Record<string, { count: number; value: number }>;
};
const figures = (analyses: number, average: number | null, cells: Period['cells'] = {}): Period => ({
  analyses,
  average,
  cells,
});
const NONE = figures(0, null);
/** The prompt's items in the answer's order. */
const ITEMS = ['Greeting', 'Discovery.Budget', 'Discovery.Timeline', 'Tone', 'Objections'];
/** A group's figures as the answer carries them: per period, and per item per period. */
const over = (periods: Period[], items = ITEMS): ManagerFigures => ({
  analyses: periods.map((period) => period.analyses),
  average_score: periods.map((period) => period.average),
  knockouts: periods.map(() => 0),
  values: items.map((path) => periods.map((period) => period.cells[path]?.value ?? null)),
  counts: items.map((path) => {
    const counts = periods.map((period) => period.cells[path]?.count ?? 0);
    return counts.every((count, index) => count === periods[index]!.analyses) ? null : counts;
  }),
});

// Period by period, as the seeded answers give them.
const ALICE_EARLY = figures(1, 80, {
  Greeting: cell(1, 1),
  'Discovery.Budget': cell(1, 1),
  'Discovery.Timeline': cell(1, 1),
  Tone: cell(1, 3),
  Objections: cell(1, 1),
});
const ALICE_WEEKEND = figures(2, 65, {
  Greeting: cell(2, 0.5),
  'Discovery.Budget': cell(2, 1),
  'Discovery.Timeline': cell(2, 0.5),
  Tone: cell(2, 2),
  Objections: cell(2, 3),
});
const ALICE_LATE = figures(1, 70, {
  Greeting: cell(1, 1),
  'Discovery.Budget': cell(1, 0),
  'Discovery.Timeline': cell(1, 1),
  Tone: cell(1, 2),
  Objections: cell(1, 0),
});
const BOB_LATE = figures(1, 20, {
  Greeting: cell(1, 0),
  'Discovery.Budget': cell(1, 1),
  'Discovery.Timeline': cell(1, 0),
  Tone: cell(1, 0),
  Objections: cell(1, 1),
});
const NOBODY_LATE = figures(1, 100, {
  Greeting: cell(1, 1),
  'Discovery.Timeline': cell(1, 1),
  Tone: cell(1, 3),
});

describe('the manager dashboard', () => {
  it('scores every representative and the team on the checklist items, period by period', async () => {
    const data = await managerDashboard(THREE_PERIODS);
    expect(data.periods).toEqual([
      { start: '2026-03-01', end: '2026-03-06' },
      { start: '2026-03-07', end: '2026-03-08' },
      { start: '2026-03-09', end: '2026-03-10' },
    ]);
    expect(data.fields).toEqual([
      { path: 'Greeting', label: 'Greeting', type: 'bool', max: 1, count: 6 },
      { path: 'Discovery.Budget', label: 'Discovery - Budget', type: 'ok', max: 1, count: 5 },
      { path: 'Discovery.Timeline', label: 'Discovery - Timeline', type: 'bool', max: 1, count: 6 },
      { path: 'Tone', label: 'Tone', type: 'marks', max: 3, count: 6 },
      { path: 'Objections', label: 'Objections', type: 'int', max: null, count: 5 },
    ]);
    expect(data.rows).toEqual([
      { representative: 'Alice', ...over([ALICE_EARLY, ALICE_WEEKEND, ALICE_LATE]) },
      { representative: 'Bob', ...over([NONE, NONE, BOB_LATE]) },
      { representative: null, ...over([NONE, NONE, NOBODY_LATE]) },
    ]);
    expect(data.team).toEqual(
      over([
        ALICE_EARLY,
        ALICE_WEEKEND,
        // Rounded as shown: 63.333, two thirds 0.667 (66.7 %).
        figures(3, 63.333, {
          Greeting: cell(3, 0.667),
          'Discovery.Budget': cell(2, 0.5),
          'Discovery.Timeline': cell(3, 0.667),
          Tone: cell(3, 1.667),
          Objections: cell(2, 0.5),
        }),
      ]),
    );
    // Counts only for items some analyses lack (a Budget answer, Objections): the others' are the analyses.
    expect(data.team.counts).toEqual([null, [1, 2, 2], null, null, [1, 2, 2]]);
  });

  it('leaves a period without analyses empty and counts a day in every period it falls in', async () => {
    const data = await managerDashboard(
      'period=2026-02-01..2026-02-28&period=2026-03-05..2026-03-08&period=2026-03-08..2026-03-10',
    );
    // Alice's Sunday call (a2, the 8th) is in both March periods; the fields count it once.
    expect(data.fields.map((field) => [field.path, field.count])).toEqual([
      ['Greeting', 6],
      ['Discovery.Budget', 5],
      ['Discovery.Timeline', 6],
      ['Tone', 6],
      ['Objections', 5],
    ]);
    const aliceLate = figures(2, 55, {
      Greeting: cell(2, 0.5),
      'Discovery.Budget': cell(2, 0),
      'Discovery.Timeline': cell(2, 0.5),
      Tone: cell(2, 1.5),
      Objections: cell(2, 2),
    });
    const aliceEarly = figures(3, 70, {
      Greeting: cell(3, 0.667),
      'Discovery.Budget': cell(3, 1),
      'Discovery.Timeline': cell(3, 0.667),
      Tone: cell(3, 2.333),
      Objections: cell(3, 2.333),
    });
    expect(data.rows).toEqual([
      { representative: 'Alice', ...over([NONE, aliceEarly, aliceLate]) },
      { representative: 'Bob', ...over([NONE, NONE, BOB_LATE]) },
      { representative: null, ...over([NONE, NONE, NOBODY_LATE]) },
    ]);
    expect(data.team).toEqual(
      over([
        NONE,
        aliceEarly,
        figures(4, 57.5, {
          Greeting: cell(4, 0.5),
          'Discovery.Budget': cell(3, 0.5),
          'Discovery.Timeline': cell(4, 0.5),
          Tone: cell(4, 1.5),
          Objections: cell(3, 1.667),
        }),
      ]),
    );
  });

  it('answers periods without any analyses with no fields and no rows', async () => {
    expect(await managerDashboard('period=2026-01-01..2026-01-31&period=2026-02-01..2026-02-28')).toEqual({
      periods: [
        { start: '2026-01-01', end: '2026-01-31' },
        { start: '2026-02-01', end: '2026-02-28' },
      ],
      fields: [],
      team: over([NONE, NONE], []),
      rows: [],
    });
  });

  it('keeps the analyses of any of the departments or representatives asked, in any case', async () => {
    const representatives = (data: Data) => data.rows.map((row) => row.representative);
    const sales = await managerDashboard(`${THREE_PERIODS}&department=SALES`);
    expect(representatives(sales)).toEqual(['Alice']);
    expect(sales.team).toEqual(over([ALICE_EARLY, ALICE_WEEKEND, ALICE_LATE]));
    const both = await managerDashboard(`${THREE_PERIODS}&department=sales&department=Support`);
    expect(representatives(both)).toEqual(['Alice', 'Bob']);
    expect(both.team.analyses).toEqual([1, 2, 2]);
    const named = await managerDashboard(`${THREE_PERIODS}&representative=bob&representative=ALICE`);
    expect(named.rows).toEqual(both.rows);
    const bob = await managerDashboard(`${THREE_PERIODS}&representative=Bob&department=support`);
    expect(bob.rows).toEqual([{ representative: 'Bob', ...over([NONE, NONE, BOB_LATE]) }]);
    expect(bob.team).toEqual(over([NONE, NONE, BOB_LATE]));
    const nobody = await managerDashboard(`${THREE_PERIODS}&representative=Carol`);
    expect(nobody).toMatchObject({ fields: [], rows: [], team: over([NONE, NONE, NONE], []) });
  });

  it("shows team leaders their teams' representatives only", async () => {
    const led = await managerDashboard(THREE_PERIODS, s.leader);
    expect(led.rows).toEqual([
      { representative: 'Alice', ...over([ALICE_EARLY, ALICE_WEEKEND, ALICE_LATE]) },
    ]);
    expect(led.team).toEqual(over([ALICE_EARLY, ALICE_WEEKEND, ALICE_LATE]));
    expect((await managerDashboard(`${THREE_PERIODS}&representative=bob`, s.leader)).rows).toEqual([]);
    const idle = await managerDashboard(THREE_PERIODS, s.idleLeader);
    expect(idle).toMatchObject({ fields: [], rows: [], team: over([NONE, NONE, NONE], []) });
  });

  it('answers full keys and support staff like the owner, media keys 403, other projects and prompts 404', async () => {
    const owners = await managerDashboard(THREE_PERIODS);
    expect(await managerDashboard(THREE_PERIODS, s.fullKey)).toEqual(owners);
    expect(await managerDashboard(THREE_PERIODS, s.support)).toEqual(owners);
    const media = await ask(`prompt_id=${s.salesPrompt.id}&${THREE_PERIODS}`, s.mediaKey);
    expect(media.statusCode).toBe(403);
    expect(media.json().error.message).toBe(API_KEY_TEXTS.mediaOnly);
    for (const caller of [s.stranger, s.fullKey, s.leader]) {
      const other = await ask(`prompt_id=${s.salesPrompt.id}&${THREE_PERIODS}`, caller, s.otherProjectId);
      expect(other.statusCode).toBe(404);
    }
    expect((await ask(`prompt_id=${s.salesPrompt.id}&${THREE_PERIODS}`, s.stranger)).statusCode).toBe(404);
    const [otherPrompt] = await s.t.ctx.db
      .select({ id: prompts.id })
      .from(prompts)
      .where(eq(prompts.projectId, s.otherProjectId));
    for (const promptId of [otherPrompt!.id, 999_999]) {
      const response = await ask(`prompt_id=${promptId}&${THREE_PERIODS}`);
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('refuses a period that is not two days in order, more than 4 periods and a missing prompt', async () => {
    const five = Array.from({ length: 5 }, (_, i) => `period=2026-03-0${i + 1}..2026-03-0${i + 1}`).join('&');
    for (const query of [
      `prompt_id=${s.salesPrompt.id}&period=2026-03-10..2026-03-01`,
      `prompt_id=${s.salesPrompt.id}&period=2026-03-01`,
      `prompt_id=${s.salesPrompt.id}&period=2026-02-30..2026-03-01`,
      `prompt_id=${s.salesPrompt.id}`,
      `prompt_id=${s.salesPrompt.id}&${five}`,
      THREE_PERIODS,
    ]) {
      const response = await ask(query);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
