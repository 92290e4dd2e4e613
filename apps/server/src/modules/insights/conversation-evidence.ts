import { INSIGHT_LIMITS, SearchQuery, type TrackerMoment, type TrackerStatsRow } from '@parley/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trackerHits, trackers } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { searchTranscripts } from '../search/search.ts';
import { trackerStats } from '../trackers/stats.ts';
import {
  BREAKDOWN_MAX,
  type EvidenceMoment,
  type SearchEvidence,
  type TrackerFigures,
  type TrackerGroup,
} from './figures.ts';
import type { InsightScope } from './scope.ts';

/**
 * What the conversations themselves say beside the scorecards (issue 38): the trackers' hit rates and moments, and
 * the conversations a transcript search finds.
 */

const hitRate = (analyses: number, hit: number) =>
  analyses === 0 ? null : Math.round((1000 * hit) / analyses) / 10;

/** Groups with most analyses first (then by name, the group without a name last), the first BREAKDOWN_MAX. */
function groups(rows: TrackerStatsRow[]): TrackerGroup[] {
  return rows
    .filter((row) => row.analyses > 0)
    .sort((a, b) => b.analyses - a.analyses || (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff'))
    .slice(0, BREAKDOWN_MAX)
    .map((row) => ({
      name: row.key,
      analyses: row.analyses,
      hit: row.hit,
      hit_rate_percent: hitRate(row.analyses, row.hit),
    }));
}

/**
 * The hit rates of the project's trackers over the insight's analyses (as its asker sees them): overall and per
 * representative and department, read from the trackers' sums as the analytics card reads them. Empty when the
 * project has no trackers.
 */
export async function trackerFigures(
  db: Executor,
  access: ProjectAccess,
  scope: InsightScope,
): Promise<TrackerFigures[]> {
  const named = await db
    .select({ id: trackers.id, name: trackers.name })
    .from(trackers)
    .where(eq(trackers.projectId, access.project.id))
    .orderBy(asc(trackers.name));
  if (named.length === 0) return [];
  const asked = {
    from: scope.start_date ?? undefined,
    to: scope.end_date ?? undefined,
    prompt_id: scope.prompt_id ?? undefined,
    department: scope.department,
    representative: scope.representative,
  };
  const [byRepresentative, byDepartment] = await Promise.all([
    trackerStats(db, access, { ...asked, group_by: 'representative' }),
    trackerStats(db, access, { ...asked, group_by: 'department' }),
  ]);
  return named.map((tracker) => {
    const of = (rows: TrackerStatsRow[]) => rows.filter((row) => row.tracker_id === tracker.id);
    // Every analysis has one representative (or none): their groups add up to all of them.
    const representatives = of(byRepresentative.rows);
    const analyses = representatives.reduce((sum, row) => sum + row.analyses, 0);
    const hit = representatives.reduce((sum, row) => sum + row.hit, 0);
    return {
      tracker: tracker.name,
      analyses,
      hit,
      hit_rate_percent: hitRate(analyses, hit),
      by_representative: groups(representatives),
      by_department: groups(of(byDepartment.rows)),
    };
  });
}

/** The first moments of the trackers each analysis hit (INSIGHT_LIMITS.trackerMomentsPerAnalysis), by analysis. */
export async function trackerMoments(
  db: Executor,
  taskIds: readonly number[],
): Promise<Map<number, EvidenceMoment[]>> {
  const moments = new Map<number, EvidenceMoment[]>();
  if (taskIds.length === 0) return moments;
  const rows = await db
    .select({ taskId: trackerHits.taskId, tracker: trackers.name, moments: trackerHits.moments })
    .from(trackerHits)
    .innerJoin(trackers, eq(trackers.id, trackerHits.trackerId))
    .where(inArray(trackerHits.taskId, [...taskIds]))
    .orderBy(asc(trackerHits.taskId), asc(trackers.name));
  for (const row of rows) {
    const kept = moments.get(row.taskId) ?? [];
    for (const moment of row.moments as TrackerMoment[]) {
      if (kept.length >= INSIGHT_LIMITS.trackerMomentsPerAnalysis) break;
      kept.push({ tracker: row.tracker, ...evidenceMoment(moment) });
    }
    moments.set(row.taskId, kept);
  }
  return moments;
}

/** Pages of a transcript search read at most for an insight (its departments or representatives may skip results). */
const SEARCH_PAGES_MAX = 5;

const asked = (names: readonly string[], name: string | null) =>
  names.length === 0 || (name !== null && names.some((one) => one.toLowerCase() === name.toLowerCase()));

/**
 * The newest conversations within the insight's scope (as its asker sees them) whose transcript holds the phrase
 * (the search page's search: INSIGHT_LIMITS.searchConversations of them), each with the pieces that hold it.
 * One department or representative asked is the search's filter; several are checked on its results.
 */
export async function searchEvidence(
  db: Executor,
  access: ProjectAccess,
  scope: InsightScope,
  phrase: string,
): Promise<SearchEvidence[]> {
  const one = (names: readonly string[]) => (names.length === 1 ? names[0] : undefined);
  const found: SearchEvidence[] = [];
  let cursor: string | undefined;
  for (
    let page = 0;
    page < SEARCH_PAGES_MAX && found.length < INSIGHT_LIMITS.searchConversations;
    page += 1
  ) {
    const answer = await searchTranscripts(
      db,
      access,
      SearchQuery.parse({
        q: phrase,
        from: scope.start_date ?? undefined,
        to: scope.end_date ?? undefined,
        prompt_id: scope.prompt_id ?? undefined,
        department: one(scope.department),
        representative: one(scope.representative),
        cursor,
      }),
    );
    for (const result of answer.results) {
      if (!asked(scope.department, result.department) || !asked(scope.representative, result.representative))
        continue;
      found.push({
        analysis_id: result.task_id,
        date: result.conversation_at,
        representative: result.representative,
        department: result.department,
        moments: result.snippets.map(({ segment, seconds, role, text }) =>
          evidenceMoment({ segment, seconds, role, text }),
        ),
      });
    }
    if (!answer.next_cursor) break;
    cursor = answer.next_cursor;
  }
  return found.slice(0, INSIGHT_LIMITS.searchConversations);
}

/** A moment as the model reads it: its piece, time, speaker and text (cut to INSIGHT_LIMITS.quoteChars). */
export function evidenceMoment(moment: TrackerMoment): Omit<EvidenceMoment, 'tracker'> {
  return {
    segment: moment.segment,
    seconds: moment.seconds,
    role: moment.role,
    text: moment.text.slice(0, INSIGHT_LIMITS.quoteChars),
  };
}
