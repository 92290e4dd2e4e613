import type { TrackerStatsQuery, TrackerStatsRow } from '@parley/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { trackerAnalysisDays, trackerHitDays, trackers } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { promptCondition } from '../analyses/filters.ts';
import { checkedDays, daysCondition, scopeConditions } from '../analytics/filters.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { TRACKER_TEXTS } from './service.ts';

type DaySums = typeof trackerAnalysisDays | typeof trackerHitDays;

/** What the sums are grouped by: the representative or department as stored, or the month of their day. */
function groupKey(table: DaySums, groupBy: TrackerStatsQuery['group_by']): SQL {
  if (groupBy === 'representative') return sql`${table.representative}`;
  if (groupBy === 'department') return sql`${table.department}`;
  return sql`to_char(${table.analysisDate}, 'YYYY-MM')`;
}

/**
 * The sums within the filters that the caller sees: days of the project's time zone, the prompt as the analyses
 * list takes it (a classification's chosen prompt too), department and representative, and a team leader's teams
 * on the sums' own department and representative columns (as analytics reads its day sums).
 */
function sumsWithin(table: DaySums, access: ProjectAccess, query: TrackerStatsQuery): SQL {
  const { department, representative, prompt_id: promptId } = query;
  return and(
    ...scopeConditions(table, access, { department, representative }),
    ...daysCondition(table, checkedDays(query)),
    promptId ? promptCondition(access.project.id, promptId, table) : undefined,
  )!;
}

/**
 * Hit rates of the project's trackers (or the one asked): per group, the completed analyses within the filters
 * the caller sees and how many of them hit each tracker. Read from the day sums (tracker_analysis_days and
 * tracker_hit_days, kept exact by migration 0049's triggers): one query over a few rows per day, whatever the
 * number of analyses; the counts are those of the analyses list with the same filters.
 */
export async function trackerStats(
  ctx: AppContext,
  access: ProjectAccess,
  query: TrackerStatsQuery,
): Promise<{ group_by: TrackerStatsQuery['group_by']; rows: TrackerStatsRow[] }> {
  checkedDays(query);
  const projectTrackers = await ctx.db
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
  const days = trackerAnalysisDays;
  const hits = trackerHitDays;
  const counted = await ctx.db.execute<{ tracker_id: number | null; key: string | null; n: number }>(sql`
    SELECT NULL::int AS tracker_id, ${groupKey(days, query.group_by)} AS key, sum(${days.analyses})::int AS n
    FROM ${days} WHERE ${sumsWithin(days, access, query)} GROUP BY 2
    UNION ALL
    SELECT ${hits.trackerId}, ${groupKey(hits, query.group_by)} AS key, sum(${hits.hit})::int AS n
    FROM ${hits}
    WHERE ${hits.trackerId} = ANY(${sql.param(ids)}::int[]) AND ${sumsWithin(hits, access, query)}
    GROUP BY 1, 2`);
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
