import { TRACKER_TEXT_SEARCH_CONFIGS } from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { trackerHits, trackers } from '../../db/schema/index.ts';
import { keywordTracker } from './hits.ts';
import { findHits, insertHits, type KeywordTracker } from './matching.ts';

/**
 * Applying a tracker to its project's past analyses (the `tracker_apply` job, free): the completed analyses
 * with a transcript in id order, APPLY_CHUNK per transaction. Each chunk narrows its analyses in SQL to those
 * whose whole transcript text matches a phrase (one tsvector per analysis against the phrases' queries OR'd),
 * computes the moments of those only (matching.ts) and replaces the tracker's hits of the chunk's analyses. The
 * tracker's row keeps the progress (`apply_after`: the last id done), so a run that stops resumes where it was.
 * A change of what the tracker matches raises its `revision`; the next chunk sees that `applied_revision` is
 * behind and starts the new revision's run from the first analysis: an older run stops by becoming the new one.
 */

export const APPLY_CHUNK = 500;

type TrackerRow = typeof trackers.$inferSelect;

/** The project's analyses a run looks at. */
const applicable = (projectId: number) =>
  sql`t.project_id = ${projectId} AND t.status = 'completed' AND t.transcript IS NOT NULL`;

/**
 * The tracker's phrases as one tsquery text (each phrase's query OR'd; PostgreSQL's own text of them, read back
 * with ::tsquery); null when no phrase has a word the configuration keeps (only stop words): it matches nothing.
 */
async function phrasesQuery(db: Executor, tracker: KeywordTracker): Promise<string | null> {
  const found = await db.execute<{ query: string | null }>(sql`
    SELECT string_agg('(' || q::text || ')', ' | ') AS query
    FROM unnest(${sql.param(tracker.phrases)}::text[]) AS p(phrase),
      LATERAL phraseto_tsquery(${TRACKER_TEXT_SEARCH_CONFIGS[tracker.language]}::regconfig, p.phrase) AS q
    WHERE numnode(q) > 0`);
  return found.rows[0]?.query ?? null;
}

/** The tracker's row, locked against a change (which waits for the chunk) while a chunk is written. */
async function lockedTracker(tx: Executor, trackerId: number): Promise<TrackerRow | null> {
  const [row] = await tx.select().from(trackers).where(eq(trackers.id, trackerId)).for('share');
  return row ?? null;
}

/** Whether the tracker's current revision is applied to the end. */
export const applied = (row: Pick<TrackerRow, 'revision' | 'appliedRevision' | 'applyFinishedAt'>) =>
  row.appliedRevision === row.revision && row.applyFinishedAt !== null;

/**
 * Starts the run of the tracker's current revision (in the chunk's transaction): from the first analysis, with
 * what it will look at counted.
 */
async function startRun(tx: Executor, row: TrackerRow): Promise<TrackerRow> {
  const counted = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM tasks t WHERE ${applicable(row.projectId)}`,
  );
  const run = {
    appliedRevision: row.revision,
    applyAfter: 0,
    applyDone: 0,
    applyTotal: counted.rows[0]?.n ?? 0,
    applyFinishedAt: null,
  };
  await tx.update(trackers).set(run).where(eq(trackers.id, row.id));
  return { ...row, ...run };
}

/**
 * One chunk of the run of the tracker's current revision; false once the run is finished (or the tracker is
 * gone). The chunk's analyses are locked (FOR SHARE) while it is written, so that an analysis completing,
 * erased or expiring meanwhile writes its own hits after the chunk's, never before them.
 */
async function applyChunk(ctx: Pick<AppContext, 'db'>, trackerId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockedTracker(tx, trackerId);
    // A smart tracker is applied to past analyses only by its priced runs (smart-apply.ts).
    if (locked?.kind !== 'keywords' || applied(locked)) return false;
    const row = locked.appliedRevision === locked.revision ? locked : await startRun(tx, locked);
    const tracker = keywordTracker(row);
    const query = await phrasesQuery(tx, tracker);
    const config = TRACKER_TEXT_SEARCH_CONFIGS[tracker.language];
    const candidate = query
      ? sql`to_tsvector(${config}::regconfig, coalesce(t.transcript_text, '')) @@ ${query}::tsquery`
      : sql`false`;
    const chunk = await tx.execute<{
      id: number;
      project_id: number;
      transcript: unknown;
      speaker_roles: unknown;
    }>(sql`
      SELECT c.id, c.project_id,
        CASE WHEN c.candidate THEN t.transcript END AS transcript,
        CASE WHEN c.candidate THEN t.speaker_roles END AS speaker_roles
      FROM (
        SELECT t.id, t.project_id, ${candidate} AS candidate
        FROM tasks t
        WHERE ${applicable(row.projectId)} AND t.id > ${row.applyAfter}
        ORDER BY t.id LIMIT ${APPLY_CHUNK}
        FOR SHARE OF t
      ) c JOIN tasks t ON t.id = c.id
      ORDER BY c.id`);
    const ids = chunk.rows.map((task) => task.id);
    const candidates = chunk.rows
      .filter((task) => task.transcript !== null)
      .map((task) => ({
        id: task.id,
        projectId: task.project_id,
        transcript: task.transcript,
        speakerRoles: task.speaker_roles,
      }));
    if (ids.length > 0) {
      await tx
        .delete(trackerHits)
        .where(and(eq(trackerHits.trackerId, row.id), inArray(trackerHits.taskId, ids)));
      await insertHits(tx, await findHits(tx, candidates, [tracker]));
    }
    const finished = ids.length < APPLY_CHUNK;
    const done = row.applyDone + ids.length;
    await tx
      .update(trackers)
      .set({
        applyAfter: ids.at(-1) ?? row.applyAfter,
        applyDone: done,
        // What a run looked at is its total once it is over (analyses completed meanwhile count).
        ...(finished && { applyTotal: done, applyFinishedAt: new Date() }),
      })
      .where(eq(trackers.id, row.id));
    return !finished;
  });
}

/**
 * Applies the tracker's current revision to the project's past analyses, from where its run stands; returns
 * once the run is finished or `signal` is aborted (the job is cancelled or expires: a later job resumes).
 */
export async function applyTracker(
  ctx: Pick<AppContext, 'db'>,
  trackerId: number,
  signal?: AbortSignal,
): Promise<void> {
  while (!signal?.aborted && (await applyChunk(ctx, trackerId))) {
    // Each chunk reads the tracker anew: a new revision starts its run there.
  }
}

/** Trackers whose current revision is not applied to the end (a worker stopped, or its job was given up). */
export async function unfinishedTrackers(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: trackers.id })
    .from(trackers)
    .where(
      sql`${trackers.kind} = 'keywords' AND (${trackers.appliedRevision} <> ${trackers.revision} OR ${trackers.applyFinishedAt} IS NULL)`,
    );
  return rows.map((row) => row.id);
}
