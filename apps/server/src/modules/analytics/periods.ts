import {
  addDays,
  type DayRange,
  daysBetween,
  monthKeyOfDay,
  monthRange,
  type WeekStart,
  weekKeyOfDay,
  weekRange,
} from '@parley/contracts';

export type Period = 'day' | 'week' | 'month';

/** The key of the period a day falls in. */
export function periodKeyOfDay(period: Period, day: string, weekStart: WeekStart): string {
  if (period === 'day') return day;
  return (period === 'week' ? weekKeyOfDay(day, weekStart) : monthKeyOfDay(day))!;
}

/** The first and last day of a period. */
export function periodRange(period: Period, key: string, weekStart: WeekStart): DayRange {
  if (period === 'day') return { start: key, end: key };
  return (period === 'week' ? weekRange(key, weekStart) : monthRange(key))!;
}

/** Every period from the one holding `range.start` to the one holding `range.end`, oldest first. */
export function periodsBetween(period: Period, range: DayRange, weekStart: WeekStart): string[] {
  const keys: string[] = [];
  for (let day = range.start; day <= range.end; ) {
    const key = periodKeyOfDay(period, day, weekStart);
    keys.push(key);
    day = addDays(periodRange(period, key, weekStart).end, 1)!;
  }
  return keys;
}

/** A trend's step: days up to 62 days, weeks up to 366, months beyond (and without a complete range). */
export function trendPeriod(range: DayRange | null): Period {
  const length = range ? daysBetween(range.start, range.end)! : Number.POSITIVE_INFINITY;
  if (length <= 62) return 'day';
  return length <= 366 ? 'week' : 'month';
}
