import { type FieldContext, type FieldContextQuery, INSIGHT_LIMITS } from '@parley/contracts';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { analysisFieldValues as values } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { insightConditions } from './scope.ts';

/** A field's values: how many distinct ones, and the most frequent with their counts. */
export interface ValueCounts {
  totalUnique: number;
  results: Array<{ value: string; count: number }>;
}

/** A value as text: the answer or category as stored ('true', 'ok', 'Won', '3'), a number's score. */
const valueText = sql`coalesce(${values.value}, ${values.score}::text)`;

/**
 * For each path, its distinct values among the rows and the `limit` most frequent (ties by value), in one
 * query. Paths without values are missing from the answer.
 */
export async function topValues(
  db: Executor,
  conditions: SQL[],
  paths: readonly string[],
  limit: number,
): Promise<Map<string, ValueCounts>> {
  const { rows } = await db.execute<{ path: string; value: string; count: number; total: number }>(sql`
    SELECT path, value, count, total FROM (
      SELECT ${values.path} AS path, ${valueText} AS value, count(*)::int AS count,
        row_number() OVER (PARTITION BY ${values.path} ORDER BY count(*) DESC, ${valueText}) AS rank,
        (count(*) OVER (PARTITION BY ${values.path}))::int AS total
      FROM ${values}
      WHERE ${and(...conditions, inArray(values.path, [...paths]))} AND ${valueText} IS NOT NULL
      GROUP BY 1, 2
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
  const conditions = insightConditions(values, access, {
    department: query.department ?? [],
    representative: query.representative ?? [],
    start_date: query.start_date ?? null,
    end_date: query.end_date ?? null,
    prompt_id: query.prompt_id ?? null,
  });
  const counted = await topValues(ctx.db, conditions, fields, INSIGHT_LIMITS.contextTopValues);
  return fields.map((path) => {
    const { totalUnique, results } = counted.get(path) ?? { totalUnique: 0, results: [] };
    return {
      fieldName: path,
      fieldData: { totalUnique, results, remainingCount: totalUnique - results.length },
    };
  });
}
