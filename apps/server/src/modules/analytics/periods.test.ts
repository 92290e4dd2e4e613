import { monthKeyOfDay, weekKeyOfDay } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import type { ScratchDatabase } from '../../../test/scratch-database.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { createLogger } from '../../logger.ts';
import { periodKeySql, periodsBetween, trendPeriod } from './periods.ts';

let scratch: ScratchDatabase;
let database: Database;

beforeAll(async () => {
  scratch = await freshDatabase();
  database = connectDatabase(scratch.url, createLogger({ logLevel: 'warn' }), 1);
});
afterAll(async () => {
  await database.pool.end();
  await scratch.drop();
});

describe('periods as the server groups them', () => {
  it('keys every day of 2019 to 2027 as the contracts date helper does, for both week starts', async () => {
    // The table's column, on a series of days: what periodKeySql groups analyses by.
    const { rows } = await database.db.execute<
      Record<'day' | 'day_key' | 'monday' | 'sunday' | 'month', string>
    >(sql`
      SELECT analysis_date::text AS day, ${periodKeySql('day', 'monday')} AS day_key,
             ${periodKeySql('week', 'monday')} AS monday, ${periodKeySql('week', 'sunday')} AS sunday,
             ${periodKeySql('month', 'monday')} AS month
      FROM (SELECT d::date AS analysis_date FROM generate_series('2019-01-01'::date, '2027-12-31'::date, '1 day') d)
        AS analysis_field_values`);
    expect(rows).toHaveLength(3287);
    const mismatches = rows.filter(
      (row) =>
        row.day_key !== row.day ||
        row.monday !== weekKeyOfDay(row.day, 'monday') ||
        row.sunday !== weekKeyOfDay(row.day, 'sunday') ||
        row.month !== monthKeyOfDay(row.day),
    );
    expect(mismatches).toEqual([]);
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
