import { describe, expect, it } from 'vitest';
import { periodKeyOfDay, periodRange, periodsBetween, trendPeriod } from './periods.ts';

describe('periods as the server groups them', () => {
  it('keys days and spans periods by Monday or Sunday weeks and months', () => {
    expect(periodKeyOfDay('week', '2021-01-03', 'monday')).toBe('202053');
    expect(periodKeyOfDay('week', '2021-01-03', 'sunday')).toBe('202101');
    expect(periodRange('week', '202101', 'sunday')).toEqual({ start: '2021-01-03', end: '2021-01-09' });
    expect(periodKeyOfDay('month', '2024-02-29', 'monday')).toBe('202402');
    expect(periodRange('day', '2024-02-29', 'monday')).toEqual({ start: '2024-02-29', end: '2024-02-29' });
  });

  it('lists the periods of a range and picks the trend step by its length', () => {
    expect(periodsBetween('week', { start: '2020-12-27', end: '2021-01-10' }, 'monday')).toEqual([
      '202052',
      '202053',
      '202101',
    ]);
    expect(periodsBetween('week', { start: '2020-12-27', end: '2021-01-10' }, 'sunday')).toEqual([
      '202053',
      '202101',
      '202102',
    ]);
    expect(periodsBetween('month', { start: '2026-01-31', end: '2026-03-01' }, 'monday')).toEqual([
      '202601',
      '202602',
      '202603',
    ]);
    expect(trendPeriod({ start: '2026-01-01', end: '2026-03-03' })).toBe('day');
    expect(trendPeriod({ start: '2026-01-01', end: '2026-03-04' })).toBe('week');
    expect(trendPeriod({ start: '2026-01-01', end: '2027-01-01' })).toBe('week');
    expect(trendPeriod({ start: '2026-01-01', end: '2027-01-02' })).toBe('month');
    expect(trendPeriod(null)).toBe('month');
  });
});
