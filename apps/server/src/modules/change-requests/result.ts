import {
  type FinalScoreMode,
  hasResultValues,
  type PromptField,
  type ResultValues,
  type StoredResult,
} from '@parley/contracts';
import type { Executor } from '../../db/client.ts';
import { readPromptVersions } from '../prompts/versions.ts';
import { resultWithPrompts } from '../tasks/result.ts';
import type { TaskRow } from '../tasks/rows.ts';

export interface AnsweredResult {
  /** The stored result (tasks.result). */
  stored: StoredResult;
  values: ResultValues;
  /** The prompt that answered (a classification's chosen one), with the fields and scoring it had then. */
  prompt: {
    content: PromptField[];
    finalScore: FinalScoreMode;
    maxScore: number | null;
    knockoutCap: number | null;
  };
}

/** A completed task's values and the prompt that gave them; null when the result has no values. */
export async function answeredResult(db: Executor, task: TaskRow): Promise<AnsweredResult | null> {
  if (!hasResultValues(task.result)) return null;
  const versions = await readPromptVersions(db, [task.promptVersionId, task.chosenPromptVersionId]);
  const version = (id: number | null) => (id === null ? null : (versions.get(id) ?? null));
  const prompt = resultWithPrompts(task.result, {
    task: version(task.promptVersionId),
    chosen: version(task.chosenPromptVersionId),
  })?.prompt;
  return {
    stored: task.result,
    values: task.result.values,
    prompt: {
      content: prompt?.content ?? [],
      finalScore: prompt?.finalScore ?? 'no',
      maxScore: prompt?.maxScore ?? null,
      knockoutCap: prompt?.knockoutCap ?? null,
    },
  };
}
