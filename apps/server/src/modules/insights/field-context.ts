import {
  CHECKLIST_TYPES,
  type FieldContext,
  type FieldContextQuery,
  INSIGHT_LIMITS,
} from '@parley/contracts';
import { and, inArray, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { analysisFieldDays as days, analysisFieldValues as values } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { type InsightScope, insightConditions } from './scope.ts';

/** A field's values: how many distinct ones, and the most frequent with their counts. */
export interface ValueCounts {
  totalUnique: number;
  results: Array<{ value: string; count: number }>;
}

/**
 * A yes/no item's value as text by its outcome, as the field values are written (contracts field-values.ts):
 * 'true'/'false' of a bool, 'ok'/'not ok'/'n/a' of an ok item. So their counts come from the day sums.
 */
const checklistAnswers = sql`(VALUES
  ('bool', 'true', 'passed'), ('bool', 'false', 'missed'), ('bool', 'n/a', 'na'),
  ('ok', 'ok', 'passed'), ('ok', 'not ok', 'missed'), ('ok', 'n/a', 'na')) AS a(type, value, outcome)`;

/**
 * For each path, its distinct values among the analyses within the scope and the `limit` most frequent (ties
 * by value), in one query. Yes/no items are counted from the day sums (a fifth of the rows), other values
 * from the values, grouped by value and score before a score is written as text (once per distinct score).
 * Paths without values are missing from the answer.
 */
export async function topValues(
  db: Executor,
  access: ProjectAccess,
  scope: InsightScope,
  paths: readonly string[],
  limit: number,
): Promise<Map<string, ValueCounts>> {
  const { rows } = await db.execute<{ path: string; value: string; count: number; total: number }>(sql`
    WITH counted AS (
      SELECT path, value, sum(count)::int AS count FROM (
        SELECT path, coalesce(value, score::text) AS value, count FROM (
          SELECT ${values.path} AS path, ${values.value} AS value, ${values.score} AS score, count(*) AS count
          FROM ${values}
          WHERE ${and(
            ...insightConditions(values, access, scope),
            inArray(values.path, [...paths]),
            notInArray(values.valueType, [...CHECKLIST_TYPES]),
          )}
          GROUP BY 1, 2, 3
          UNION ALL
          SELECT ${days.path}, a.value, NULL::float8,
            sum(CASE a.outcome WHEN 'passed' THEN ${days.passed} WHEN 'missed' THEN ${days.missed} ELSE ${days.na} END)
          FROM ${days} JOIN ${checklistAnswers} ON a.type = ${days.valueType}
          WHERE ${and(...insightConditions(days, access, scope), inArray(days.path, [...paths]))}
          GROUP BY 1, 2
        ) grouped
      ) named
      WHERE value IS NOT NULL
      GROUP BY 1, 2
      HAVING sum(count) > 0
    )
    SELECT path, value, count, total FROM (
      SELECT path, value, count, row_number() OVER (PARTITION BY path ORDER BY count DESC, value) AS rank,
        (count(*) OVER (PARTITION BY path))::int AS total
      FROM counted
    ) ranked
    WHERE rank <= ${limit}
    ORDER BY path, rank`);
  const byPath = new Map<string, ValueCounts>();
  for (const row of rows) {
    const counts = byPath.get(row.path) ?? { totalUnique: row.total, results: [] };
    counts.results.push({ value: row.value, count: row.count });
    byPath.set(row.path, counts);
  }
  return byPath;
}

/** The field-context panel: for each field asked, over the filtered analyses, its top 5 values and how many more. */
export async function fieldContext(
  ctx: AppContext,
  access: ProjectAccess,
  query: FieldContextQuery,
): Promise<FieldContext[]> {
  const fields = [...new Set(query.field)];
  const scope = {
    department: query.department ?? [],
    representative: query.representative ?? [],
    start_date: query.start_date ?? null,
    end_date: query.end_date ?? null,
    prompt_id: query.prompt_id ?? null,
  };
  const counted = await topValues(ctx.db, access, scope, fields, INSIGHT_LIMITS.contextTopValues);
  return fields.map((path) => {
    const { totalUnique, results } = counted.get(path) ?? { totalUnique: 0, results: [] };
    return {
      fieldName: path,
      fieldData: { totalUnique, results, remainingCount: totalUnique - results.length },
    };
  });
}
