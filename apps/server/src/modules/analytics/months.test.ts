import {
  addDays,
  ChecklistQuery,
  type FieldContext,
  FieldContextQuery,
  INSIGHT_LIMITS,
} from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAnalysis, SALES_CONTENT, type SeededPrompt, seedPrompt } from '../../../test/analytics.ts';
import { createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { analysisFieldValues, analysisFieldDays as days, projects } from '../../db/schema/index.ts';
import { fieldContext, fieldContextScope } from '../insights/field-context.ts';
import { insightConditions } from '../insights/scope.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { checklistOf, checklistReport, type RepTally } from './checklist.ts';
import { rowsCondition } from './filters.ts';
import { rangeParts } from './months.ts';
import { promptWithPaths } from './prompt-fields.ts';
import { dayTallyColumns } from './tally.ts';

describe('a range split into whole months and the days around them', () => {
  it.each([
    [{}, { months: {}, days: [], lessDays: [] }],
    [
      { from: '2026-01-10', to: '2026-03-20' },
      {
        months: { from: '2026-01-01', to: '2026-03-01' },
        days: [],
        lessDays: [
          { from: '2026-01-01', to: '2026-01-09' },
          { from: '2026-03-21', to: '2026-03-31' },
        ],
      },
    ],
    [
      { from: '2026-01-20', to: '2026-03-10' },
      {
        months: { from: '2026-02-01', to: '2026-02-01' },
        days: [
          { from: '2026-01-20', to: '2026-01-31' },
          { from: '2026-03-01', to: '2026-03-10' },
        ],
        lessDays: [],
      },
    ],
    [
      { from: '2025-12-01', to: '2026-02-28' },
      { months: { from: '2025-12-01', to: '2026-02-01' }, days: [], lessDays: [] },
    ],
    [
      { from: '2026-01-10', to: '2026-01-25' },
      { months: null, days: [{ from: '2026-01-10', to: '2026-01-25' }], lessDays: [] },
    ],
    [
      { from: '2026-01-31', to: '2026-02-01' },
      { months: null, days: [{ from: '2026-01-31', to: '2026-02-01' }], lessDays: [] },
    ],
    [
      { from: '2026-01-02', to: '2026-02-28' },
      {
        months: { from: '2026-01-01', to: '2026-02-01' },
        days: [],
        lessDays: [{ from: '2026-01-01', to: '2026-01-01' }],
      },
    ],
    [
      // 90 days to today: the first month whole less 3 days, the last 2 days added.
      { from: '2026-09-04', to: '2026-12-02' },
      {
        months: { from: '2026-09-01', to: '2026-11-01' },
        days: [{ from: '2026-12-01', to: '2026-12-02' }],
        lessDays: [{ from: '2026-09-01', to: '2026-09-03' }],
      },
    ],
    [
      { from: '2026-02-16' },
      {
        months: { from: '2026-03-01', to: undefined },
        days: [{ from: '2026-02-16', to: '2026-02-28' }],
        lessDays: [],
      },
    ],
    [
      { from: '2026-02-02' },
      {
        months: { from: '2026-02-01', to: undefined },
        days: [],
        lessDays: [{ from: '2026-02-01', to: '2026-02-01' }],
      },
    ],
    [
      { to: '2024-02-10' },
      {
        months: { from: undefined, to: '2024-01-01' },
        days: [{ from: '2024-02-01', to: '2024-02-10' }],
        lessDays: [],
      },
    ],
    [
      { to: '2024-02-28' },
      {
        months: { from: undefined, to: '2024-02-01' },
        days: [],
        lessDays: [{ from: '2024-02-29', to: '2024-02-29' }],
      },
    ],
    [{ to: '2024-02-29' }, { months: { from: undefined, to: '2024-02-01' }, days: [], lessDays: [] }],
  ])('%j', (asked, parts) => {
    expect(rangeParts(asked)).toEqual(parts);
  });
});

let t: TestApp;
let owner: ProjectAccess;
let leader: ProjectAccess;
let prompt: SeededPrompt;

/** A pseudo-random number below `n` of an analysis and a field. */
const pick = (i: number, k: number, n: number) => ((i * 7919 + k * 104_729) % 1009) % n;

beforeAll(async () => {
  t = await startTestApp();
  const client = await signUp(t.app);
  const projectId = await createProject(client, 'Months');
  const [project] = await t.ctx.db
    .update(projects)
    .set({ timezone: 'America/New_York' })
    .where(eq(projects.id, projectId))
    .returning();
  owner = { project: project!, role: 'owner' };
  leader = {
    ...owner,
    role: 'teamleader',
    visibility: { kind: 'team', assignment: { departments: ['Sales'], representatives: [] } },
  };
  prompt = await seedPrompt(t, client, projectId, 'Sales QA', SALES_CONTENT);
  const people = [
    { representative: 'Ann', department: 'Sales' },
    { representative: 'Bo', department: 'Support' },
    { representative: 'Cy', department: 'Sales' },
    { representative: null, department: null },
  ];
  // 140 analyses, one every day from 20 November 2025 to 8 April 2026 (the project's days).
  const ids: number[] = [];
  for (let i = 0; i < 140; i += 1) {
    const day = addDays('2025-11-20', i)!;
    ids.push(
      await insertAnalysis(t, projectId, {
        prompt,
        ...people[pick(i, 1, people.length)]!,
        day,
        createdAt: `${day}T15:00:00Z`,
        score: 40 + pick(i, 2, 61),
        values: {
          Summary: 'A call.',
          Greeting: pick(i, 3, 3) > 0,
          Discovery: { Budget: ['ok', 'not ok', 'n/a'][pick(i, 4, 3)], Timeline: pick(i, 5, 2) === 0 },
          Tone: pick(i, 6, 4),
          Outcome: ['Won', 'Lost', 'Follow-up'][pick(i, 7, 3)],
          Objections: pick(i, 8, 5),
        },
      }),
    );
  }
  // Fields the prompt no longer has, whose type changed within January: yes/no, then ok — and the reverse.
  const legacy = (index: number, path: string, type: 'bool' | 'ok') => ({
    taskId: ids[index]!,
    projectId,
    promptId: prompt.id,
    path,
    valueType: type,
    score: 1,
    maxScore: 1,
    value: type === 'bool' ? 'true' : 'ok',
    outcome: 'passed' as const,
    representative: 'Ann',
    department: 'Sales',
    analysisDate: addDays('2025-11-20', index)!,
  });
  await t.ctx.db.insert(analysisFieldValues).values([
    legacy(46, 'Legacy A', 'bool'), // 5 January
    legacy(61, 'Legacy A', 'ok'), // 20 January
    legacy(47, 'Legacy B', 'ok'),
    legacy(62, 'Legacy B', 'bool'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** The report as it was made before the month sums: from the day sums only. */
async function dayOnlyReport(access: ProjectAccess, query: ChecklistQuery) {
  const { content, paths } = await promptWithPaths(t.ctx.db, access.project.id, query.prompt_id);
  const tallies = await t.ctx.db
    .select({ representative: days.representative, path: days.path, ...dayTallyColumns })
    .from(days)
    .where(and(rowsCondition(days, access, query), inArray(days.path, paths)))
    .groupBy(days.representative, days.path, days.valueType);
  return checklistOf(content, tallies as RepTally[]);
}

/** The field context counted from the values themselves. */
async function valueCounts(access: ProjectAccess, query: FieldContextQuery): Promise<FieldContext[]> {
  const scope = fieldContextScope(query);
  const v = analysisFieldValues;
  const rows = await t.ctx.db
    .select({
      path: v.path,
      value: sql<string>`coalesce(${v.value}, ${v.score}::text)`,
      count: sql<number>`count(*)::int`,
    })
    .from(v)
    .where(
      and(
        ...insightConditions(v, access, scope),
        inArray(v.path, query.field),
        sql`coalesce(${v.value}, ${v.score}::text) IS NOT NULL`,
      ),
    )
    .groupBy(v.path, sql`2`);
  return query.field.map((path) => {
    const counted = rows
      .filter((row) => row.path === path)
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    const results = counted
      .slice(0, INSIGHT_LIMITS.contextTopValues)
      .map(({ value, count }) => ({ value, count }));
    return {
      fieldName: path,
      fieldData: { totalUnique: counted.length, results, remainingCount: counted.length - results.length },
    };
  });
}

const RANGES = [
  {},
  { from: '2025-12-10', to: '2026-03-20' },
  { from: '2025-12-01', to: '2026-02-28' },
  { from: '2026-01-10', to: '2026-01-25' },
  { from: '2026-01-31', to: '2026-02-01' },
  { from: '2026-01-10' },
  { to: '2026-02-14' },
  { from: '2026-01-01', to: '2026-01-31' },
  // January whole less 1–7 January: Legacy A's yes/no value (5 January) is taken off, its ok value stays.
  { from: '2026-01-08', to: '2026-02-28' },
  { from: '2025-11-22', to: '2026-04-07' },
];
const FILTERS = [{}, { department: 'sales' }, { representative: 'bo' }];
const cases = RANGES.flatMap((range) => FILTERS.map((filters) => ({ ...range, ...filters })));

describe('the checklist report over whole months and the days around them', () => {
  it.each(cases)('answers %j as the day sums alone do', async (asked) => {
    for (const access of [owner, leader]) {
      const query = ChecklistQuery.parse({ prompt_id: prompt.id, ...asked });
      const report = await checklistReport(t.ctx, access, query);
      expect(report).toEqual(await dayOnlyReport(access, query));
      if (access === owner) expect(report.total.analyses).toBeGreaterThan(0);
    }
  });

  it('types a field whose type changed within a month by its newest day', async () => {
    const query = ChecklistQuery.parse({ prompt_id: prompt.id, from: '2025-12-01', to: '2026-02-28' });
    const { items } = await checklistReport(t.ctx, owner, query);
    expect(
      items.filter((item) => item.path.startsWith('Legacy')).map(({ path, type }) => ({ path, type })),
    ).toEqual([
      { path: 'Legacy A', type: 'ok' },
      { path: 'Legacy B', type: 'bool' },
    ]);
  });
});

describe('the field context over whole months and the days around them', () => {
  const fields = ['Discovery.Budget', 'Greeting', 'Tone', 'Outcome', 'Objections', 'Final Score'];
  it.each(cases)('counts %j as the values do', async ({ from, to, ...filters }) => {
    for (const access of [owner, leader]) {
      const query = FieldContextQuery.parse({
        field: fields,
        prompt_id: prompt.id,
        start_date: from,
        end_date: to,
        ...filters,
      });
      const context = await fieldContext(t.ctx, access, query);
      expect(context).toEqual(await valueCounts(access, query));
      if (access === owner) expect(context.every((field) => field.fieldData.totalUnique > 0)).toBe(true);
    }
  });
});
