import { ASSIGNMENT_STATUSES, type AssignmentStatus } from '@parley/contracts';
import { useSearchParams } from 'react-router';
import { type AssignmentsListQuery, DEFAULT_PAGE_SIZE, PAGE_SIZES } from './api';

/**
 * The reviews page's view in the URL (shareable): the week (any day of it; none: the current week), the status,
 * reviewer and rule filters and the page. Both week tabs share it, so switching tabs keeps the week.
 */

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

export type ViewChanges = Partial<
  Record<'week' | 'status' | 'reviewer_id' | 'rule_id' | 'page' | 'per_page', string | number | undefined>
>;

export function readView(params: URLSearchParams): AssignmentsListQuery {
  const status = params.get('status');
  const perPage = Number(params.get('per_page'));
  return {
    week: isDay(params.get('week')) ? (params.get('week') as string) : undefined,
    status: ASSIGNMENT_STATUSES.includes(status as AssignmentStatus)
      ? (status as AssignmentStatus)
      : undefined,
    reviewer_id: positive(params.get('reviewer_id')),
    rule_id: positive(params.get('rule_id')),
    page: positive(params.get('page')) ?? 1,
    per_page: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  };
}

/** The URL parameters after `changes`; any change but the page goes back to the first page. */
export function changedParams(params: URLSearchParams, changes: ViewChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

export function useView() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const update = (changes: ViewChanges) => setParams((current) => changedParams(current, changes));
  return { view, update };
}

/** A day 'YYYY-MM-DD' moved by `days` (calendar days, no time zone involved). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days of a week named by its Monday: "9 – 15 Mar 2026" in the reader's language. */
export function weekRange(monday: string, language: string): string {
  const start = new Date(`${monday}T00:00:00Z`);
  const end = new Date(`${shiftDay(monday, 6)}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  };
  try {
    return new Intl.DateTimeFormat(language, options).formatRange(start, end);
  } catch {
    return `${monday} – ${shiftDay(monday, 6)}`;
  }
}
