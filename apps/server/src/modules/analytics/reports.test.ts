import type { ChecklistResponse, ExplorerGroupRow, ExplorerResponse } from '@parley/contracts';
import { analyticsRoutes, promptRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnalyticsApp } from '../../../test/analytics.ts';
import { analyticsBackfill } from '../../db/schema/index.ts';

let s: Awaited<ReturnType<typeof startAnalyticsApp>>;

beforeAll(async () => {
  s = await startAnalyticsApp();
});
afterAll(async () => {
  await s?.t.close();
});

type Caller = { request: (typeof s)['owner']['request'] };
const RANGE = 'from=2026-03-07&to=2026-03-10';

async function get<T>(path: string, query: string, caller: Caller = s.owner): Promise<T> {
  const response = await caller.request({
    method: 'GET',
    url: `/api/projects/${s.projectId}/analytics/${path}?${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const explore = (query: string, caller?: Caller) =>
  get<ExplorerResponse['data']>('explore', `prompt_id=${s.salesPrompt.id}&${query}`, caller);
const checklist = (query: string, caller?: Caller) =>
  get<ChecklistResponse['data']>('checklist', `prompt_id=${s.salesPrompt.id}&${query}`, caller);

/** A group row with nothing but what is given. */
const group = (row: Partial<ExplorerGroupRow>): ExplorerGroupRow => ({
  key: null,
  start: null,
  end: null,
  count: 0,
  average: null,
  min: null,
  max: null,
  passed: 0,
  missed: 0,
  na: 0,
  knockouts: 0,
  values: [],
  ...row,
});
const counts = (...pairs: Array<[string, number]>) => pairs.map(([value, count]) => ({ value, count }));

describe("a prompt's fields", () => {
  it('lists the fields with values in the range, in the prompt order, nested after their parent', async () => {
    const fields = await get('fields', `prompt_id=${s.salesPrompt.id}&${RANGE}`);
    expect(fields).toEqual([
      { path: 'Greeting', label: 'Greeting', type: 'bool', max: 1, count: 5 },
      { path: 'Discovery.Budget', label: 'Discovery - Budget', type: 'ok', max: 1, count: 4 },
      { path: 'Discovery.Timeline', label: 'Discovery - Timeline', type: 'bool', max: 1, count: 5 },
      { path: 'Tone', label: 'Tone', type: 'marks', max: 3, count: 5 },
      { path: 'Outcome', label: 'Outcome', type: 'option', max: null, count: 5 },
      { path: 'Objections', label: 'Objections', type: 'int', max: null, count: 4 },
      { path: 'Final Score', label: 'Final Score', type: 'final', max: null, count: 5 },
    ]);
    const all = await get<Array<{ count: number }>>('fields', `prompt_id=${s.salesPrompt.id}`);
    expect(all.map((field) => field.count)).toEqual([6, 5, 6, 6, 6, 5, 6]);
    expect(await get('fields', `prompt_id=${s.salesPrompt.id}&from=2026-01-01&to=2026-01-31`)).toEqual([]);
  });
});

describe('the explorer', () => {
  it('rates a yes/no item per representative: pass rate over passed and missed, n/a apart, no lowest or highest', async () => {
    const data = await explore(`field=Discovery.Budget&group_by=representative&${RANGE}`);
    expect(data.field).toEqual({
      path: 'Discovery.Budget',
      label: 'Discovery - Budget',
      type: 'ok',
      max: 1,
      count: 4,
    });
    expect(data.groups).toEqual([
      group({ key: 'Alice', count: 3, average: 0.5, passed: 1, missed: 1, na: 1 }),
      group({ key: 'Bob', count: 1, average: 1, passed: 1 }),
    ]);
    expect(data.total).toEqual(group({ count: 4, average: 2 / 3, passed: 2, missed: 1, na: 1 }));
  });

  it('groups marks by Monday or Sunday weeks, with their days and values', async () => {
    const monday = await explore(`field=Tone&group_by=week&${RANGE}`);
    expect(monday.groups).toEqual([
      group({
        key: '202610',
        start: '2026-03-02',
        end: '2026-03-08',
        count: 2,
        average: 2,
        min: 1,
        max: 3,
        values: counts(['1', 1], ['3', 1]),
      }),
      group({
        key: '202611',
        start: '2026-03-09',
        end: '2026-03-15',
        count: 3,
        average: 5 / 3,
        min: 0,
        max: 3,
        values: counts(['0', 1], ['2', 1], ['3', 1]),
      }),
    ]);
    expect(monday.total).toEqual(
      group({
        count: 5,
        average: 9 / 5,
        min: 0,
        max: 3,
        values: counts(['3', 2], ['0', 1], ['1', 1], ['2', 1]),
      }),
    );
    const sunday = await explore(`field=Tone&group_by=week&week_start=sunday&${RANGE}`);
    expect(
      sunday.groups.map(({ key, start, end, count, average }) => ({ key, start, end, count, average })),
    ).toEqual([
      { key: '202610', start: '2026-03-01', end: '2026-03-07', count: 1, average: 3 },
      { key: '202611', start: '2026-03-08', end: '2026-03-14', count: 4, average: 1.5 },
    ]);
  });

  it('counts options per department, most frequent first, analyses without one last', async () => {
    const data = await explore(`field=Outcome&group_by=department&${RANGE}`);
    expect(data.groups).toEqual([
      group({ key: 'Sales', count: 3, values: counts(['Won', 2], ['Lost', 1]) }),
      group({ key: 'Support', count: 1, values: counts(['Follow-up', 1]) }),
      group({ key: null, count: 1, values: counts(['Won', 1]) }),
    ]);
    expect(data.total).toEqual(
      group({ count: 5, values: counts(['Won', 3], ['Follow-up', 1], ['Lost', 1]) }),
    );
  });

  it('averages the final score by day and month, filtered by representative in any case', async () => {
    const days = await explore(`field=Final Score&group_by=day&${RANGE}`);
    expect(days.groups.map(({ key, count, average, min, max }) => [key, count, average, min, max])).toEqual([
      ['2026-03-07', 1, 90, 90, 90],
      ['2026-03-08', 1, 40, 40, 40],
      ['2026-03-09', 2, 45, 20, 70],
      ['2026-03-10', 1, 100, 100, 100],
    ]);
    const alice = await explore('field=Greeting&group_by=month&representative=ALICE');
    expect(alice.groups).toEqual([
      group({
        key: '202603',
        start: '2026-03-01',
        end: '2026-03-31',
        count: 4,
        average: 3 / 4,
        passed: 3,
        missed: 1,
      }),
    ]);
  });

  it('answers a field without values in the range empty, and 404 for a field the prompt never had', async () => {
    const empty = await explore('field=Greeting&from=2026-01-01&to=2026-01-31');
    expect(empty).toEqual({
      field: { path: 'Greeting', label: 'Greeting', type: 'bool', max: 1, count: 0 },
      groups: [],
      total: group({}),
    });
    const missing = await s.owner.call(analyticsRoutes.explore, {
      params: { id: s.projectId },
      query: { prompt_id: s.salesPrompt.id, field: 'Nothing' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("shows team leaders their team's values only", async () => {
    const data = await explore(`field=Greeting&${RANGE}`, s.leader);
    expect(data.groups.map((row) => [row.key, row.count])).toEqual([['Alice', 3]]);
    expect((await explore(`field=Greeting&${RANGE}`, s.idleLeader)).groups).toEqual([]);
  });
});

describe('the checklist report', () => {
  it('rates every representative on every item, with the whole team beside them', async () => {
    const data = await checklist(RANGE);
    expect(data.items.map((item) => [item.path, item.type, item.max, item.count])).toEqual([
      ['Greeting', 'bool', 1, 5],
      ['Discovery.Budget', 'ok', 1, 4],
      ['Discovery.Timeline', 'bool', 1, 5],
      ['Tone', 'marks', 3, 5],
      ['Objections', 'int', null, 4],
    ]);
    const cell = (count: number, value: number, ratio: number | null, na = 0) => ({
      count,
      value,
      ratio,
      na,
    });
    expect(data.rows).toEqual([
      {
        representative: 'Alice',
        analyses: 3,
        average_score: 200 / 3,
        knockouts: 0,
        cells: {
          Greeting: cell(3, 2 / 3, 2 / 3),
          'Discovery.Budget': cell(3, 0.5, 0.5, 1),
          'Discovery.Timeline': cell(3, 2 / 3, 2 / 3),
          Tone: cell(3, 2, 2 / 3),
          Objections: cell(3, 2, null),
        },
      },
      {
        representative: 'Bob',
        analyses: 1,
        average_score: 20,
        knockouts: 0,
        cells: {
          Greeting: cell(1, 0, 0),
          'Discovery.Budget': cell(1, 1, 1),
          'Discovery.Timeline': cell(1, 0, 0),
          Tone: cell(1, 0, 0),
          Objections: cell(1, 1, null),
        },
      },
      {
        representative: null,
        analyses: 1,
        average_score: 100,
        knockouts: 0,
        cells: { Greeting: cell(1, 1, 1), 'Discovery.Timeline': cell(1, 1, 1), Tone: cell(1, 3, 1) },
      },
    ]);
    expect(data.total).toEqual({
      representative: null,
      analyses: 5,
      average_score: 64,
      knockouts: 0,
      cells: {
        Greeting: cell(5, 0.6, 0.6),
        'Discovery.Budget': cell(4, 2 / 3, 2 / 3, 1),
        'Discovery.Timeline': cell(5, 0.6, 0.6),
        Tone: cell(5, 9 / 5, 9 / 5 / 3),
        Objections: cell(4, 7 / 4, null),
      },
    });
  });

  it('narrows to a department and to a team leader', async () => {
    const sales = await checklist(`${RANGE}&department=sales`);
    expect(sales.rows.map((row) => row.representative)).toEqual(['Alice']);
    const led = await checklist(RANGE, s.leader);
    expect(led.rows).toEqual(sales.rows);
    expect(led.total).toEqual({ ...sales.rows[0], representative: null });
    const none = await checklist(RANGE, s.idleLeader);
    expect(none).toEqual({
      items: [],
      rows: [],
      total: { representative: null, analyses: 0, average_score: null, knockouts: 0, cells: {} },
    });
  });

  it("answers 404 for another project's prompt, as for an unknown one", async () => {
    for (const promptId of [s.otherPrompt.id, 999_999]) {
      const response = await s.owner.call(analyticsRoutes.checklist, {
        params: { id: s.projectId },
        query: { prompt_id: promptId },
      });
      expect(response.statusCode, response.body).toBe(404);
    }
  });
});

describe('the backfill status', () => {
  it('is idle before a copy, running while it runs, idle once it finished', async () => {
    const status = () => get('status', '');
    expect(await status()).toEqual({ backfill: { running: false, done: 0, total: 0 } });
    await s.t.ctx.db.insert(analyticsBackfill).values({ total: 10, done: 4, startedAt: new Date() });
    expect(await status()).toEqual({ backfill: { running: true, done: 4, total: 10 } });
    await s.t.ctx.db.update(analyticsBackfill).set({ done: 10, finishedAt: new Date() });
    expect(await status()).toEqual({ backfill: { running: false, done: 10, total: 10 } });
  });
});

describe('a deleted prompt', () => {
  it('keeps its name and fields from the version its analyses ran with', async () => {
    const deleted = await s.owner.call(promptRoutes.remove, {
      params: { id: s.projectId, promptId: s.supportPrompt.id },
    });
    expect(deleted.statusCode).toBe(200);
    const fields = await get<Array<{ path: string; count: number }>>(
      'fields',
      `prompt_id=${s.supportPrompt.id}&${RANGE}`,
    );
    expect(fields.map((field) => [field.path, field.count])).toEqual([
      ['Resolved', 3],
      ['Empathy', 3],
      ['Final Score', 3],
    ]);
    const dashboard = await get<{ most_missed: Array<{ prompt_name: string }> }>('dashboard', RANGE);
    expect(dashboard.most_missed[0]?.prompt_name).toBe('Support QA');
  });
});
