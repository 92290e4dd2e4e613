import {
  computeFinalScore,
  correctableFieldAt,
  FINAL_SCORE_KEY,
  proposedValueProblem,
  valueAtPath,
  withValueAtPath,
} from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analysisCorrections, changeRequestItems, tasks } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../errors.ts';
import { titleOf } from '../pipeline/analysis.ts';
import { correctResult } from '../tasks/commands.ts';
import type { TaskRow } from '../tasks/rows.ts';
import { answeredResult } from './result.ts';

export const APPLY_TEXTS = {
  noResult: 'This analysis no longer has the result fields of the request.',
  notInRequest: '"{path}" is not a field of this request.',
  badValue: 'The value for "{path}" {problem}.',
} as const;

export interface Correction {
  requestId: number;
  reviewer: { id: number; name: string };
  reason: string;
  /** Edited values by path; the others keep the proposal. */
  edited: Record<string, string | number | boolean>;
}

/**
 * Sets a field request's approved values in the analysis (its task row locked by the caller's transaction):
 * the result's values, the final score recomputed with the answering prompt's mode, the title when it
 * changed, one correction row per field (the AI's value kept), and the analytics rows rewritten.
 */
export async function applyCorrection(
  tx: Executor,
  taskId: number,
  correction: Correction,
): Promise<TaskRow> {
  const [task] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  const answered = task ? await answeredResult(tx, task) : null;
  if (!task || !answered) throw conflict(APPLY_TEXTS.noResult, 'no_result');
  const items = await tx
    .select()
    .from(changeRequestItems)
    .where(eq(changeRequestItems.requestId, correction.requestId))
    .orderBy(asc(changeRequestItems.id));
  const unknown = Object.keys(correction.edited).find((path) => !items.some((item) => item.path === path));
  if (unknown !== undefined) throw invalid(APPLY_TEXTS.notInRequest.replace('{path}', unknown));
  let values = answered.values;
  for (const item of items) {
    const field = correctableFieldAt(answered.prompt.content, item.path);
    if (!field) throw conflict(APPLY_TEXTS.noResult, 'no_result');
    const value = correction.edited[item.path] ?? item.proposedValue;
    const problem = proposedValueProblem(field, value);
    if (problem)
      throw invalid(APPLY_TEXTS.badValue.replace('{path}', item.path).replace('{problem}', problem));
    const previous = valueAtPath(values, item.path) ?? null;
    const [first] = await tx
      .select({ aiValue: analysisCorrections.aiValue })
      .from(analysisCorrections)
      .where(and(eq(analysisCorrections.taskId, taskId), eq(analysisCorrections.path, item.path)))
      .orderBy(asc(analysisCorrections.id))
      .limit(1);
    await tx.insert(analysisCorrections).values({
      projectId: task.projectId,
      taskId,
      path: item.path,
      aiValue: first ? first.aiValue : previous,
      previousValue: previous,
      value,
      correctedBy: correction.reviewer.id,
      correctedByName: correction.reviewer.name,
      reason: correction.reason,
      requestId: correction.requestId,
    });
    await tx
      .update(changeRequestItems)
      .set({ approvedValue: value })
      .where(eq(changeRequestItems.id, item.id));
    values = withValueAtPath(values, item.path, value);
  }
  const { content, finalScore, maxScore, knockoutCap } = answered.prompt;
  const score = computeFinalScore(finalScore, content, values, maxScore, knockoutCap);
  if (finalScore !== 'no' && content.some((field) => field.key === FINAL_SCORE_KEY)) {
    values = { ...values, [FINAL_SCORE_KEY]: score.score };
  }
  const updated = await correctResult(tx, taskId, {
    result: { ...answered.stored, values, score },
    score,
    title: titleOf(values) ?? task.title,
  });
  return updated!;
}

function invalid(message: string) {
  return new AppError('unprocessable', 'invalid_value', message);
}
