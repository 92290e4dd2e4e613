import { type AnalyticsValueType, CHECKLIST_TYPES } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { analysisFieldDays as days } from '../../db/schema/index.ts';
import type { FieldStat } from './prompt-fields.ts';

/** Items by a key, in their order (Map.groupBy of ES2024). */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** What a group of values adds up to: enough to combine groups exactly (totals) and to rate them. */
export interface Tally {
  count: number;
  scoreSum: number;
  scored: number;
  passed: number;
  missed: number;
  na: number;
  /** Values that knocked their analysis out (final scores: knocked-out analyses). */
  knockouts: number;
}

/** A tally of one value type, with the type's highest score and newest day (to resolve a field's type). */
export type TallyRow = Tally & { type: AnalyticsValueType; maxScore: number | null; latest: string };

/** A TallyRow's aggregates over the per-day sums (analysis_field_days). */
export const dayTallyColumns = {
  type: sql<AnalyticsValueType>`${days.valueType}`,
  count: sql<number>`sum(${days.analyses})::int`,
  scoreSum: sql<number>`sum(${days.scoreSum})::float8`,
  scored: sql<number>`sum(${days.scored})::int`,
  passed: sql<number>`sum(${days.passed})::int`,
  missed: sql<number>`sum(${days.missed})::int`,
  na: sql<number>`sum(${days.na})::int`,
  knockouts: sql<number>`sum(${days.knockouts})::int`,
  maxScore: sql<number | null>`max(${days.maxScore})`,
  latest: sql<string>`max(${days.analysisDate})::text`,
};

export const emptyTally = (): Tally => ({
  count: 0,
  scoreSum: 0,
  scored: 0,
  passed: 0,
  missed: 0,
  na: 0,
  knockouts: 0,
});

export const most = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

export function addTally(into: Tally, add: Tally): Tally {
  return {
    count: into.count + add.count,
    scoreSum: into.scoreSum + add.scoreSum,
    scored: into.scored + add.scored,
    passed: into.passed + add.passed,
    missed: into.missed + add.missed,
    na: into.na + add.na,
    knockouts: into.knockouts + add.knockouts,
  };
}

export const sumTallies = (tallies: readonly Tally[]): Tally => tallies.reduce(addTally, emptyTally());

/** Yes/no items: the pass rate over passed and missed (n/a left out); scores: the mean. Null: nothing to rate. */
export function rating(type: AnalyticsValueType, tally: Tally): number | null {
  if (CHECKLIST_TYPES.includes(type)) {
    const answered = tally.passed + tally.missed;
    return answered === 0 ? null : tally.passed / answered;
  }
  return tally.scored === 0 ? null : tally.scoreSum / tally.scored;
}

/** The field statistics of tally rows of one path, by type (groups added up). */
export function statsOf(path: string, rows: TallyRow[]): FieldStat[] {
  const byType = new Map<AnalyticsValueType, FieldStat>();
  for (const row of rows) {
    const stat = byType.get(row.type);
    byType.set(row.type, {
      path,
      type: row.type,
      count: (stat?.count ?? 0) + row.count,
      max: most(stat?.max ?? null, row.maxScore),
      latest: stat && stat.latest > row.latest ? stat.latest : row.latest,
    });
  }
  return [...byType.values()];
}
