import { type PromptData, promptRoutes } from '@parley/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const promptVersionKeys = {
  list: (projectId: number, promptId: number, limit?: number) =>
    ['prompts', projectId, 'versions', promptId, 'list', limit ?? 'default'] as const,
  one: (projectId: number, promptId: number, versionId: number) =>
    ['prompts', projectId, 'versions', promptId, versionId] as const,
};

/**
 * A prompt's versions, newest first, a page at a time (data: the pages loaded, as one list; fetchNextPage
 * loads older ones). The first page holds the draft and the published version: both are the newest.
 */
export function usePromptVersions(projectId: number, promptId: number | null, limit?: number) {
  return useInfiniteQuery({
    queryKey: promptVersionKeys.list(projectId, promptId ?? 0, limit),
    queryFn: ({ pageParam, signal }) =>
      call(promptRoutes.listVersions, {
        params: { id: projectId, promptId: promptId! },
        query: {
          ...(limit !== undefined && { limit }),
          ...(pageParam !== undefined && { before: pageParam }),
        },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.data),
    enabled: promptId !== null,
  });
}

/** One version with the prompt as it was saved. */
export function usePromptVersion(projectId: number, promptId: number, versionId: number | null) {
  return useQuery({
    queryKey: promptVersionKeys.one(projectId, promptId, versionId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await call(promptRoutes.getVersion, {
          params: { id: projectId, promptId, versionId: versionId! },
          signal,
        })
      ).data,
    enabled: versionId !== null,
    // A version's content only changes while it is the draft: the form reads it fresh.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Changes to a prompt's versions; each waits until the prompt and its versions are read again. */
export function usePromptVersionActions(projectId: number, promptId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['prompts', projectId] });
  const params = { id: projectId, promptId };
  return {
    saveDraft: useMutation({
      mutationFn: async (prompt: PromptData) =>
        (await call(promptRoutes.saveDraft, { params, body: prompt })).data,
      onSuccess: refresh,
    }),
    publish: useMutation({
      mutationFn: async (versionId: number) =>
        (await call(promptRoutes.publishVersion, { params: { ...params, versionId } })).data,
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: async (versionId: number) =>
        (await call(promptRoutes.restoreVersion, { params: { ...params, versionId } })).data,
      onSuccess: refresh,
    }),
    discard: useMutation({
      mutationFn: () => call(promptRoutes.discardDraft, { params }),
      onSuccess: refresh,
    }),
  };
}
