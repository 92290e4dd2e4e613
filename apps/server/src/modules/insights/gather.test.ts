import { transcriptToText } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnalyticsApp } from '../../../test/analytics.ts';
import { projects, tasks, trackerHits, trackers } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { gatherInsightData } from './gather.ts';

// The hand-checked data set of test/analytics.ts (seedAnalytics): the sales prompt's analyses of 7 to 10 March
// 2026 are a1 (Alice, Sales, 90), a2 (Alice, Sales, 40), a3 (Alice, Sales, 70), a4 (Bob, Support, 20) and a5
// (nobody, 100); p1 (Alice, 5 March) is before them.
let s: Awaited<ReturnType<typeof startAnalyticsApp>>;
let access: ProjectAccess;

beforeAll(async () => {
  s = await startAnalyticsApp();
  const [project] = await s.t.ctx.db.select().from(projects).where(eq(projects.id, s.projectId));
  access = { project: project!, role: 'owner', visibility: { kind: 'all' } };
  // The evidence a1's analysis gave: a short quote, and one longer than a quote handed to the model.
  await s.t.ctx.db
    .update(tasks)
    .set({
      result: {
        values: {},
        evidence: {
          Greeting: { justification: 'Greeted.', quote: 'Good morning, this is Alice.', timestamp: 1 },
          'Discovery.Budget': { justification: 'Asked.', quote: 'b'.repeat(400), timestamp: 9 },
          Tone: { justification: 'Calm.', quote: '', timestamp: null },
        },
      },
    })
    .where(eq(tasks.id, s.ids.a1));
}, 120_000);
afterAll(() => s?.t.close());

const scope = {
  department: [],
  representative: [],
  start_date: '2026-03-07',
  end_date: '2026-03-10',
  prompt_id: null,
  analysis_fields: ['Greeting', 'Discovery.Budget', 'Tone', 'Outcome'],
};

