import type { TrackerStatsQuery, TrackerStatsRow } from '@parley/contracts';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  trackerAnalysisDays,
  trackerAnalysisMonths,
  trackerHitDays,
  trackerHitMonths,
  trackers,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { promptCondition } from '../analyses/filters.ts';
import { checkedDays, daysCondition, type ScopeFilters, scopeConditions } from '../analytics/filters.ts';
import { monthsCondition, rangeParts } from '../analytics/months.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { TRACKER_TEXTS } from './service.ts';

/** What the hit rates are asked for: the route's query, or one department and representative of many (insights). */
export type TrackerStatsAsked = Omit<TrackerStatsQuery, 'department' | 'representative'> &
  Pick<ScopeFilters, 'department' | 'representative'>;

type Sums =
  | typeof trackerAnalysisDays
  | typeof trackerAnalysisMonths
  | typeof trackerHitDays
  | typeof trackerHitMonths;

/** What the sums are grouped by: the representative or department as stored, or the month of their day. */
function groupKey(table: Sums, date: Column, groupBy: TrackerStatsQuery['group_by']): SQL {
  if (groupBy === 'representative') return sql`${table.representative}`;
  if (groupBy === 'department') return sql`${table.department}`;
  return sql`to_char(${date}, 'YYYY-MM')`;
}

/**
 * The sums the caller sees within the filters besides the days: the prompt as the analyses list takes it (a
 * classification's chosen prompt too), department and representative, and a team leader's teams on the sums'
 * own department and representative columns (as analytics reads its sums).
 */
function scopeOf(table: Sums, access: ProjectAccess, query: TrackerStatsAsked): SQL[] {
  const { department, representative, prompt_id: promptId } = query;
  return [
    ...scopeConditions(table, access, { department, representative }),
    ...(promptId ? [promptCondition(access.project.id, promptId, table)] : []),
  ];
}

/**
 * The reads of one pair of sums over the range: whole months from the month sums, the days around them from the
 * day sums added, or taken off where the range leaves out fewer days of a month than it takes in (analytics'
 * rangeParts). Each read answers (tracker_id, key, n).
 */
function rangeReads<D extends Sums & { analysisDate: Column }, M extends Sums & { month: Column }>(
  sums: { days: D; months: M; tracker: (table: D | M) => SQL; count: (table: D | M) => Column; only?: SQL },
  access: ProjectAccess,
  query: TrackerStatsAsked,
): SQL[] {
  const parts = rangeParts(checkedDays(query));
  const read = (table: D | M, date: Column, range: SQL[], sign: 1 | -1) => sql`
    SELECT ${sums.tracker(table)} AS tracker_id, ${groupKey(table, date, query.group_by)} AS key,
      ${sign} * ${sums.count(table)} AS n
    FROM ${table} WHERE ${and(...scopeOf(table, access, query), ...range, sums.only)}`;
  const { days, months } = sums;
  return [
    ...(parts.months ? [read(months, months.month, monthsCondition(months.month, parts.months), 1)] : []),
    ...parts.days.map((asked) => read(days, days.analysisDate, daysCondition(days, asked), 1)),
    ...parts.lessDays.map((left) => read(days, days.analysisDate, daysCondition(days, left), -1)),
  ];
}

/**
 * Hit rates of the project's trackers (or the one asked): per group, the completed analyses within the filters
 * the caller sees and how many of them hit each tracker. Read from the sums (migration 0049: per day and month,
 * kept exact by triggers) in one statement over a few rows per month and the days at the range's ends, whatever
 * the number of analyses; the counts are those of the analyses list with the same filters.
 */
export async function trackerStats(
  db: Executor,
  access: ProjectAccess,
  query: TrackerStatsAsked,
): Promise<{ group_by: TrackerStatsQuery['group_by']; rows: TrackerStatsRow[] }> {
  checkedDays(query);
  const projectTrackers = await db
    .select({ id: trackers.id })
    .from(trackers)
    .where(
      and(
        eq(trackers.projectId, access.project.id),
        query.tracker_id === undefined ? undefined : eq(trackers.id, query.tracker_id),
      ),
    )
    .orderBy(trackers.id);
  if (query.tracker_id !== undefined && projectTrackers.length === 0) throw notFound(TRACKER_TEXTS.notFound);
  const ids = projectTrackers.map((tracker) => tracker.id);
  if (ids.length === 0) return { group_by: query.group_by, rows: [] };
  const reads = [
    ...rangeReads(
      {
        days: trackerAnalysisDays,
        months: trackerAnalysisMonths,
        tracker: () => sql`NULL::int`,
        count: (table) => table.analyses,
      },
      access,
      query,
    ),
    ...rangeReads(
      {
        days: trackerHitDays,
        months: trackerHitMonths,
        tracker: (table) => sql`${table.trackerId}`,
        count: (table) => table.hit,
        only: sql`tracker_id = ANY(${sql.param(ids)}::int[])`,
      },
      access,
      query,
    ),
  ];
  // A group that the days taken off empty is dropped (as one the range has no analyses of).
  const counted = await db.execute<{ tracker_id: number | null; key: string | null; n: number }>(sql`
    SELECT tracker_id, key, sum(n)::int AS n FROM (${sql.join(reads, sql` UNION ALL `)}) AS parts
    GROUP BY tracker_id, key HAVING sum(n) <> 0`);
  const analyses = new Map<string | null, number>();
  const hit = new Map<string, number>();
  for (const row of counted.rows) {
    if (row.tracker_id === null) analyses.set(row.key, row.n);
    else hit.set(JSON.stringify([row.tracker_id, row.key]), row.n);
  }
  const keys = [...analyses.keys()].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b, undefined, { sensitivity: 'base' }),
  );
  const rows = ids.flatMap((trackerId) =>
    keys.map((key) => ({
      tracker_id: trackerId,
      key,
      analyses: analyses.get(key) ?? 0,
      hit: hit.get(JSON.stringify([trackerId, key])) ?? 0,
    })),
  );
  return { group_by: query.group_by, rows };
}
