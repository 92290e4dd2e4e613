import type { InsightFilters } from '@parley/contracts';
import type { SQL } from 'drizzle-orm';
import { type AnalyticsTable, checkedDays, daysCondition, scopeConditions } from '../analytics/filters.ts';
import type { ProjectAccess } from '../projects/access.ts';

/** The filters that choose an insight's analyses (the rest of InsightFilters describes them). */
export type InsightScope = Pick<
  InsightFilters,
  'department' | 'representative' | 'start_date' | 'end_date' | 'prompt_id'
>;

/**
 * The field values (or their day sums) an insight reads: the project's rows the caller may see (a team leader: their teams'),
 * of the prompt asked, any of the departments and any of the representatives asked, on the days asked (the
 * project's days; a start after the end answers 400).
 */
export function insightConditions(table: AnalyticsTable, access: ProjectAccess, scope: InsightScope): SQL[] {
  const days = checkedDays({ from: scope.start_date ?? undefined, to: scope.end_date ?? undefined });
  return [
    ...scopeConditions(table, access, {
      prompt_id: scope.prompt_id ?? undefined,
      department: scope.department,
      representative: scope.representative,
    }),
    ...daysCondition(table, days),
  ];
}
