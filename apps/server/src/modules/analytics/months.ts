import { addDays, monthKeyOfDay, monthRange } from '@parley/contracts';
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { DaysAsked } from './filters.ts';

/** The first days of the first and last whole month a range spans (either missing: no bound that side). */
export interface MonthsAsked {
  from?: string;
  to?: string;
}

/**
 * A range split into the whole months it spans, read from the month sums, and the days before and after them,
 * read day by day: a range within one month is all days; no range is all months. Days are the project's, as the
 * month sums are (a month is the days its values are dated with).
 */
export interface RangeParts {
  /** Null: no whole month. */
  months: MonthsAsked | null;
  days: DaysAsked[];
}

const monthOf = (day: string) => monthRange(monthKeyOfDay(day) ?? '')!;

export function rangeParts(asked: DaysAsked): RangeParts {
  const firstMonth =
    asked.from && (monthOf(asked.from).start === asked.from ? asked.from : nextDay(monthOf(asked.from).end));
  const lastMonth =
    asked.to &&
    (monthOf(asked.to).end === asked.to
      ? monthOf(asked.to).start
      : monthOf(previousDay(monthOf(asked.to).start)).start);
  if (firstMonth && lastMonth && firstMonth > lastMonth) return { months: null, days: [asked] };
  const days: DaysAsked[] = [];
  if (asked.from && firstMonth && asked.from < firstMonth)
    days.push({ from: asked.from, to: previousDay(firstMonth) });
  if (asked.to && lastMonth) {
    const afterMonths = nextDay(monthOf(lastMonth).end);
    if (afterMonths <= asked.to) days.push({ from: afterMonths, to: asked.to });
  }
  return { months: { from: firstMonth, to: lastMonth }, days };
}

const nextDay = (day: string) => addDays(day, 1)!;
const previousDay = (day: string) => addDays(day, -1)!;

/** Rows of the months asked (a month column holds a month's first day). */
export function monthsCondition(month: Column, months: MonthsAsked): SQL[] {
  const conditions: SQL[] = [];
  if (months.from) conditions.push(sql`${month} >= ${months.from}::date`);
  if (months.to) conditions.push(sql`${month} <= ${months.to}::date`);
  return conditions;
}
