import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDayAtNoon, toLocalDay } from '../utils/dateTime';
import {
  DATE_PRESETS,
  type DatePreset,
  EMPTY_RANGE,
  isPresetRange,
  pickDay,
  presetRange,
  rangeText,
  weekStartsOn,
} from './rangePicking';

const day = (text: string) => localDayAtNoon(text)!;
const days = (range: { start: Date | null; end: Date | null }) => ({
  start: range.start && toLocalDay(range.start),
  end: range.end && toLocalDay(range.end),
});

describe('picking a range', () => {
  it('alternates: the first click chooses the start, the next the end, the one after a new start', () => {
    const started = pickDay(EMPTY_RANGE, new Date(2026, 2, 10, 0, 0));
    expect(days(started)).toEqual({ start: '2026-03-10', end: null });
    const ended = pickDay(started, new Date(2026, 2, 20, 23, 59));
    expect(days(ended)).toEqual({ start: '2026-03-10', end: '2026-03-20' });
    const restarted = pickDay(ended, new Date(2026, 2, 25));
    expect(days(restarted)).toEqual({ start: '2026-03-25', end: null });
  });

  it('takes a click for the end that falls before the start as a new start', () => {
    const started = pickDay(EMPTY_RANGE, day('2026-03-10'));
    const before = pickDay(started, day('2026-03-05'));
    expect(days(before)).toEqual({ start: '2026-03-05', end: null });
    // Still choosing the end.
    expect(days(pickDay(before, day('2026-03-07')))).toEqual({ start: '2026-03-05', end: '2026-03-07' });
  });

  it('accepts the start day again as the end: a one-day range', () => {
    const started = pickDay(EMPTY_RANGE, day('2026-03-10'));
    expect(days(pickDay(started, new Date(2026, 2, 10, 1)))).toEqual({
      start: '2026-03-10',
      end: '2026-03-10',
    });
  });

  it('starts over when only an end is set', () => {
    expect(days(pickDay({ start: null, end: day('2026-03-10') }, day('2026-03-12')))).toEqual({
      start: '2026-03-12',
      end: null,
    });
  });

  it('sets picked dates to noon local time', () => {
    const started = pickDay(EMPTY_RANGE, new Date(2026, 2, 10, 0, 0, 0));
    const ended = pickDay(started, new Date(2026, 2, 12, 23, 59, 59));
    for (const date of [ended.start!, ended.end!]) {
      expect([date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds()]).toEqual([
        12, 0, 0, 0,
      ]);
    }
  });
});

describe('presets', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Late in the evening: a preset counts in days of the local calendar, whatever the hour.
    vi.setSystemTime(new Date(2026, 2, 5, 23, 30));
  });
  afterEach(() => vi.useRealTimers());

  const expected: Record<DatePreset, [string, string]> = {
    today: ['2026-03-05', '2026-03-05'],
    yesterday: ['2026-03-04', '2026-03-04'],
    // 6 days before today, plus today; 29 days before today, plus today (across February's 28 days).
    last7days: ['2026-02-27', '2026-03-05'],
    last30days: ['2026-02-04', '2026-03-05'],
    thisMonth: ['2026-03-01', '2026-03-31'],
    previousMonth: ['2026-02-01', '2026-02-28'],
  };

  it.each(DATE_PRESETS)('%s', (preset) => {
    const range = presetRange(preset, new Date());
    expect(days(range)).toEqual({ start: expected[preset][0], end: expected[preset][1] });
    expect(range.start.getHours()).toBe(12);
    expect(range.end.getHours()).toBe(12);
  });

  it('crosses a year at the start of January', () => {
    vi.setSystemTime(new Date(2026, 0, 3, 8));
    expect(days(presetRange('previousMonth', new Date()))).toEqual({
      start: '2025-12-01',
      end: '2025-12-31',
    });
    expect(days(presetRange('last7days', new Date()))).toEqual({ start: '2025-12-28', end: '2026-01-03' });
    expect(days(presetRange('yesterday', new Date()))).toEqual({ start: '2026-01-02', end: '2026-01-02' });
  });

  it('knows the range of a preset, and only that one', () => {
    const now = new Date();
    const lastWeek = presetRange('last7days', now);
    expect(isPresetRange(lastWeek, 'last7days', now)).toBe(true);
    expect(isPresetRange(lastWeek, 'last30days', now)).toBe(false);
    expect(isPresetRange({ start: lastWeek.start, end: null }, 'last7days', now)).toBe(false);
    expect(isPresetRange(EMPTY_RANGE, 'today', now)).toBe(false);
  });
});

describe('week start', () => {
  it('is Sunday in English (US English in this product) and Monday in the other languages', () => {
    expect(weekStartsOn('en')).toBe(0);
    for (const language of ['uk', 'pl', 'ru', 'es', 'de', 'pt', 'it', 'fr', 'tr', 'bg']) {
      expect(weekStartsOn(language)).toBe(1);
    }
  });
});

describe('display text', () => {
  const format = (date: Date) => toLocalDay(date);

  it("shows 'start - end', with '...' for a missing side", () => {
    expect(rangeText({ start: day('2026-03-01'), end: day('2026-03-31') }, format)).toBe(
      '2026-03-01 - 2026-03-31',
    );
    expect(rangeText({ start: day('2026-03-01'), end: null }, format)).toBe('2026-03-01 - ...');
    expect(rangeText({ start: null, end: day('2026-03-31') }, format)).toBe('... - 2026-03-31');
  });

  it('is empty without dates', () => {
    expect(rangeText(EMPTY_RANGE, format)).toBe('');
  });
});

describe('days for the API', () => {
  it('writes a date as YYYY-MM-DD of its local day', () => {
    expect(toLocalDay(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
    expect(toLocalDay(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });

  it('reads YYYY-MM-DD as noon local time, and nothing else', () => {
    const date = localDayAtNoon('2026-03-01')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 2, 1, 12]);
    expect(localDayAtNoon('2026-02-30')).toBeNull();
    expect(localDayAtNoon('2026-3-1')).toBeNull();
    expect(localDayAtNoon('')).toBeNull();
    expect(localDayAtNoon(null)).toBeNull();
  });
});
