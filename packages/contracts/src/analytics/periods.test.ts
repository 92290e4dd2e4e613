import { describe, expect, it } from 'vitest';
import { fieldDirection, ManagerDashboardQuery, periodChange } from './manager.ts';
import {
  addCurrentPeriod,
  addPreviousPeriod,
  calendarRange,
  canAddCurrent,
  canAddPrevious,
  canRemovePeriod,
  type DashboardPeriod,
  defaultPeriods,
  isCurrentPeriod,
  parsePeriodParam,
  periodParam,
  removePeriod,
  setPeriodRange,
} from './periods.ts';

// Thursday 2026-11-26.
const monday = { today: '2026-11-26', weekStart: 'monday' as const };
const sunday = { today: '2026-11-26', weekStart: 'sunday' as const };
const days = (periods: DashboardPeriod[]) => periods.map((p) => `${p.start}..${p.end}`);

describe('calendar periods', () => {
  it('counts weeks back from the reader’s week, by their week start', () => {
    expect(calendarRange('week', 0, monday)).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(calendarRange('week', 1, monday)).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(calendarRange('week', 0, sunday)).toEqual({ start: '2026-11-22', end: '2026-11-28' });
  });

  it('counts months back across a year', () => {
    expect(calendarRange('month', 0, monday)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(calendarRange('month', 11, monday)).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(calendarRange('month', 1, { ...monday, today: '2026-03-31' })).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
  });

  it('counts days back', () => {
    expect(calendarRange('day', 2, monday)).toEqual({ start: '2026-11-24', end: '2026-11-24' });
  });
});

describe('dashboard periods (spec 2 §4)', () => {
  it('starts weeks and months with the previous and the current one, days with the two days before today', () => {
    expect(days(defaultPeriods('weeks', monday))).toEqual([
      '2026-11-16..2026-11-22',
      '2026-11-23..2026-11-29',
    ]);
    expect(days(defaultPeriods('months', monday))).toEqual([
      '2026-10-01..2026-10-31',
      '2026-11-01..2026-11-30',
    ]);
    expect(days(defaultPeriods('days', monday))).toEqual([
      '2026-11-24..2026-11-24',
      '2026-11-25..2026-11-25',
    ]);
  });

  it('offers Add Current only in weeks or months view and only without a current period', () => {
    const weeks = defaultPeriods('weeks', monday);
    expect(weeks.some(isCurrentPeriod)).toBe(true);
    expect(canAddCurrent('weeks', weeks)).toBe(false);
    const withoutCurrent = removePeriod(weeks, 1);
    expect(canAddCurrent('weeks', withoutCurrent)).toBe(true);
    expect(canAddCurrent('days', defaultPeriods('days', monday))).toBe(false);
    const added = addCurrentPeriod('weeks', withoutCurrent, monday);
    expect(days(added)).toEqual(days(weeks));
    expect(addCurrentPeriod('days', defaultPeriods('days', monday), monday)).toHaveLength(2);
  });

  it('adds previous periods before the oldest while fewer than 4 exist', () => {
    let periods = defaultPeriods('months', monday);
    periods = addPreviousPeriod('months', periods, monday);
    periods = addPreviousPeriod('months', periods, monday);
    expect(days(periods)).toEqual([
      '2026-08-01..2026-08-31',
      '2026-09-01..2026-09-30',
      '2026-10-01..2026-10-31',
      '2026-11-01..2026-11-30',
    ]);
    expect(periods[0]?.label).toEqual({ kind: 'calendar', unit: 'month', back: 3 });
    expect(canAddPrevious(periods)).toBe(false);
    expect(addPreviousPeriod('months', periods, monday)).toHaveLength(4);
    expect(canAddCurrent('months', removePeriod(periods, 3))).toBe(true);
  });

  it('adds as many days before a custom oldest period as it has', () => {
    const periods = setPeriodRange(defaultPeriods('weeks', monday), 0, {
      start: '2026-11-10',
      end: '2026-11-12',
    });
    expect(days(addPreviousPeriod('weeks', periods, monday))[0]).toBe('2026-11-07..2026-11-09');
  });

  it('removes a period only while more than one remains', () => {
    const one = removePeriod(defaultPeriods('weeks', monday), 0);
    expect(one).toHaveLength(1);
    expect(canRemovePeriod(one)).toBe(false);
    expect(removePeriod(one, 0)).toEqual(one);
  });

  it('keeps the oldest first after a period is edited, labelled by its dates', () => {
    const edited = setPeriodRange(defaultPeriods('weeks', monday), 1, {
      start: '2026-10-01',
      end: '2026-10-05',
    });
    expect(days(edited)).toEqual(['2026-10-01..2026-10-05', '2026-11-16..2026-11-22']);
    expect(edited[0]?.label).toEqual({ kind: 'custom' });
    expect(edited.some(isCurrentPeriod)).toBe(false);
  });

  it('writes and reads periods in a URL', () => {
    const range = { start: '2026-11-01', end: '2026-11-07' };
    expect(parsePeriodParam(periodParam(range))).toEqual(range);
    for (const bad of ['2026-11-07..2026-11-01', '2026-11-01', '2026-02-30..2026-03-01', 'a..b..c']) {
      expect(parsePeriodParam(bad)).toBeNull();
    }
  });
});

describe('manager dashboard query and changes', () => {
  it('reads one or many periods and names, and refuses more than 4 periods or a broken one', () => {
    const one = ManagerDashboardQuery.parse({
      prompt_id: '3',
      period: '2026-11-01..2026-11-07',
      department: ' Sales ',
    });
    expect(one).toEqual({
      prompt_id: 3,
      period: [{ start: '2026-11-01', end: '2026-11-07' }],
      department: ['Sales'],
    });
    const five = Array.from({ length: 5 }, () => '2026-11-01..2026-11-07');
    expect(ManagerDashboardQuery.safeParse({ prompt_id: 1, period: five }).success).toBe(false);
    expect(
      ManagerDashboardQuery.safeParse({ prompt_id: 1, period: ['2026-11-09..2026-11-01'] }).success,
    ).toBe(false);
  });

  it('judges a change by the field’s direction', () => {
    expect(periodChange(0.5, 0.75, fieldDirection('bool'))).toEqual({ delta: 0.25, verdict: 'better' });
    expect(periodChange(8, 6, fieldDirection('final'))).toEqual({ delta: -2, verdict: 'worse' });
    expect(periodChange(3, 5, fieldDirection('int'))).toEqual({ delta: 2, verdict: 'neutral' });
    expect(periodChange(3, 3, fieldDirection('marks'))?.verdict).toBe('same');
    expect(periodChange(null, 3, 'up')).toBeNull();
  });
});
