import { billingRoutes, type UploadPrompt, uploadRoutes } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, UnexpectedAnswerError } from '../../shared/api/client';

/** A prompt the upload panel can use (spec 1 §3 'Upload prompt'). */
export type UploadPromptOption = z.infer<typeof UploadPrompt>;

export const uploadKeys = {
  prompts: (projectId: number) => ['upload', projectId, 'prompts'] as const,
};

/**
 * The prompt chosen at first: the project's default prompt (its general settings) when it is offered, else
 * the first one (spec 1 §7).
 */
export function defaultUploadPrompt<P extends { id: number }>(
  prompts: readonly P[],
  project: { default_prompt_id?: number | null },
): P | undefined {
  return prompts.find((prompt) => prompt.id === project.default_prompt_id) ?? prompts[0];
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
