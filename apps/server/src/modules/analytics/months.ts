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
 * read day by day: a range within one month is all days; no range is all months. Where a range leaves fewer
 * days of its first or last month out than it takes in, that month is read whole and the days left out are
 * read to be taken off (`lessDays`): a 90-day range then reads a handful of days, not a month's worth. Days are
 * the project's, as the month sums are (a month is the days its values are dated with).
 */
export interface RangeParts {
  /** Null: no whole month. */
  months: MonthsAsked | null;
  /** Days to add to the months. */
  days: DaysAsked[];
  /** Days of the months read that are outside the range: their sums are taken off. */
  lessDays: DaysAsked[];
}

const monthOf = (day: string) => monthRange(monthKeyOfDay(day) ?? '')!;
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export function rangeParts(asked: DaysAsked): RangeParts {
  const firstMonth =
    asked.from && (monthOf(asked.from).start === asked.from ? asked.from : nextDay(monthOf(asked.from).end));
  const lastMonth =
    asked.to &&
    (monthOf(asked.to).end === asked.to
      ? monthOf(asked.to).start
      : monthOf(previousDay(monthOf(asked.to).start)).start);
  if (firstMonth && lastMonth && firstMonth > lastMonth) return { months: null, days: [asked], lessDays: [] };
  const parts: RangeParts = { months: { from: firstMonth, to: lastMonth }, days: [], lessDays: [] };
  if (asked.from && firstMonth && asked.from < firstMonth) {
    const month = monthOf(asked.from);
    if (daysFrom(month.start, asked.from) - 1 < daysFrom(asked.from, month.end)) {
      parts.months!.from = month.start;
      parts.lessDays.push({ from: month.start, to: previousDay(asked.from) });
    } else parts.days.push({ from: asked.from, to: month.end });
  }
  if (asked.to && lastMonth) {
    const afterMonths = nextDay(monthOf(lastMonth).end);
    if (afterMonths <= asked.to) {
      const month = monthOf(asked.to);
      if (daysFrom(asked.to, month.end) - 1 < daysFrom(month.start, asked.to)) {
        parts.months!.to = month.start;
        parts.lessDays.push({ from: nextDay(asked.to), to: month.end });
      } else parts.days.push({ from: afterMonths, to: asked.to });
    }
  }
  return parts;
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
