import type { InsightFilters } from '@parley/contracts';
import type { SQL } from 'drizzle-orm';
import {
  type AnalyticsTable,
  checkedDays,
  type DaysAsked,
  daysCondition,
  type ScopeFilters,
  scopeConditions,
} from '../analytics/filters.ts';
import type { ProjectAccess } from '../projects/access.ts';

/** The filters that choose an insight's analyses (the rest of InsightFilters describes them). */
export type InsightScope = Pick<
  InsightFilters,
  'department' | 'representative' | 'start_date' | 'end_date' | 'prompt_id'
>;

/** An insight's scope as the analytics filters take it: the days (a start after the end answers 400) and the rest. */
export function insightFilters(scope: InsightScope): { days: DaysAsked; filters: ScopeFilters } {
  return {
    days: checkedDays({ from: scope.start_date ?? undefined, to: scope.end_date ?? undefined }),
    filters: {
      prompt_id: scope.prompt_id ?? undefined,
      department: scope.department,
      representative: scope.representative,
    },
  };
}

/**
 * The field values (or their day sums) an insight reads: the project's rows the caller may see (a team leader: their teams'),
 * of the prompt asked, any of the departments and any of the representatives asked, on the days asked (the
 * project's days).
 */
export function insightConditions(table: AnalyticsTable, access: ProjectAccess, scope: InsightScope): SQL[] {
  const { days, filters } = insightFilters(scope);
  return [...scopeConditions(table, access, filters), ...daysCondition(table, days)];
}
