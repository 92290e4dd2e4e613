import { type AnalyticsValueType, CATEGORY_TYPES, CHECKLIST_TYPES, fromMilliUnits } from '@parley/contracts';
import { dateFormat } from '../utils/displayDates';
import { numberFormat } from './numberFormat';
import { formatNumber, formatPercent } from './numbers';

/** Display formatting of the analytics pages, in the UI language. Days are 'YYYY-MM-DD' of the project. */

export function formatCount(count: number, language: string): string {
  return formatNumber(count, language, 0);
}

/** A share 0..1 as a percentage ('45.7%'), '—' when there is none. */
export function formatShare(share: number | null | undefined, language: string): string {
  return share === null || share === undefined ? '—' : formatPercent(share, language);
}

/** A score or an average (1 decimal), '—' when there is none. */
export function formatAverage(value: number | null | undefined, language: string): string {
  return value === null || value === undefined ? '—' : formatNumber(value, language, 1);
}

export function formatUnitsMilli(milli: number | null | undefined, language: string): string {
  return milli === null || milli === undefined ? '—' : formatNumber(fromMilliUnits(milli), language, 2);
}

export const isChecklistType = (type: AnalyticsValueType) => CHECKLIST_TYPES.includes(type);

/** How a field is summed up: a pass rate (yes/no items), counts per value (categories) or a mean score. */
export type FieldKind = 'checklist' | 'category' | 'score';
export function fieldKind(type: AnalyticsValueType): FieldKind {
  if (isChecklistType(type)) return 'checklist';
  return CATEGORY_TYPES.includes(type) ? 'category' : 'score';
}

/** A field's figure: a pass rate for yes/no items, else a mean score. */
export function formatFieldValue(type: AnalyticsValueType, value: number | null, language: string): string {
  return isChecklistType(type) ? formatShare(value, language) : formatAverage(value, language);
}

/** A calendar day as a Date at UTC midnight, so formatting in UTC shows that very day. */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

export function formatDay(day: string, language: string, options: Intl.DateTimeFormatOptions = {}): string {
  const date = utcDay(day);
  if (Number.isNaN(date.getTime())) return day;
  return dateFormat(language, { dateStyle: 'medium', ...options, timeZone: 'UTC' }).format(date);
}

/** Two days as one range in the UI language ('Mar 1 – 31, 2026'). */
export function formatDayRange(start: string, end: string, language: string): string {
  const [from, to] = [utcDay(start), utcDay(end)];
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return `${start} – ${end}`;
  if (start === end) return formatDay(start, language);
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(from, to);
}

export type PeriodKind = 'day' | 'week' | 'month';

/** A time group: a day, a week as its days, a month as its name and year. */
export function formatPeriod(kind: PeriodKind, start: string, end: string | null, language: string): string {
  if (kind === 'month')
    return formatDay(start, language, { dateStyle: undefined, month: 'long', year: 'numeric' });
  if (kind === 'week' && end) return formatDayRange(start, end, language);
  return formatDay(start, language);
}

/** A short axis label of a time group ('Mar 10', 'Mar 2026'). */
export function formatPeriodShort(kind: PeriodKind, start: string, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    kind === 'month' ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' };
  return formatDay(start, language, { dateStyle: undefined, ...options });
}

/**
 * Red (0) through amber (0.5) to green (1) for a 0..1 ratio, light enough that dark text stays readable on
 * it; null when there is no ratio. The value is always written in the cell too (colour is never the only cue).
 */
export function ratioColor(ratio: number | null): string | null {
  if (ratio === null || !Number.isFinite(ratio)) return null;
  const clamped = Math.min(1, Math.max(0, ratio));
  return `hsl(${Math.round(clamped * 120)} 75% 85%)`;
}

/** A change with its sign ('+12%', '−3.5'): `percent` takes a ratio (0.12), `number` a difference. */
export function formatSigned(
  value: number,
  language: string,
  style: 'percent' | 'number',
  digits = 1,
): string {
  const options: Intl.NumberFormatOptions = { signDisplay: 'exceptZero', maximumFractionDigits: digits };
  return numberFormat(language, style === 'percent' ? { ...options, style: 'percent' } : options).format(
    value,
  );
}
