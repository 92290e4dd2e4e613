import type { TrackerWindow } from '@parley/contracts';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { trackerHits, trackers } from '../../db/schema/index.ts';
import { pipelineState } from '../pipeline/state.ts';
import type { TaskRow } from '../tasks/rows.ts';
import { findHits, insertHits, type KeywordTracker } from './matching.ts';
import { projectSmartTrackers, smartHit } from './smart.ts';

type TrackerRow = typeof trackers.$inferSelect;

/** A tracker's window from its columns (null: anywhere in the conversation). */
export const trackerWindow = (row: Pick<TrackerRow, 'windowEdge' | 'windowSeconds'>): TrackerWindow | null =>
  row.windowEdge && row.windowSeconds !== null ? { edge: row.windowEdge, seconds: row.windowSeconds } : null;

/** A tracker as matching reads it. */
export function keywordTracker(row: TrackerRow): KeywordTracker {
  return {
    id: row.id,
    language: row.language,
    phrases: row.phrases,
    speaker: row.speaker,
    window: trackerWindow(row),
  };
}

/** The project's keyword trackers (one probe of trackers_project_name_idx). */
export async function projectKeywordTrackers(db: Executor, projectId: number): Promise<KeywordTracker[]> {
  const rows = await db
    .select()
    .from(trackers)
    .where(and(eq(trackers.projectId, projectId), eq(trackers.kind, 'keywords')))
    .orderBy(asc(trackers.id));
  return rows.map(keywordTracker);
}

/**
 * Writes an analysis's hits anew (none unless it is completed), in the caller's transaction: completing an
 * analysis and changing its speakers' roles call it. Keyword trackers are matched; smart trackers come from the
 * answers its analysis call stored (pipeline state `smartTrackers`), the quote located in the transcript. A smart
 * tracker the analysis was not asked (created later) keeps the hit a priced run over past analyses gave it. The
 * work runs in a savepoint: if it fails, the analysis goes on without its hits (logged), its earlier ones deleted
 * or kept as the failure left them, and the caller's transaction is unharmed.
 */
export async function recordTrackerHits(
  ctx: Pick<AppContext, 'logger'>,
  tx: Executor,
  task: Pick<TaskRow, 'id' | 'projectId' | 'status' | 'transcript' | 'speakerRoles' | 'pipeline'>,
): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      if (task.status !== 'completed') {
        await savepoint.delete(trackerHits).where(eq(trackerHits.taskId, task.id));
        return;
      }
      const answers = pipelineState(task.pipeline).smartTrackers ?? {};
      const smart = (await projectSmartTrackers(savepoint, task.projectId)).filter(
        (tracker) => answers[tracker.id] !== undefined,
      );
      const replaced = smart.map((tracker) => tracker.id);
      await savepoint
        .delete(trackerHits)
        .where(
          and(
            eq(trackerHits.taskId, task.id),
            or(
              sql`${trackerHits.trackerId} NOT IN (SELECT id FROM trackers WHERE kind = 'smart' AND project_id = ${task.projectId})`,
              replaced.length > 0 ? inArray(trackerHits.trackerId, replaced) : undefined,
            ),
          ),
        );
      const list = await projectKeywordTrackers(savepoint, task.projectId);
      const smartRows = smart.flatMap((tracker) => smartHit(task, tracker.id, answers[tracker.id]!) ?? []);
      await insertHits(savepoint, [...(await findHits(savepoint, [task], list)), ...smartRows]);
    });
  } catch (error) {
    ctx.logger.warn({ err: error, taskId: task.id }, 'Tracker hits of an analysis could not be recorded');
  }
}

/**
 * Deletes the hits of analyses whose transcript is gone (a restart, retention, erasure), in the caller's
 * transaction: the hits' moments hold its text.
 */
export async function deleteTrackerHits(db: Executor, taskIds: readonly number[]): Promise<void> {
  if (taskIds.length === 0) return;
  await db.delete(trackerHits).where(inArray(trackerHits.taskId, [...taskIds]));
}
