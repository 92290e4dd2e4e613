import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayKey,
  monthKeyOfDay,
  monthRange,
  previousRange,
  weekKeyOfDay,
  weekRange,
  weekStartOf,
} from './dates.ts';

describe('date helper', () => {
  it('accepts only real YYYY-MM-DD days', () => {
    expect(dayKey('2026-02-28')).toBe('2026-02-28');
    expect(dayKey('2026-02-29')).toBeNull();
    expect(dayKey('2024-02-29')).toBe('2024-02-29');
    expect(dayKey('2026-13-01')).toBeNull();
    expect(dayKey('2026-1-01')).toBeNull();
    expect(dayKey('yesterday')).toBeNull();
  });

  it('names months YYYYMM and knows their days', () => {
    expect(monthKeyOfDay('2026-11-26')).toBe('202611');
    expect(monthRange('202602')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(monthRange('202412')).toEqual({ start: '2024-12-01', end: '2024-12-31' });
    expect(monthRange('202613')).toBeNull();
    expect(monthRange('202600')).toBeNull();
    expect(monthRange('2026-1')).toBeNull();
  });

  it('numbers Monday weeks by ISO 8601, across year ends', () => {
    expect(weekKeyOfDay('2026-11-26', 'monday')).toBe('202648');
    expect(weekKeyOfDay('2021-01-03', 'monday')).toBe('202053');
    expect(weekKeyOfDay('2024-12-30', 'monday')).toBe('202501');
    expect(weekRange('202648', 'monday')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekRange('202053', 'monday')).toEqual({ start: '2020-12-28', end: '2021-01-03' });
  });

  it('starts en-US weeks on Sunday, with the number of the Monday that follows', () => {
    expect(weekStartOf('en-US')).toBe('sunday');
    expect(weekStartOf('en')).toBe('sunday');
    expect(weekStartOf('en-GB')).toBe('monday');
    expect(weekStartOf('de')).toBe('monday');
    // Sunday 2026-11-22 opens the Sunday week numbered like Monday 2026-11-23.
    expect(weekKeyOfDay('2026-11-22', 'sunday')).toBe('202648');
    expect(weekKeyOfDay('2026-11-22', 'monday')).toBe('202647');
    expect(weekKeyOfDay('2026-11-28', 'sunday')).toBe('202648');
    expect(weekRange('202648', 'sunday')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
  });

  it('refuses weeks outside 1 to 53 and a week 53 the year lacks', () => {
    expect(weekRange('202600', 'monday')).toBeNull();
    expect(weekRange('202654', 'monday')).toBeNull();
    expect(weekRange('202553', 'monday')).toBeNull();
    expect(weekRange('202653', 'monday')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(weekRange('202053', 'monday')).not.toBeNull();
    expect(weekRange('20261', 'monday')).toBeNull();
  });

  it('finds the previous period of the same length', () => {
    expect(previousRange({ start: '2026-11-01', end: '2026-11-30' })).toEqual({
      start: '2026-10-02',
      end: '2026-10-31',
    });
    expect(previousRange({ start: '2026-03-01', end: '2026-03-01' })).toEqual({
      start: '2026-02-28',
      end: '2026-02-28',
    });
    expect(previousRange({ start: '2026-03-02', end: '2026-03-01' })).toBeNull();
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});
