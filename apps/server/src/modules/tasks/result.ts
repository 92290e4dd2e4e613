import type { TaskResult } from '@parley/contracts';
import type { PromptVersionData } from '../prompts/versions.ts';

type Classification = NonNullable<TaskResult['classification']>;

/**
 * What the pipeline stores in tasks.result: the answer without the prompts that gave it, which are the
 * task's prompt version and, for a classification, the version of the prompt it chose.
 */
export interface StoredResult extends Omit<TaskResult, 'prompt' | 'classification'> {
  classification?: Omit<Classification, 'prompt'>;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A result's prompt as the API shows it: the one the answer came from, with its fields and scoring. */
function resultPrompt(data: PromptVersionData): TaskResult['prompt'] {
  return {
    id: data.id as number,
    name: data.scriptName as string,
    content: data.content as TaskResult['prompt']['content'],
    finalScore: data.finalScore as TaskResult['prompt']['finalScore'],
    maxScore: data.maxScore as number | null,
  };
}

/**
 * The result as the API answers it (TaskResult): the stored one with its prompts read from their versions.
 * Results stored with their own copy of a prompt (before versions, when it differed) keep that copy.
 */
export function resultWithPrompts(
  stored: unknown,
  versions: { task: PromptVersionData | null; chosen: PromptVersionData | null },
): Record<string, unknown> | null {
  if (stored === null || stored === undefined) return null;
  if (!isObject(stored)) return { value: stored };
  if (!isObject(stored.values)) return stored;
  const answered = versions.chosen ?? versions.task;
  const result = { ...stored };
  if (!('prompt' in result) && answered) result.prompt = resultPrompt(answered);
  if (isObject(result.classification) && !('prompt' in result.classification) && versions.task) {
    result.classification = { prompt: resultPrompt(versions.task), ...result.classification };
  }
  return result;
}
