import type { FinalScoreMode, PromptField } from '@parley/contracts';
import type { Executor } from '../../db/client.ts';
import { readPromptVersions } from '../prompts/versions.ts';
import { isObject, resultWithPrompts } from '../tasks/result.ts';
import type { TaskRow } from '../tasks/rows.ts';

export interface AnsweredResult {
  /** The stored result (tasks.result). */
  stored: Record<string, unknown>;
  values: Record<string, unknown>;
  /** The prompt that answered (a classification's chosen one), with the fields and scoring it had then. */
  prompt: { content: PromptField[]; finalScore: FinalScoreMode; maxScore: number | null };
}

/** A completed task's values and the prompt that gave them; null when the result has no values. */
export async function answeredResult(db: Executor, task: TaskRow): Promise<AnsweredResult | null> {
  if (!isObject(task.result) || !isObject(task.result.values)) return null;
  const versions = await readPromptVersions(db, [task.promptVersionId, task.chosenPromptVersionId]);
  const version = (id: number | null) => (id === null ? null : (versions.get(id) ?? null));
  const result = resultWithPrompts(task.result, {
    task: version(task.promptVersionId),
    chosen: version(task.chosenPromptVersionId),
  });
  const prompt = isObject(result?.prompt) ? result.prompt : {};
  return {
    stored: task.result,
    values: task.result.values,
    prompt: {
      content: Array.isArray(prompt.content) ? (prompt.content as PromptField[]) : [],
      finalScore: (prompt.finalScore as FinalScoreMode | undefined) ?? 'no',
      maxScore: typeof prompt.maxScore === 'number' ? prompt.maxScore : null,
    },
  };
}
