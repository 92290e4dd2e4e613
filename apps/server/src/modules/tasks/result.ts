import { type AnalysisResult, hasResultValues, readStoredResult, versionPrompt } from '@parley/contracts';
import type { PromptVersionData } from '../prompts/versions.ts';

/**
 * What the pipeline stores in tasks.result: the answer without the prompts that gave it, which are the
 * task's prompt version and, for a classification, the version of the prompt it chose (contracts stored.ts).
 */
export type { StoredResult } from '@parley/contracts';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The result as the API answers it (contracts AnalysisResult): the stored one of any age in today's shape,
 * with its prompts read from their versions. Results stored with their own copy of a prompt (before
 * versions, when it differed) keep that copy; the oldest ones (only values) get none.
 */
export function resultWithPrompts(
  stored: unknown,
  versions: { task: PromptVersionData | null; chosen: PromptVersionData | null },
): AnalysisResult | null {
  const result = readStoredResult(stored);
  if (!result || !hasResultValues(stored)) return result;
  const answered = versions.chosen ?? versions.task;
  if (!result.prompt && answered) result.prompt = versionPrompt(answered);
  if (result.classification && !result.classification.prompt && versions.task) {
    result.classification.prompt = versionPrompt(versions.task);
  }
  return result;
}
