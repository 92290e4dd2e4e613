/**
 * The date helper (spec 2 §5 'Date helper', §9 week start): period keys as the dashboards and the server's
 * grouping name them. A day is YYYY-MM-DD, a month YYYYMM (month 1 to 12), a week YYYYWW (week 1 to 53).
 * Invalid input gives null.
 *
 * Weeks start on Monday, except in the en-US locale, where they start on Sunday (§9). A Monday week is the
 * ISO 8601 week; a Sunday week carries the ISO number of the Monday that follows its Sunday, so both rules
 * number the same calendar weeks alike and the server's SQL (`to_char(…, 'IYYYIW')` of the day shifted by
 * one for Sunday weeks) agrees with this module.
 */

export const WEEK_STARTS = ['monday', 'sunday'] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

/** The week start of a BCP 47 locale: Sunday in en-US (and plain 'en', the product's US English). */
export function weekStartOf(locale: string): WeekStart {
  const normalized = locale.trim().toLowerCase().replace('_', '-');
  return normalized === 'en-us' || normalized === 'en' ? 'sunday' : 'monday';
}

const DAY_MS = 86_400_000;
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Days since 1970-01-01 of a calendar date (no time zone involved). */
const epochDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;

function fromEpochDay(days: number): string {
  const date = new Date(days * DAY_MS);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A calendar day 'YYYY-MM-DD' as its days since 1970-01-01, or null when it is not a real date. */
function parseDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  const days = epochDay(year, month, day);
  return fromEpochDay(days) === value ? days : null;
}

/**
 * The first and the last day the API takes in a date filter (inputs.ts Day): every analysis falls between, and
 * a period around either (the week or month it is in, the period before a range) is a day of a four-digit
 * year after year 0, as PostgreSQL and this helper both read it.
 */
export const DAY_MIN = '1970-01-01';
export const DAY_MAX = '2999-12-31';

/** True for a valid 'YYYY-MM-DD' from DAY_MIN to DAY_MAX. */
export function dayInRange(value: string): boolean {
  return parseDay(value) !== null && value >= DAY_MIN && value <= DAY_MAX;
}

/** The day itself when it is a valid 'YYYY-MM-DD', else null. */
export function dayKey(value: string): string | null {
  return parseDay(value) === null ? null : value;
}

/** The month 'YYYYMM' of a day, or null. */
export function monthKeyOfDay(day: string): string | null {
  return parseDay(day) === null ? null : `${day.slice(0, 4)}${day.slice(5, 7)}`;
}

/** ISO weekday 1 (Monday) to 7 (Sunday) of an epoch day (1970-01-01 was a Thursday). */
const isoWeekday = (days: number) => ((((days + 3) % 7) + 7) % 7) + 1;

/** ISO week-year and week of an epoch day. */
function isoWeek(days: number): { year: number; week: number } {
  const thursday = days - isoWeekday(days) + 4;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  return { year, week: Math.floor((thursday - epochDay(year, 1, 1)) / 7) + 1 };
}

/** The Monday that starts ISO week `week` of `year`. */
function isoWeekMonday(year: number, week: number): number {
  const january4 = epochDay(year, 1, 4);
  return january4 - isoWeekday(january4) + 1 + (week - 1) * 7;
}

/** The week 'YYYYWW' of a day under the given week start, or null. */
export function weekKeyOfDay(day: string, weekStart: WeekStart): string | null {
  const days = parseDay(day);
  if (days === null) return null;
  const { year, week } = isoWeek(weekStart === 'sunday' ? days + 1 : days);
  return `${pad(year, 4)}${pad(week)}`;
}

export interface DayRange {
  /** First day, 'YYYY-MM-DD'. */
  start: string;
  /** Last day (inclusive). */
  end: string;
}

/** The days of a week 'YYYYWW' (week 1 to 53, and a week the year has), or null. */
export function weekRange(key: string, weekStart: WeekStart): DayRange | null {
  const match = /^(\d{4})(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, week] = [Number(match[1]), Number(match[2])];
  if (week < 1 || week > 53) return null;
  const monday = isoWeekMonday(year, week);
  if (isoWeek(monday).year !== year) return null;
  const start = weekStart === 'sunday' ? monday - 1 : monday;
  return { start: fromEpochDay(start), end: fromEpochDay(start + 6) };
}

/** The days of a month 'YYYYMM' (month 1 to 12), or null. */
export function monthRange(key: string): DayRange | null {
  const match = /^(\d{4})(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12) return null;
  return {
    start: fromEpochDay(epochDay(year, month, 1)),
    end: fromEpochDay(epochDay(year, month + 1, 1) - 1),
  };
}

/** A day moved by a number of days (negative: back), or null for an invalid day. */
export function addDays(day: string, count: number): string | null {
  const days = parseDay(day);
  return days === null ? null : fromEpochDay(days + count);
}

/** Days from `start` to `end`, both counted (0 or less when end is before start); null for an invalid day. */
export function daysBetween(start: string, end: string): number | null {
  const [from, to] = [parseDay(start), parseDay(end)];
  return from === null || to === null ? null : to - from + 1;
}

/**
 * The period just before a range, as long as it (the comparison of "change vs the previous period"), or
 * null for an invalid range.
 */
export function previousRange(range: DayRange): DayRange | null {
  const length = daysBetween(range.start, range.end);
  if (length === null || length < 1) return null;
  return { start: addDays(range.start, -length)!, end: addDays(range.start, -1)! };
}
