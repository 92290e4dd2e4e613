/**
 * The rules of the date-range picker (spec: "Date picking", date presets, week start), free of React so
 * they can be tested on their own. Every date they give is noon local time: a day's noon never moves to
 * another day when it is shifted by whole days or across a daylight-saving change.
 */

import { weekStartOf } from '@parley/contracts';

export interface DraftRange {
  start: Date | null;
  end: Date | null;
}

export const EMPTY_RANGE: DraftRange = { start: null, end: null };

const noon = (year: number, month: number, day: number) => new Date(year, month, day, 12);

/** The day of `date` at noon local time. */
export function atNoon(date: Date): Date {
  return noon(date.getFullYear(), date.getMonth(), date.getDate());
}

const dayNumber = (date: Date) => date.getFullYear() * 10_000 + date.getMonth() * 100 + date.getDate();

/**
 * The range after a click on `day`. Picking alternates between the start and the end: with a start and no
 * end the click chooses the end, otherwise it starts a new range. A click for the end that falls before
 * the start is taken as a new start.
 */
export function pickDay(range: DraftRange, day: Date): DraftRange {
  const picked = atNoon(day);
  const choosingEnd = range.start !== null && range.end === null;
  if (!choosingEnd || dayNumber(picked) < dayNumber(range.start!)) return { start: picked, end: null };
  return { start: range.start, end: picked };
}

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last7days',
  'last30days',
  'thisMonth',
  'previousMonth',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/**
 * The range of a preset on the day of `now`. The last 7 and 30 days end today and start 6 and 29 days
 * before it; this month and the previous month are whole calendar months.
 */
export function presetRange(preset: DatePreset, now: Date): { start: Date; end: Date } {
  const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
  const today = noon(y, m, d);
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: noon(y, m, d - 1), end: noon(y, m, d - 1) };
    case 'last7days':
      return { start: noon(y, m, d - 6), end: today };
    case 'last30days':
      return { start: noon(y, m, d - 29), end: today };
    case 'thisMonth':
      return { start: noon(y, m, 1), end: noon(y, m + 1, 0) };
    case 'previousMonth':
      return { start: noon(y, m - 1, 1), end: noon(y, m, 0) };
  }
}

/** Whether the range is exactly the preset's (the preset is then shown as chosen). */
export function isPresetRange(range: DraftRange, preset: DatePreset, now: Date): boolean {
  const { start, end } = presetRange(preset, now);
  return (
    range.start !== null &&
    range.end !== null &&
    dayNumber(range.start) === dayNumber(start) &&
    dayNumber(range.end) === dayNumber(end)
  );
}

/** The first day of the week in the calendar, 0 for Sunday and 1 for Monday (contracts weekStartOf). */
export function weekStartsOn(language: string): 0 | 1 {
  return weekStartOf(language) === 'sunday' ? 0 : 1;
}

export const MISSING_DATE = '...';

/** The field's text: 'start - end', '...' standing for a missing side; empty when neither is set. */
export function rangeText(range: DraftRange, format: (date: Date) => string): string {
  if (!range.start && !range.end) return '';
  const side = (date: Date | null) => (date ? format(date) : MISSING_DATE);
  return `${side(range.start)} - ${side(range.end)}`;
}
