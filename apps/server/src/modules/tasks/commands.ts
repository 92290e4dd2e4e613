import type { FinalScore, SpeakerRoles, StoredResult } from '@parley/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { recordTrackerHits } from '../trackers/hits.ts';
import { notifyTask } from './notify.ts';
import type { TaskRow } from './rows.ts';
import { writeAnalysis } from './state.ts';

/**
 * A reviewer's changes to an analysis (its answer, its speakers' roles): each writes the task row and its
 * analytics rows in one transaction, as completing it does (state.ts).
 */

export interface ResultCorrection {
  /** The stored result (tasks.result) with the corrected values and their final score. */
  result: StoredResult;
  score: FinalScore;
  title: string | null;
}

/**
 * Stores a corrected answer: the result, its final score and mode, and the title, in the caller's transaction
 * (which holds the task row locked). Null: no such task.
 */
export async function correctResult(
  tx: Executor,
  taskId: number,
  correction: ResultCorrection,
): Promise<TaskRow | null> {
  const { result, score, title } = correction;
  return writeAnalysis(tx, taskId, { result, finalScore: score.score, scoreMode: score.mode, title });
}

/**
 * Stores the speakers' roles (with their metrics) a reviewer set, finds the tracker hits anew (a tracker may ask
 * for a role), and tells the live view. Null: no such task.
 */
export async function saveSpeakerRoles(
  ctx: AppContext,
  taskId: number,
  speakerRoles: SpeakerRoles,
): Promise<TaskRow | null> {
  const row = await ctx.db.transaction(async (tx) => {
    const written = await writeAnalysis(tx, taskId, { speakerRoles });
    if (written) await recordTrackerHits(ctx, tx, written);
    return written;
  });
  if (row) await notifyTask(ctx, row);
  return row;
}
