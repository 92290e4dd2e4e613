import {
  type AnalyticsValueType,
  daysBetween,
  FINAL_SCORE_PATH,
  INSIGHT_LIMITS,
  SCORE_TYPES,
} from '@parley/contracts';
import { and, count, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analysisFieldDays as days, tasks, analysisFieldValues as values } from '../../db/schema/index.ts';
import { type AnalyticsTable, finalRows } from '../analytics/filters.ts';
import { groupBy } from '../analytics/tally.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { searchEvidence, trackerFigures, trackerMoments } from './conversation-evidence.ts';
import { topValues, type ValueCounts } from './field-context.ts';
import {
  BREAKDOWN_MAX,
  type EvidenceAnalysis,
  type FieldFigures,
  type GroupCounts,
  hasBreakdowns,
  type InsightFigures,
  type PeriodUnit,
  type SearchEvidence,
  statsOf,
} from './figures.ts';
import { type InsightScope, insightConditions } from './scope.ts';

/** What an insight's job hands the model, and what the model's answer may refer to. */
export interface GatheredData {
  figures: InsightFigures;
  sample: EvidenceAnalysis[];
  /** The conversations the transcript search found (null: no search asked). */
  search: SearchEvidence[] | null;
  /** Every representative and department with analyses within the filters (as stored). */
  representatives: string[];
  departments: string[];
}

/** Ranges up to this many days are broken down by week, longer ones by month. */
const WEEKS_UP_TO_DAYS = 92;

/**
 * The figures of the analyses within an insight's filters that the caller may see: per field (the ones asked,
 * else the ones with the most values) the top 10 values and the statistics of its scores or yes/no answers,
 * overall and per representative, department and period, the same for the final score; and the newest
 * analyses with short quotes of those fields. Null when no analysis matches.
 */
export async function gatherInsightData(
  db: Executor,
  access: ProjectAccess,
  scope: InsightScope & { analysis_fields: readonly string[]; search?: string | null },
): Promise<GatheredData | null> {
  const conditions = insightConditions(values, access, scope);
  const [overview] = await db
    .select({
      analyses: sql<number>`count(*)::int`,
      first: sql<string>`min(${values.analysisDate})::text`,
      last: sql<string>`max(${values.analysisDate})::text`,
    })
    .from(values)
    .where(and(...conditions, finalRows(values)));
  if (!overview || overview.analyses === 0) return null;
  const paths = scope.analysis_fields.filter((path) => path !== FINAL_SCORE_PATH);
  const fields = paths.length > 0 ? [...new Set(paths)] : await busiestFields(db, conditions);
  const unit = periodUnit(scope.start_date ?? overview.first, scope.end_date ?? overview.last);
  const [groups, tops, sample, trackers, search] = await Promise.all([
    groupCounts(db, access, scope, fields, unit),
    topValues(db, access, scope, [...fields, FINAL_SCORE_PATH], INSIGHT_LIMITS.promptTopValues),
    evidenceSample(db, conditions, fields),
    trackerFigures(db, access, scope),
    scope.search ? searchEvidence(db, access, scope, scope.search) : null,
  ]);
  const byField = groupBy(groups, (group) => `${group.path}\n${group.type}`);
  const figuresOf = (path: string, type: AnalyticsValueType) =>
    fieldFigures(path, type, byField.get(`${path}\n${type}`) ?? [], tops.get(path));
  const finalGroups = byField.get(`${FINAL_SCORE_PATH}\nfinal`) ?? [];
  return {
    figures: {
      analyses: overview.analyses,
      first_day: overview.first,
      last_day: overview.last,
      period: unit,
      final_score: figuresOf(FINAL_SCORE_PATH, 'final'),
      fields: fields.flatMap((path) =>
        groups
          .filter((group) => group.path === path && group.by === 'overall')
          .map((group) => figuresOf(path, group.type)),
      ),
      ...(trackers.length > 0 && { trackers }),
    },
    sample,
    search,
    representatives: namesOf(finalGroups, 'representative'),
    departments: namesOf(finalGroups, 'department'),
  };
}

function periodUnit(start: string, end: string): PeriodUnit {
  return (daysBetween(start, end) ?? 0) <= WEEKS_UP_TO_DAYS ? 'week' : 'month';
}

/** Without fields asked: the fields with the most values within the filters. */
async function busiestFields(db: Executor, conditions: SQL[]): Promise<string[]> {
  const rows = await db
    .select({ path: values.path })
    .from(values)
    .where(and(...conditions, sql`${values.valueType} <> 'final'`))
    .groupBy(values.path)
    .orderBy(desc(count()), values.path)
    .limit(INSIGHT_LIMITS.fields);
  return rows.map((row) => row.path);
}

