import type { AnalyticsFilters, DayRange } from '@parley/contracts';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { analysisFieldDays, analysisFieldValues } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { visibilityCondition } from '../tasks/visibility.ts';

export const ANALYTICS_TEXTS = {
  badRange: 'The start of the date range must not be after its end.',
  fieldNotFound: 'This prompt has no such field.',
} as const;

/** The analytics values (one row each) or their sums per day: both have the columns filters compare. */
export type AnalyticsTable = typeof analysisFieldValues | typeof analysisFieldDays;

/** What the filters besides the days compare: the values, their sums per day or per month. */
export interface ScopedTable {
  projectId: Column;
  promptId: Column;
  department: Column;
  representative: Column;
  /** The values and the day and month sums (not the value counts, which no version filter reads). */
  promptVersionId?: Column;
}

/** Each analysis's final score (one value per analysis). */
export const finalRows = (table: AnalyticsTable) => sql`${table.valueType} = 'final'`;

/** The days asked for (the range's ends, either missing), refusing a start after the end. */
export interface DaysAsked {
  from?: string;
  to?: string;
}

export function checkedDays(filters: Pick<AnalyticsFilters, 'from' | 'to'>): DaysAsked {
  if (filters.from && filters.to && filters.from > filters.to) throw badRequest(ANALYTICS_TEXTS.badRange);
  return { from: filters.from, to: filters.to };
}

/** A complete range, or null when an end is missing. */
export function completeRange(days: DaysAsked): DayRange | null {
  return days.from && days.to ? { start: days.from, end: days.to } : null;
}

/** Rows of analyses made on these days (the project's days, both ends included); also trackers' day sums. */
export function daysCondition(table: { analysisDate: Column }, days: DaysAsked): SQL[] {
  const conditions: SQL[] = [];
  if (days.from) conditions.push(sql`${table.analysisDate} >= ${days.from}::date`);
  if (days.to) conditions.push(sql`${table.analysisDate} <= ${days.to}::date`);
  return conditions;
}

/**
 * What narrows the rows besides the days: a prompt and one of its versions (eras.ts askedVersion), and
 * departments and representatives (any of them).
 */
export interface ScopeFilters {
  prompt_id?: number;
  prompt_version_id?: number;
  department?: string | readonly string[];
  representative?: string | readonly string[];
}

/** The rows whose column holds any of the names, compared case-insensitively (none without names). */
function namesConditions(column: Column, names: string | readonly string[] = []): SQL[] {
  const asked = (typeof names === 'string' ? [names] : names).filter((name) => name.length > 0);
  if (asked.length === 0) return [];
  const lowered = asked.map((name) => sql`lower(${name})`);
  return [sql`lower(${column}) IN (${sql.join(lowered, sql`, `)})`];
}

/**
 * The project's rows the caller may see (a team leader: their teams' only) with the filters asked, except the
 * days (callers compare periods).
 */
export function scopeConditions(table: ScopedTable, access: ProjectAccess, filters: ScopeFilters): SQL[] {
  const conditions: SQL[] = [eq(table.projectId, access.project.id)];
  const visible = visibilityCondition(access, table);
  if (visible) conditions.push(visible);
  if (filters.prompt_id) conditions.push(eq(table.promptId, filters.prompt_id));
  if (filters.prompt_version_id !== undefined) {
    if (!table.promptVersionId) throw new Error('These rows have no prompt version.');
    conditions.push(eq(table.promptVersionId, filters.prompt_version_id));
  }
  return [
    ...conditions,
    ...namesConditions(table.department, filters.department),
    ...namesConditions(table.representative, filters.representative),
  ];
}

/** Scope, filters and days together. */
export function rowsCondition(
  table: AnalyticsTable,
  access: ProjectAccess,
  filters: AnalyticsFilters & ScopeFilters,
): SQL {
  return and(...scopeConditions(table, access, filters), ...daysCondition(table, checkedDays(filters)))!;
}
