import {
  addDays,
  type DayRange,
  dayKey,
  monthKeyOfDay,
  monthRange,
  previousRange,
  type WeekStart,
  weekKeyOfDay,
  weekRange,
} from '../dates.ts';

/**
 * The manager dashboard's period configuration (spec 2 §2.5, §4 'Dashboard periods', §9): a view (days, weeks,
 * months) and up to 4 periods, oldest first, compared side by side.
 */
export const DASHBOARD_VIEWS = ['days', 'weeks', 'months'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** Max 4 dashboard periods (spec 2 §9). */
export const MAX_DASHBOARD_PERIODS = 4;

const UNIT_OF_VIEW = { days: 'day', weeks: 'week', months: 'month' } as const;
export type PeriodUnit = (typeof UNIT_OF_VIEW)[DashboardView];

/**
 * What a period's label says. A calendar period counted back from today: `back` 0 is the current one
 * ('Current week', 'Current month', 'Today'), 1 the one before ('Previous week', 'Yesterday'), n 'n weeks ago'.
 * A period whose days were picked by hand is labelled by its dates.
 */
export type PeriodLabel = { kind: 'calendar'; unit: PeriodUnit; back: number } | { kind: 'custom' };

export interface DashboardPeriod extends DayRange {
  label: PeriodLabel;
}

/** Today's context: the reader's day and week start. */
export interface PeriodClock {
  today: string;
  weekStart: WeekStart;
}

/** The days of the calendar day, week or month `back` units before today's. */
export function calendarRange(unit: PeriodUnit, back: number, clock: PeriodClock): DayRange {
  if (unit === 'day') {
    const day = addDays(clock.today, -back)!;
    return { start: day, end: day };
  }
  if (unit === 'week') {
    const current = weekRange(weekKeyOfDay(clock.today, clock.weekStart)!, clock.weekStart)!;
    const start = addDays(current.start, -7 * back)!;
    return { start, end: addDays(start, 6)! };
  }
  const month = Number(monthKeyOfDay(clock.today)!.slice(4)) - 1 - back;
  const year = Number(clock.today.slice(0, 4)) + Math.floor(month / 12);
  const key = `${String(year).padStart(4, '0')}${String((((month % 12) + 12) % 12) + 1).padStart(2, '0')}`;
  return monthRange(key)!;
}

function calendarPeriod(unit: PeriodUnit, back: number, clock: PeriodClock): DashboardPeriod {
  return { ...calendarRange(unit, back, clock), label: { kind: 'calendar', unit, back } };
}

/** Oldest first (by first day, then last day). */
export function sortPeriods(periods: readonly DashboardPeriod[]): DashboardPeriod[] {
  return [...periods].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
}

/**
 * The periods a view starts with: the previous and the current week or month; in the days view the two
 * complete days before today (a day still under way compares badly).
 */
export function defaultPeriods(view: DashboardView, clock: PeriodClock): DashboardPeriod[] {
  const unit = UNIT_OF_VIEW[view];
  return view === 'days'
    ? [calendarPeriod(unit, 2, clock), calendarPeriod(unit, 1, clock)]
    : [calendarPeriod(unit, 1, clock), calendarPeriod(unit, 0, clock)];
}

/** A period is 'current' when its label says so (the spec: its label contains 'Current'). */
export const isCurrentPeriod = (period: DashboardPeriod) =>
  period.label.kind === 'calendar' && period.label.unit !== 'day' && period.label.back === 0;

/** Add Previous is offered while fewer than 4 periods exist. */
export const canAddPrevious = (periods: readonly DashboardPeriod[]) => periods.length < MAX_DASHBOARD_PERIODS;

/** Add Current: weeks or months view, no period labelled current yet, and room for one more. */
export const canAddCurrent = (view: DashboardView, periods: readonly DashboardPeriod[]) =>
  view !== 'days' && canAddPrevious(periods) && !periods.some(isCurrentPeriod);

/** A period can be removed only while more than one remains. */
export const canRemovePeriod = (periods: readonly DashboardPeriod[]) => periods.length > 1;

/**
 * Adds the period before the oldest: the calendar unit before it when the oldest is a calendar period of this
 * view, else the days just before it, as many as it has.
 */
export function addPreviousPeriod(
  view: DashboardView,
  periods: readonly DashboardPeriod[],
  clock: PeriodClock,
): DashboardPeriod[] {
  if (!canAddPrevious(periods)) return [...periods];
  const unit = UNIT_OF_VIEW[view];
  const oldest = sortPeriods(periods)[0];
  let added: DashboardPeriod;
  if (!oldest) added = calendarPeriod(unit, view === 'days' ? 1 : 0, clock);
  else if (oldest.label.kind === 'calendar' && oldest.label.unit === unit) {
    added = calendarPeriod(unit, oldest.label.back + 1, clock);
  } else {
    added = { ...previousRange(oldest)!, label: { kind: 'custom' } };
  }
  return sortPeriods([...periods, added]);
}

/** Adds the current week or month (when canAddCurrent). */
export function addCurrentPeriod(
  view: DashboardView,
  periods: readonly DashboardPeriod[],
  clock: PeriodClock,
): DashboardPeriod[] {
  if (!canAddCurrent(view, periods)) return [...periods];
  return sortPeriods([...periods, calendarPeriod(UNIT_OF_VIEW[view], 0, clock)]);
}

export function removePeriod(periods: readonly DashboardPeriod[], index: number): DashboardPeriod[] {
  if (!canRemovePeriod(periods)) return [...periods];
  return periods.filter((_, i) => i !== index);
}

/** Sets a period's days (picked in the date-range picker); it is then labelled by its dates. */
export function setPeriodRange(
  periods: readonly DashboardPeriod[],
  index: number,
  range: DayRange,
): DashboardPeriod[] {
  if (!dayKey(range.start) || !dayKey(range.end)) return [...periods];
  const [start, end] = range.start <= range.end ? [range.start, range.end] : [range.end, range.start];
  return sortPeriods(
    periods.map((period, i) => (i === index ? { start, end, label: { kind: 'custom' } } : period)),
  );
}

/** How a period travels in a URL query: 'YYYY-MM-DD..YYYY-MM-DD'. */
export const periodParam = (range: DayRange) => `${range.start}..${range.end}`;

/** A period parameter's days, or null when it is not two valid days in order. */
export function parsePeriodParam(value: string): DayRange | null {
  const [start, end, extra] = value.split('..');
  if (extra !== undefined || !start || !end || !dayKey(start) || !dayKey(end) || start > end) return null;
  return { start, end };
}