type Breakdown = 'overall' | 'representative' | 'department' | 'period';

interface GroupRow extends GroupCounts {
  path: string;
  type: AnalyticsValueType;
  by: Breakdown;
  /** The representative, department or first day of the period (null: none recorded). */
  key: string | null;
}

/** GROUPING(representative, department, period): a bit set for each column the grouping set leaves out. */
const BREAKDOWN_OF_GROUPING: Record<number, Breakdown> = {
  7: 'overall',
  3: 'representative',
  5: 'department',
  6: 'period',
};

/** The breakdowns of a field and the final score, keyed by their columns (GROUPING tells which). */
const BREAKDOWN_SETS = sql`GROUPING SETS ((path, value_type), (path, value_type, representative),
  (path, value_type, department), (path, value_type, period))`;

/**
 * Grouping sets are hashed only when PostgreSQL expects the groups to fit in work_mem; it overestimates them
 * (representatives, departments and periods are not independent) and otherwise sorts millions of rows on disk.
 */
const GROUPING_WORK_MEM = sql.raw(`SET LOCAL work_mem = '64MB'`);

/**
 * The counts, score statistics and yes/no outcomes of the fields and the final score, overall and per
 * representative, department and period (grouping sets): counted from the day sums, then the lowest and
 * highest scores from the values of the paths with scores.
 */
async function groupCounts(
  db: Executor,
  access: ProjectAccess,
  scope: InsightScope,
  fields: string[],
  unit: PeriodUnit,
): Promise<GroupRow[]> {
  // The fields' and the final score's rows within the scope (of the paths asked: an index condition), added up
  // per representative, department and period first, so that the grouping sets hash thousands of rows.
  const perGroup = (table: AnalyticsTable, paths: string[], aggregates: SQL, only?: SQL) => {
    const chosen = fields.length > 0 ? sql`${inArray(table.path, fields)} OR ` : sql``;
    return sql`SELECT path, value_type, representative, department,
        date_trunc(${unit}, ${table.analysisDate}::timestamp)::date AS period, ${aggregates}
      FROM ${table}
      WHERE ${and(...insightConditions(table, access, scope), inArray(table.path, paths), only)}
        AND (${chosen}${finalRows(table)})
      GROUP BY 1, 2, 3, 4, 5`;
  };
  const grouped = sql`path, value_type AS type, GROUPING(representative, department, period)::int AS grouping,
    representative, department, period::text AS period`;
  const hashed = <T extends Record<string, unknown>>(query: SQL) =>
    db.transaction(async (tx) => {
      await tx.execute(GROUPING_WORK_MEM);
      return (await tx.execute<T>(query)).rows;
    });
  const counts = await hashed<Omit<GroupRow, 'by' | 'key' | 'min' | 'max'> & Record<string, unknown>>(sql`
    SELECT ${grouped}, sum(analyses)::int AS analyses, sum(scored)::int AS scored,
      (sum(score_sum) / nullif(sum(scored), 0))::float8 AS mean, sum(passed)::int AS passed,
      sum(missed)::int AS missed, sum(na)::int AS na
    FROM (${perGroup(
      days,
      [...fields, FINAL_SCORE_PATH],
      sql`sum(analyses) AS analyses, sum(scored) AS scored, sum(score_sum) AS score_sum,
        sum(passed) AS passed, sum(missed) AS missed, sum(na) AS na`,
    )}) v
    GROUP BY ${BREAKDOWN_SETS}`);
  // Lowest and highest scores: the values of the paths with scores only.
  const scored = [...new Set(counts.filter((row) => SCORE_TYPES.includes(row.type)).map((row) => row.path))];
  const ranges = await hashed<
    { path: string; type: string; min: number; max: number } & Record<string, unknown>
  >(sql`
    SELECT ${grouped}, min(min)::float8 AS min, max(max)::float8 AS max
    FROM (${perGroup(
      values,
      scored,
      sql`min(score) AS min, max(score) AS max`,
      inArray(values.valueType, [...SCORE_TYPES]),
    )}) v
    GROUP BY ${BREAKDOWN_SETS}`);
  const keyOf = (row: Record<string, unknown>) => {
    const by = BREAKDOWN_OF_GROUPING[row.grouping as number]!;
    return { by, key: by === 'overall' ? null : (row[by] as string | null) };
  };
  const groupId = (row: Record<string, unknown>, { by, key }: ReturnType<typeof keyOf>) =>
    JSON.stringify([row.path, row.type, by, key]);
  const range = new Map(ranges.map((row) => [groupId(row, keyOf(row)), row]));
  return counts.map((row) => {
    const group = keyOf(row);
    const scores = range.get(groupId(row, group));
    return { ...row, ...group, min: scores?.min ?? null, max: scores?.max ?? null } as GroupRow;
  });
}

