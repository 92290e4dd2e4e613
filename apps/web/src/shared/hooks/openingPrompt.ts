import { useEffect } from 'react';

/** Where the prompt last chosen in a project (analytics, checklist report, upload) is kept per browser. */
export const lastPromptStorageKey = (projectId: number) => `parley.lastPromptId.${projectId}`;

export function readLastPromptId(projectId: number): number | null {
  try {
    const value = Number(localStorage.getItem(lastPromptStorageKey(projectId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null; // storage unavailable (private mode)
  }
}

export function rememberPromptId(projectId: number, promptId: number): void {
  try {
    localStorage.setItem(lastPromptStorageKey(projectId), String(promptId));
  } catch {
    // storage unavailable: the choice is simply not kept
  }
}

/**
 * The prompt a page opens on: the first of `preferred` (the user's last choice, a project default) that is
 * still in the list, else the prompt with the most recent analyses (a new prompt without data is not the
 * one people look at), else the first.
 */
export function openingPrompt<P extends { id: number; last_analysis_at?: string | null }>(
  prompts: readonly P[],
  preferred: ReadonlyArray<number | null | undefined>,
): P | undefined {
  for (const id of preferred) {
    const found = id ? prompts.find((prompt) => prompt.id === id) : undefined;
    if (found) return found;
  }
  let recent: P | undefined;
  for (const prompt of prompts) {
    if (
      prompt.last_analysis_at &&
      (!recent?.last_analysis_at || prompt.last_analysis_at > recent.last_analysis_at)
    )
      recent = prompt;
  }
  return recent ?? prompts[0];
}

/**
 * The prompt of an analytics page: the one chosen in its address (kept as the project's last choice), else
 * the opening prompt.
 */
export function usePagePromptId(
  projectId: number,
  prompts: ReadonlyArray<{ id: number; last_analysis_at?: string | null }> | undefined,
  chosen: number | undefined,
): number | undefined {
  useEffect(() => {
    if (chosen) rememberPromptId(projectId, chosen);
  }, [projectId, chosen]);
  return chosen ?? (prompts ? openingPrompt(prompts, [readLastPromptId(projectId)])?.id : undefined);
}
