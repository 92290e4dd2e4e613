import { billingRoutes, type UploadPrompt, uploadRoutes } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { openingPrompt, readLastPromptId } from '../hooks/openingPrompt';
import { call, UnexpectedAnswerError } from './client';

/** A prompt the upload panel can use (spec 1 §3 'Upload prompt'). */
export type UploadPromptOption = z.infer<typeof UploadPrompt>;

export const uploadKeys = {
  prompts: (projectId: number) => ['upload', projectId, 'prompts'] as const,
};

/**
 * The prompt chosen at first: the user's last choice in the project, else the project's default prompt (its
 * general settings) when it is offered, else the one with the most recent analyses, else the first (spec 1 §7).
 */
export function defaultUploadPrompt<P extends { id: number; last_analysis_at?: string | null }>(
  prompts: readonly P[],
  project: { id: number; default_prompt_id?: number | null },
): P | undefined {
  return openingPrompt(prompts, [readLastPromptId(project.id), project.default_prompt_id]);
}

/** The project's prompts with the metadata each requires (media keys may read them too). */
export const uploadPromptsQuery = (projectId: number) =>
  queryOptions({
    queryKey: uploadKeys.prompts(projectId),
    queryFn: async ({ signal }) =>
      (await call(uploadRoutes.prompts, { params: { id: projectId }, signal })).data,
  });

export function useUploadPrompts(projectId: number) {
  return useQuery(uploadPromptsQuery(projectId));
}

/**
 * Whether the balance covers `units` (spec 1 §7 balance check). Answers null when the answer does not say
 * (the caller then goes on); a failed call rejects.
 */
export async function canProcess(projectId: number, units = 1): Promise<boolean | null> {
  try {
    const { data } = await call(billingRoutes.canProcess, { params: { id: projectId }, query: { units } });
    return data.can_process;
  } catch (error) {
    if (error instanceof UnexpectedAnswerError) return null;
    throw error;
  }
}
