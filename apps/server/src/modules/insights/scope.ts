import type { InsightFilters } from '@parley/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { analysisFieldValues } from '../../db/schema/index.ts';
import { checkedDays, daysCondition, scopeConditions } from '../analytics/filters.ts';
import type { ProjectAccess } from '../projects/access.ts';

/** The filters that choose an insight's analyses (the rest of InsightFilters describes them). */
export type InsightScope = Pick<
  InsightFilters,
  'department' | 'representative' | 'start_date' | 'end_date' | 'prompt_id'
>;

/** Rows whose column is any of the names, compared case-insensitively; none asked: no condition. */
function anyOf(column: AnyPgColumn, names: readonly string[]): SQL[] {
  if (names.length === 0) return [];
  return [inArray(sql`lower(${column})`, [...new Set(names.map((name) => name.toLowerCase()))])];
}

/**
 * The field values an insight reads: the project's rows the caller may see (a team leader: their teams'),
 * of the prompt asked, any of the departments and any of the representatives asked, on the days asked (the
 * project's days; a start after the end answers 400).
 */
export function insightConditions(
  table: typeof analysisFieldValues,
  access: ProjectAccess,
  scope: InsightScope,
): SQL[] {
  const days = checkedDays({ from: scope.start_date ?? undefined, to: scope.end_date ?? undefined });
  return [
    ...scopeConditions(table, access, { prompt_id: scope.prompt_id ?? undefined }),
    ...anyOf(table.department, scope.department),
    ...anyOf(table.representative, scope.representative),
    ...daysCondition(table, days),
  ];
}
