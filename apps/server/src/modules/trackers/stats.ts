import type { TrackerStatsQuery, TrackerStatsRow } from '@parley/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tasks, trackers } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { listFilters } from '../analyses/filters.ts';
import { checkedDays } from '../analytics/filters.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { TRACKER_TEXTS } from './service.ts';

/** What the analyses are grouped by: the representative or department as stored, or the project's month. */
function groupKey(access: ProjectAccess, groupBy: TrackerStatsQuery['group_by']): SQL {
  if (groupBy === 'representative') return sql`${tasks.representative}`;
  if (groupBy === 'department') return sql`${tasks.department}`;
  return sql`to_char(${tasks.conversationAt} AT TIME ZONE ${access.project.timezone}, 'YYYY-MM')`;
}

/**
 * Hit rates of the project's trackers (or the one asked): per group, the completed analyses within the filters
 * the caller sees (the analyses list's conditions: days of the project's time zone, prompt, department,
 * representative, a team leader's teams) and how many of them hit each tracker. One query: the analyses are
 * read once (from the tasks indexes where the filters allow) and joined to their hits.
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
  const where = listFilters(access, {
    from: query.from,
    to: query.to,
    prompt_id: query.prompt_id,
    department: query.department,
    representative: query.representative,
    status: 'completed',
  });
  const counted = await ctx.db.execute<{ tracker_id: number | null; key: string | null; n: number }>(sql`
    WITH x AS MATERIALIZED (
      SELECT ${tasks.id} AS id, ${groupKey(access, query.group_by)} AS key FROM ${tasks} WHERE ${where}
    )
    SELECT NULL::int AS tracker_id, key, count(*)::int AS n FROM x GROUP BY key
    UNION ALL
    SELECT h.tracker_id, x.key, count(*)::int AS n
    FROM x JOIN tracker_hits h ON h.task_id = x.id
    WHERE h.tracker_id = ANY(${sql.param(ids)}::int[])
    GROUP BY h.tracker_id, x.key`);
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