/** The names of one kind of group (people and departments without a name left out). */
const namesOf = (groups: GroupRow[], by: 'representative' | 'department') =>
  groups.filter((group) => group.by === by && group.key !== null).map((group) => group.key!);

/** Names in order, the group without a name last. */
const namedFirst = (a: string | null, b: string | null) =>
  a === null || b === null ? Number(a === null) - Number(b === null) : a.localeCompare(b);

/** Representatives and departments with the most analyses first (then by name); periods in order, newest kept. */
function breakdown(groups: GroupRow[], by: Exclude<Breakdown, 'overall'>) {
  const of = groups.filter((group) => group.by === by);
  if (by === 'period') {
    const sorted = of.sort((a, b) => a.key!.localeCompare(b.key!));
    return { kept: sorted.slice(-BREAKDOWN_MAX), leftOut: Math.max(0, sorted.length - BREAKDOWN_MAX) };
  }
  const sorted = of.sort((a, b) => b.analyses - a.analyses || namedFirst(a.key, b.key));
  return { kept: sorted.slice(0, BREAKDOWN_MAX), leftOut: Math.max(0, sorted.length - BREAKDOWN_MAX) };
}

function fieldFigures(
  path: string,
  type: AnalyticsValueType,
  groups: GroupRow[],
  top: ValueCounts | undefined,
): FieldFigures {
  const overall = groups.find((group) => group.by === 'overall');
  const figures: FieldFigures = {
    field: path,
    type,
    distinct_values: top?.totalUnique ?? 0,
    top_values: top?.results ?? [],
    overall: statsOf(type, overall ?? { ...EMPTY }),
  };
  if (!hasBreakdowns(type)) return figures;
  const reps = breakdown(groups, 'representative');
  const departments = breakdown(groups, 'department');
  const periods = breakdown(groups, 'period');
  figures.by_representative = reps.kept.map((g) => ({ representative: g.key, ...statsOf(type, g) }));
  figures.by_department = departments.kept.map((g) => ({ department: g.key, ...statsOf(type, g) }));
  figures.by_period = periods.kept.map((g) => ({ period_start: g.key!, ...statsOf(type, g) }));
  const leftOut = {
    ...(reps.leftOut > 0 && { representatives: reps.leftOut }),
    ...(departments.leftOut > 0 && { departments: departments.leftOut }),
    ...(periods.leftOut > 0 && { periods: periods.leftOut }),
  };
  if (Object.keys(leftOut).length > 0) figures.groups_left_out = leftOut;
  return figures;
}

const EMPTY: GroupCounts = {
  analyses: 0,
  scored: 0,
  mean: null,
  min: null,
  max: null,
  passed: 0,
  missed: 0,
  na: 0,
};

/**
 * The newest analyses within the filters (INSIGHT_LIMITS.evidenceAnalyses), each with its fields' values, the
 * quotes the analysis gave as evidence for them, cut to INSIGHT_LIMITS.quoteChars, and its trackers' moments.
 */
async function evidenceSample(
  db: Executor,
  conditions: SQL[],
  fields: string[],
): Promise<EvidenceAnalysis[]> {
  const paths = sql`${sql.param(fields)}::text[]`;
  const rows = await db
    .select({
      analysis_id: values.taskId,
      date: sql<string>`${values.analysisDate}::text`,
      representative: values.representative,
      department: values.department,
      final_score: values.score,
      fields: sql<EvidenceAnalysis['fields']>`(
        SELECT coalesce(jsonb_agg(jsonb_build_object(
          'field', e.path,
          'value', coalesce(e.value, e.score::text),
          'quote', nullif(left(${tasks.result} -> 'evidence' -> e.path ->> 'quote', ${INSIGHT_LIMITS.quoteChars}), '')
        ) ORDER BY array_position(${paths}, e.path)), '[]'::jsonb)
        FROM ${values} e WHERE e.task_id = ${values.taskId} AND e.path = ANY(${paths}))`,
    })
    .from(values)
    .innerJoin(tasks, sql`${tasks.id} = ${values.taskId}`)
    .where(and(...conditions, finalRows(values)))
    .orderBy(desc(values.analysisDate), desc(values.taskId))
    .limit(INSIGHT_LIMITS.evidenceAnalyses);
  const moments = await trackerMoments(
    db,
    rows.map((row) => row.analysis_id),
  );
  return rows.map((row) => ({ ...row, moments: moments.get(row.analysis_id) ?? [] }));
}
