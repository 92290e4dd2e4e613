import { API_KEY_TEXTS, analyticsRoutes, type DashboardResponse } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnalyticsApp } from '../../../test/analytics.ts';

let s: Awaited<ReturnType<typeof startAnalyticsApp>>;

beforeAll(async () => {
  s = await startAnalyticsApp();
});
afterAll(async () => {
  await s?.t.close();
});

type Caller = { request: (typeof s)['owner']['request'] };
const RANGE = 'from=2026-03-07&to=2026-03-10';

async function dashboard(query: string, caller: Caller = s.owner): Promise<DashboardResponse['data']> {
  const response = await caller.request({
    method: 'GET',
    url: `/api/projects/${s.projectId}/analytics/dashboard?${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('the project dashboard', () => {
  it('sums up the range beside the period before it (days of the project time zone)', async () => {
    const data = await dashboard(RANGE);
    expect(data.previous).toEqual({ from: '2026-03-03', to: '2026-03-06' });
    expect(data.analyses).toEqual({ current: 8, previous: 1 });
    expect(data.average_score).toEqual({ current: 60, previous: 80 });
    // Yes/no answers: 9 passed and 7 missed (the n/a left out); before: 3 of 3.
    expect(data.pass_rate).toEqual({ current: 9 / 16, previous: 1 });
    expect(data.units_used_milli).toEqual({ current: 7200, previous: 1000 });
    expect(data.trend).toEqual({
      granularity: 'day',
      points: [
        { period: '2026-03-07', start: '2026-03-07', analyses: 1, average_score: 90 },
        { period: '2026-03-08', start: '2026-03-08', analyses: 2, average_score: 45 },
        { period: '2026-03-09', start: '2026-03-09', analyses: 2, average_score: 45 },
        { period: '2026-03-10', start: '2026-03-10', analyses: 3, average_score: 70 },
      ],
    });
  });

  it('ranks representatives with at least 3 analyses and lists the most missed items and the newest analyses', async () => {
    const data = await dashboard(RANGE);
    expect(data.top_representatives).toEqual([
      { representative: 'Alice', analyses: 3, average_score: 200 / 3 },
      { representative: 'Bob', analyses: 4, average_score: 45 },
    ]);
    expect(data.bottom_representatives).toEqual([]);
    const sales = { prompt_id: s.salesPrompt.id, prompt_name: 'Sales QA' };
    expect(data.most_missed).toEqual([
      {
        prompt_id: s.supportPrompt.id,
        prompt_name: 'Support QA',
        path: 'Resolved',
        label: 'Resolved',
        missed: 2,
        answered: 3,
        miss_rate: 2 / 3,
      },
      {
        ...sales,
        path: 'Discovery.Timeline',
        label: 'Discovery - Timeline',
        missed: 2,
        answered: 5,
        miss_rate: 0.4,
      },
      { ...sales, path: 'Greeting', label: 'Greeting', missed: 2, answered: 5, miss_rate: 0.4 },
      {
        ...sales,
        path: 'Discovery.Budget',
        label: 'Discovery - Budget',
        missed: 1,
        answered: 3,
        miss_rate: 1 / 3,
      },
    ]);
    const { ids } = s;
    expect(data.recent.map((analysis) => analysis.id)).toEqual([
      ids.b3,
      ids.b2,
      ids.a5,
      ids.a4,
      ids.a3,
      ids.a2,
      ids.b1,
      ids.a1,
    ]);
    expect(data.recent[0]).toEqual({
      id: ids.b3,
      title: 'Call of 2026-03-10T20:00:00Z',
      representative: 'Bob',
      prompt_name: 'Support QA',
      final_score: 80,
      created_at: '2026-03-10T20:00:00.000Z',
      conversation_at: '2026-03-10T20:00:00.000Z',
    });
  });

  it('narrows to one prompt', async () => {
    const data = await dashboard(`${RANGE}&prompt_id=${s.salesPrompt.id}`);
    expect(data.analyses).toEqual({ current: 5, previous: 1 });
    expect(data.average_score).toEqual({ current: 64, previous: 80 });
    expect(data.pass_rate).toEqual({ current: 8 / 13, previous: 1 });
    expect(data.units_used_milli).toEqual({ current: 5000, previous: 1000 });
    expect(data.recent.map((analysis) => analysis.id)).toEqual([
      s.ids.a5,
      s.ids.a4,
      s.ids.a3,
      s.ids.a2,
      s.ids.a1,
    ]);
  });

  it('trends by week over longer ranges, Monday or Sunday weeks, with every week of the range', async () => {
    const monday = await dashboard('from=2026-01-01&to=2026-03-31');
    expect(monday.trend.granularity).toBe('week');
    expect(monday.trend.points).toHaveLength(14);
    expect(monday.trend.points[0]).toEqual({
      period: '202601',
      start: '2025-12-29',
      analyses: 0,
      average_score: null,
    });
    const mondayWeeks = monday.trend.points.filter((point) => point.analyses > 0);
    expect(mondayWeeks).toEqual([
      { period: '202605', start: '2026-01-26', analyses: 1, average_score: 60 },
      { period: '202610', start: '2026-03-02', analyses: 4, average_score: 65 },
      { period: '202611', start: '2026-03-09', analyses: 5, average_score: 60 },
    ]);
    const sunday = await dashboard('from=2026-01-01&to=2026-03-31&week_start=sunday');
    expect(sunday.trend.points).toHaveLength(14);
    expect(sunday.trend.points.filter((point) => point.analyses > 0)).toEqual([
      { period: '202606', start: '2026-02-01', analyses: 1, average_score: 60 },
      { period: '202610', start: '2026-03-01', analyses: 2, average_score: 85 },
      { period: '202611', start: '2026-03-08', analyses: 7, average_score: 390 / 7 },
    ]);
  });

  it('covers every analysis by month without a range, with nothing to compare with', async () => {
    const data = await dashboard('');
    expect(data.previous).toBeNull();
    expect(data.analyses).toEqual({ current: 10, previous: null });
    expect(data.trend).toEqual({
      granularity: 'month',
      points: [
        { period: '202602', start: '2026-02-01', analyses: 1, average_score: 60 },
        { period: '202603', start: '2026-03-01', analyses: 9, average_score: 560 / 9 },
      ],
    });
  });

  it('refuses a range that ends before it starts', async () => {
    const response = await s.owner.call(analyticsRoutes.dashboard, {
      params: { id: s.projectId },
      query: { from: '2026-03-10', to: '2026-03-07' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('who sees the dashboard', () => {
  it("shows a team leader their team's analyses only", async () => {
    const data = await dashboard(RANGE, s.leader);
    expect(data.analyses).toEqual({ current: 3, previous: 1 });
    expect(data.average_score).toEqual({ current: 200 / 3, previous: 80 });
    expect(data.pass_rate).toEqual({ current: 5 / 8, previous: 1 });
    expect(data.units_used_milli).toEqual({ current: 3700, previous: 1000 });
    expect(data.top_representatives.map((rep) => rep.representative)).toEqual(['Alice']);
    expect(data.most_missed.map((item) => [item.path, item.missed, item.answered])).toEqual([
      ['Discovery.Timeline', 1, 3],
      ['Greeting', 1, 3],
    ]);
    expect(data.recent.map((analysis) => analysis.id)).toEqual([s.ids.a3, s.ids.a2, s.ids.a1]);
  });

  it('shows a team leader without an assignment nothing', async () => {
    const data = await dashboard(RANGE, s.idleLeader);
    expect(data).toMatchObject({
      analyses: { current: 0, previous: 0 },
      average_score: { current: null, previous: null },
      pass_rate: { current: null, previous: null },
      units_used_milli: { current: 0, previous: 0 },
      top_representatives: [],
      most_missed: [],
      recent: [],
    });
    expect(data.trend.points).toEqual([
      { period: '2026-03-07', start: '2026-03-07', analyses: 0, average_score: null },
      { period: '2026-03-08', start: '2026-03-08', analyses: 0, average_score: null },
      { period: '2026-03-09', start: '2026-03-09', analyses: 0, average_score: null },
      { period: '2026-03-10', start: '2026-03-10', analyses: 0, average_score: null },
    ]);
  });

  it('answers full keys and support staff with a grant like the owner, media keys 403, other projects 404', async () => {
    const owners = await dashboard(RANGE);
    expect(await dashboard(RANGE, s.fullKey)).toEqual(owners);
    expect(await dashboard(RANGE, s.support)).toEqual(owners);
    const media = await s.mediaKey.request({
      method: 'GET',
      url: `/api/projects/${s.projectId}/analytics/dashboard?${RANGE}`,
    });
    expect(media.statusCode).toBe(403);
    expect(media.json().error.message).toBe(API_KEY_TEXTS.mediaOnly);
    for (const caller of [s.stranger, s.fullKey, s.leader]) {
      const other = await caller.request({
        method: 'GET',
        url: `/api/projects/${s.otherProjectId}/analytics/dashboard?${RANGE}`,
      });
      expect(other.statusCode).toBe(404);
    }
    const strangers = await s.stranger.call(analyticsRoutes.dashboard, { params: { id: s.projectId } });
    expect(strangers.statusCode).toBe(404);
  });
});
