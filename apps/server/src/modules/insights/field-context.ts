import {
  CHECKLIST_TYPES,
  type FieldContext,
  type FieldContextQuery,
  INSIGHT_LIMITS,
} from '@parley/contracts';
import { and, type Column, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  analysisFieldDays as days,
  analysisFieldMonths as months,
  analysisValueMonths as valueMonths,
  analysisFieldValues as values,
} from '../../db/schema/index.ts';
import {
  type AnalyticsTable,
  type DaysAsked,
  daysCondition,
  type ScopedTable,
  scopeConditions,
} from '../analytics/filters.ts';
import { monthsCondition, rangeParts } from '../analytics/months.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { type InsightScope, insightFilters } from './scope.ts';

/** A field's values: how many distinct ones, and the most frequent with their counts. */
export interface ValueCounts {
  totalUnique: number;
  results: Array<{ value: string; count: number }>;
}

/**
 * A yes/no item's value as text by its outcome, as the field values are written (contracts field-values.ts):
 * 'true'/'false' of a bool, 'ok'/'not ok'/'n/a' of an ok item. So their counts come from the day sums.
 */
const CHECKLIST_ANSWERS: Record<string, { passed: string; missed: string; na: string }> = {
  bool: { passed: 'true', missed: 'false', na: 'n/a' },
  ok: { passed: 'ok', missed: 'not ok', na: 'n/a' },
};

/**
 * For each path, its distinct values among the analyses within the scope and the `limit` most frequent (ties
 * by value, as the explorer orders them). The whole months of the range are read from sums: yes/no items from
 * the month sums of their outcomes, other values from the month counts of each value; the days around them
 * from the day sums and the values themselves (grouped by value and score before a score is written as text,
 * as the month counts write it). Paths without values are missing from the answer.
 */
export async function topValues(
  db: Executor,
  access: ProjectAccess,
  scope: InsightScope,
  paths: readonly string[],
  limit: number,
): Promise<Map<string, ValueCounts>> {
  const { days: asked, filters } = insightFilters(scope);
  const parts = rangeParts(asked);
  const within = (table: ScopedTable & { path: Column }, range: SQL | undefined, only: readonly string[]) =>
    and(...scopeConditions(table, access, filters), range, inArray(table.path, [...only]));
  // One read per part, so each is a range of an index (an OR of ranges reads the table's pages).
  const dayRanges = (table: AnalyticsTable, ranges: DaysAsked[]) =>
    ranges.map((range) => and(...daysCondition(table, range)));
  const outcomes = (table: typeof days | typeof months, range: SQL | undefined) =>
    db
      .select({
        path: table.path,
        type: table.valueType,
        passed: sql<number>`sum(${table.passed})::int`,
        missed: sql<number>`sum(${table.missed})::int`,
        na: sql<number>`sum(${table.na})::int`,
      })
      .from(table)
      .where(within(table, range, paths))
      .groupBy(table.path, table.valueType);
  // The days a month read takes in beyond the range are counted and taken off (rangeParts).
  const types = (
    await Promise.all([
      ...(parts.months ? [outcomes(months, and(...monthsCondition(months.month, parts.months)))] : []),
      ...dayRanges(days, parts.days).map((range) => outcomes(days, range)),
      ...dayRanges(days, parts.lessDays).map(async (range) =>
        (
          await outcomes(days, range)
        ).map((row) => ({
          ...row,
          passed: -row.passed,
          missed: -row.missed,
          na: -row.na,
        })),
      ),
    ])
  ).flat();
  const counts = new Map<string, Map<string, number>>();
  const add = (path: string, value: string, count: number) => {
    const of = counts.get(path) ?? new Map<string, number>();
    of.set(value, (of.get(value) ?? 0) + count);
    counts.set(path, of);
  };
  for (const row of types) {
    const answers = CHECKLIST_ANSWERS[row.type];
    if (!answers) continue;
    for (const outcome of ['passed', 'missed', 'na'] as const) add(row.path, answers[outcome], row[outcome]);
  }
  const valued = [
    ...new Set(types.filter((row) => !CHECKLIST_TYPES.includes(row.type)).map((row) => row.path)),
  ];
  const monthValues = (range: SQL | undefined) =>
    db
      .select({
        path: valueMonths.path,
        value: valueMonths.value,
        count: sql<number>`sum(${valueMonths.analyses})::int`,
      })
      .from(valueMonths)
      .where(within(valueMonths, range, valued))
      .groupBy(valueMonths.path, valueMonths.value);
  const dayValues = async (range: SQL | undefined) => {
    const { rows } = await db.execute<{ path: string; value: string; count: number }>(sql`
      SELECT path, coalesce(value, score::text) AS value, sum(count)::int AS count FROM (
        SELECT ${values.path} AS path, ${values.value} AS value, ${values.score} AS score, count(*) AS count
        FROM ${values}
        WHERE ${and(within(values, range, valued), notInArray(values.valueType, [...CHECKLIST_TYPES]))}
        GROUP BY 1, 2, 3
      ) grouped
      WHERE coalesce(value, score::text) IS NOT NULL
      GROUP BY 1, 2`);
    return rows;
  };
  const valueCounts =
    valued.length === 0
      ? []
      : await Promise.all([
          ...(parts.months ? [monthValues(and(...monthsCondition(valueMonths.month, parts.months)))] : []),
          ...dayRanges(values, parts.days).map(dayValues),
          ...dayRanges(values, parts.lessDays).map(async (range) =>
            (await dayValues(range)).map((row) => ({ ...row, count: -row.count })),
          ),
        ]);
  for (const row of valueCounts.flat()) add(row.path, row.value, row.count);
  const byPath = new Map<string, ValueCounts>();
  for (const [path, of] of counts) {
    const counted = [...of]
      .filter(([, count]) => count > 0)
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    if (counted.length > 0)
      byPath.set(path, { totalUnique: counted.length, results: counted.slice(0, limit) });
  }
  return byPath;
}

/** The field-context panel: for each field asked, over the filtered analyses, its top 5 values and how many more. */
/** The analyses a field-context query asks about: its filters, unset ones as none. */
export function fieldContextScope(query: FieldContextQuery) {
  return {
    department: query.department ?? [],
    representative: query.representative ?? [],
    start_date: query.start_date ?? null,
    end_date: query.end_date ?? null,
    prompt_id: query.prompt_id ?? null,
  };
}

export async function fieldContext(
  ctx: AppContext,
  access: ProjectAccess,
  query: FieldContextQuery,
): Promise<FieldContext[]> {
  const fields = [...new Set(query.field)];
  const scope = fieldContextScope(query);
  const counted = await topValues(ctx.db, access, scope, fields, INSIGHT_LIMITS.contextTopValues);
  return fields.map((path) => {
    const { totalUnique, results } = counted.get(path) ?? { totalUnique: 0, results: [] };
    return {
      fieldName: path,
      fieldData: { totalUnique, results, remainingCount: totalUnique - results.length },
    };
  });
}