describe('the figures an insight hands the model', () => {
  it('per field: top values, scores and yes/no outcomes overall, per representative, department and week', async () => {
    const data = await gatherInsightData(s.t.ctx.db, access, { ...scope, prompt_id: s.salesPrompt.id });
    const figures = data!.figures;
    expect(figures).toMatchObject({
      analyses: 5,
      first_day: '2026-03-07',
      last_day: '2026-03-10',
      period: 'week',
    });

    expect(figures.final_score).toEqual({
      field: 'Final Score',
      type: 'final',
      distinct_values: 5,
      top_values: ['100', '20', '40', '70', '90'].map((value) => ({ value, count: 1 })),
      overall: { analyses: 5, mean: 64, min: 20, max: 100 },
      by_representative: [
        { representative: 'Alice', analyses: 3, mean: 66.67, min: 40, max: 90 },
        { representative: 'Bob', analyses: 1, mean: 20, min: 20, max: 20 },
        { representative: null, analyses: 1, mean: 100, min: 100, max: 100 },
      ],
      by_department: [
        { department: 'Sales', analyses: 3, mean: 66.67, min: 40, max: 90 },
        { department: 'Support', analyses: 1, mean: 20, min: 20, max: 20 },
        { department: null, analyses: 1, mean: 100, min: 100, max: 100 },
      ],
      // Saturday 7 and Sunday 8 March are in the week of Monday 2 March.
      by_period: [
        { period_start: '2026-03-02', analyses: 2, mean: 65, min: 40, max: 90 },
        { period_start: '2026-03-09', analyses: 3, mean: 63.33, min: 20, max: 100 },
      ],
    });

    const [greeting, budget, tone, outcome] = figures.fields;
    expect(figures.fields.map((field) => field.field)).toEqual([
      'Greeting',
      'Discovery.Budget',
      'Tone',
      'Outcome',
    ]);
    const yesNo = (analyses: number, passed: number, missed: number, na: number, rate: number | null) => ({
      analyses,
      passed,
      missed,
      not_applicable: na,
      pass_rate_percent: rate,
    });
    expect(greeting).toEqual({
      field: 'Greeting',
      type: 'bool',
      distinct_values: 2,
      top_values: [
        { value: 'true', count: 3 },
        { value: 'false', count: 2 },
      ],
      overall: yesNo(5, 3, 2, 0, 60),
      by_representative: [
        { representative: 'Alice', ...yesNo(3, 2, 1, 0, 66.7) },
        { representative: 'Bob', ...yesNo(1, 0, 1, 0, 0) },
        { representative: null, ...yesNo(1, 1, 0, 0, 100) },
      ],
      by_department: [
        { department: 'Sales', ...yesNo(3, 2, 1, 0, 66.7) },
        { department: 'Support', ...yesNo(1, 0, 1, 0, 0) },
        { department: null, ...yesNo(1, 1, 0, 0, 100) },
      ],
      by_period: [
        { period_start: '2026-03-02', ...yesNo(2, 1, 1, 0, 50) },
        { period_start: '2026-03-09', ...yesNo(3, 2, 1, 0, 66.7) },
      ],
    });
    // a5 has no budget answer; a2's is n/a, which the pass rate leaves out.
    expect(budget).toMatchObject({
      type: 'ok',
      distinct_values: 3,
      top_values: [
        { value: 'ok', count: 2 },
        { value: 'n/a', count: 1 },
        { value: 'not ok', count: 1 },
      ],
      overall: yesNo(4, 2, 1, 1, 66.7),
      by_representative: [
        { representative: 'Alice', ...yesNo(3, 1, 1, 1, 50) },
        { representative: 'Bob', ...yesNo(1, 1, 0, 0, 100) },
      ],
      by_period: [
        { period_start: '2026-03-02', ...yesNo(2, 1, 0, 1, 100) },
        { period_start: '2026-03-09', ...yesNo(2, 1, 1, 0, 50) },
      ],
    });
    expect(tone).toMatchObject({
      type: 'marks',
      distinct_values: 4,
      top_values: [
        { value: '3', count: 2 },
        { value: '0', count: 1 },
        { value: '1', count: 1 },
        { value: '2', count: 1 },
      ],
      overall: { analyses: 5, mean: 1.8, min: 0, max: 3 },
      by_representative: [
        { representative: 'Alice', analyses: 3, mean: 2, min: 1, max: 3 },
        { representative: 'Bob', analyses: 1, mean: 0, min: 0, max: 0 },
        { representative: null, analyses: 1, mean: 3, min: 3, max: 3 },
      ],
    });
    // Categories: their values' counts, no breakdowns.
    expect(outcome).toEqual({
      field: 'Outcome',
      type: 'option',
      distinct_values: 3,
      top_values: [
        { value: 'Won', count: 3 },
        { value: 'Follow-up', count: 1 },
        { value: 'Lost', count: 1 },
      ],
      overall: { analyses: 5 },
    });
    expect(data!.representatives.sort()).toEqual(['Alice', 'Bob']);
    expect(data!.departments.sort()).toEqual(['Sales', 'Support']);
  });

  it('a sample of the newest analyses with their values and quotes cut short, never transcripts', async () => {
    const data = await gatherInsightData(s.t.ctx.db, access, { ...scope, prompt_id: s.salesPrompt.id });
    const { a1, a2, a3, a4, a5 } = s.ids;
    expect(data!.sample.map((analysis) => analysis.analysis_id)).toEqual([a5, a4, a3, a2, a1]);
    expect(data!.sample.at(-1)).toEqual({
      analysis_id: a1,
      date: '2026-03-07',
      representative: 'Alice',
      department: 'Sales',
      final_score: 90,
      fields: [
        { field: 'Greeting', value: 'true', quote: 'Good morning, this is Alice.' },
        { field: 'Discovery.Budget', value: 'ok', quote: 'b'.repeat(300) },
        { field: 'Tone', value: '3', quote: null },
        { field: 'Outcome', value: 'Won', quote: null },
      ],
      moments: [],
    });
    expect(data!.sample[0]!.fields.map((field) => field.field)).toEqual(['Greeting', 'Tone', 'Outcome']);
  });

  it('filters by any of the departments and representatives asked (case-insensitively), and by prompt', async () => {
    const both = await gatherInsightData(s.t.ctx.db, access, {
      ...scope,
      start_date: null,
      end_date: null,
      department: ['sales', 'SUPPORT'],
      representative: ['bob', 'alice'],
      analysis_fields: ['Greeting'],
    });
    // Every analysis but a5 (no one's): a1-a4, p1, b1-b3 and February's o1. Support's have no Greeting.
    expect(both!.figures).toMatchObject({ analyses: 9, first_day: '2026-02-01', last_day: '2026-03-10' });
    expect(both!.figures.fields[0]!.overall).toMatchObject({ analyses: 5, passed: 3, missed: 2 });

    const supportOnly = await gatherInsightData(s.t.ctx.db, access, {
      ...scope,
      start_date: '2025-12-01',
      end_date: null,
      prompt_id: s.supportPrompt.id,
      analysis_fields: [],
    });
    // Without fields asked: the fields with the most values; over more than 92 days, months.
    expect(supportOnly!.figures).toMatchObject({ analyses: 4, period: 'month' });
    expect(supportOnly!.figures.fields.map((field) => field.field)).toEqual(['Empathy', 'Resolved']);
    expect(supportOnly!.figures.final_score.by_period).toEqual([
      { period_start: '2026-02-01', analyses: 1, mean: 60, min: 60, max: 60 },
      { period_start: '2026-03-01', analyses: 3, mean: 53.33, min: 30, max: 80 },
    ]);
  });

  it('a team leader: their teams only; nothing within the filters: null', async () => {
    const leader: ProjectAccess = {
      ...access,
      role: 'teamleader',
      visibility: { kind: 'team', assignment: { departments: ['sales'], representatives: [] } },
    };
    const data = await gatherInsightData(s.t.ctx.db, leader, { ...scope, analysis_fields: ['Greeting'] });
    expect(data!.figures.analyses).toBe(3);
    expect(data!.representatives).toEqual(['Alice']);
    expect(data!.sample.map((analysis) => analysis.analysis_id)).toEqual([s.ids.a3, s.ids.a2, s.ids.a1]);

    const none = await gatherInsightData(s.t.ctx.db, access, {
      ...scope,
      start_date: '2027-01-01',
      end_date: null,
    });
    expect(none).toBeNull();
  });

  it("the trackers' hit rates overall, per representative and department, and their moments in the sample", async () => {
    const { a1, a4 } = s.ids;
    const [tracker] = await s.t.ctx.db
      .insert(trackers)
      .values({ projectId: s.projectId, name: 'Cancellation', language: 'en', phrases: ['cancel'] })
      .returning();
    const moment = (segment: number, text: string) => ({
      segment,
      seconds: segment * 10,
      role: 'customer' as const,
      text,
    });
    await s.t.ctx.db.insert(trackerHits).values([
      {
        trackerId: tracker!.id,
        taskId: a1,
        projectId: s.projectId,
        hits: 4,
        moments: [
          moment(1, 'I will cancel'),
          moment(2, 'cancel it'),
          moment(3, 'c'.repeat(400)),
          moment(5, 'cancel!'),
        ],
      },
      {
        trackerId: tracker!.id,
        taskId: a4,
        projectId: s.projectId,
        hits: 1,
        moments: [moment(0, 'Cancel now')],
      },
    ]);
    const data = await gatherInsightData(s.t.ctx.db, access, { ...scope, prompt_id: s.salesPrompt.id });
    expect(data!.figures.trackers).toEqual([
      {
        tracker: 'Cancellation',
        analyses: 5,
        hit: 2,
        hit_rate_percent: 40,
        by_representative: [
          { name: 'Alice', analyses: 3, hit: 1, hit_rate_percent: 33.3 },
          { name: 'Bob', analyses: 1, hit: 1, hit_rate_percent: 100 },
          { name: null, analyses: 1, hit: 0, hit_rate_percent: 0 },
        ],
        by_department: [
          { name: 'Sales', analyses: 3, hit: 1, hit_rate_percent: 33.3 },
          { name: 'Support', analyses: 1, hit: 1, hit_rate_percent: 100 },
          { name: null, analyses: 1, hit: 0, hit_rate_percent: 0 },
        ],
      },
    ]);
    const momentsOf = (id: number) => data!.sample.find((analysis) => analysis.analysis_id === id)!.moments;
    // The first three of a1's, texts cut as quotes are.
    expect(momentsOf(a1)).toEqual([
      { tracker: 'Cancellation', ...moment(1, 'I will cancel') },
      { tracker: 'Cancellation', ...moment(2, 'cancel it') },
      { tracker: 'Cancellation', ...moment(3, 'c'.repeat(300)) },
    ]);
    expect(momentsOf(a4)).toEqual([{ tracker: 'Cancellation', ...moment(0, 'Cancel now') }]);

    // A team leader of Sales: Bob's hit is not theirs.
    const leader: ProjectAccess = {
      ...access,
      role: 'teamleader',
      visibility: { kind: 'team', assignment: { departments: ['sales'], representatives: [] } },
    };
    const theirs = await gatherInsightData(s.t.ctx.db, leader, { ...scope, prompt_id: s.salesPrompt.id });
    expect(theirs!.figures.trackers![0]).toMatchObject({ analyses: 3, hit: 1, hit_rate_percent: 33.3 });
  });
  it('with a phrase: the conversations whose transcript says it, newest first, with the pieces as moments', async () => {
    const { a1, a2, a4 } = s.ids;
    const talk = (customer: string) => [
      { start: 0, end: 4, speaker: 'A', text: 'Hello, how can I help?' },
      { start: 4, end: 9.5, speaker: 'B', text: customer },
    ];
    for (const [id, customer] of [
      [a1, 'I want a refund for my plan.'],
      [a2, 'All good, thanks.'],
      [a4, 'A REFUND for my plan, please.'],
    ] as const) {
      const segments = talk(customer);
      await s.t.ctx.db
        .update(tasks)
        .set({ transcript: segments, transcriptText: transcriptToText(segments) })
        .where(eq(tasks.id, id));
    }
    const asked = { ...scope, prompt_id: s.salesPrompt.id, search: 'refund for my plan' };
    const data = await gatherInsightData(s.t.ctx.db, access, asked);
    expect(data!.search!.map((found) => found.analysis_id)).toEqual([a4, a1]);
    expect(data!.search![1]).toEqual({
      analysis_id: a1,
      date: expect.any(String),
      representative: 'Alice',
      department: 'Sales',
      moments: [{ segment: 1, seconds: 4, role: null, text: 'I want a refund for my plan.' }],
    });
    // Several departments are checked on the results; one is the search's own filter.
    const both = await gatherInsightData(s.t.ctx.db, access, { ...asked, department: ['sales', 'Support'] });
    expect(both!.search!.map((found) => found.analysis_id)).toEqual([a4, a1]);
    const sales = await gatherInsightData(s.t.ctx.db, access, { ...asked, department: ['sales'] });
    expect(sales!.search!.map((found) => found.analysis_id)).toEqual([a1]);
    // No phrase asked: no search.
    expect((await gatherInsightData(s.t.ctx.db, access, scope))!.search).toBeNull();
  });
});
