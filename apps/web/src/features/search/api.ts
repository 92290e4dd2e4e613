import { type SearchQuery, searchRoutes } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

// Search across a project's transcripts (issue 38): conversations whose transcript holds a phrase, a page at a
// time (the next page after the last one's cursor).

export const searchKeys = {
  all: (projectId: number) => ['search', projectId] as const,
  results: (projectId: number, query: SearchQuery | null) => [...searchKeys.all(projectId), query] as const,
};

/** The results of `query`, page by page (nothing is asked while it is null). */
export function useTranscriptSearch(projectId: number, query: SearchQuery | null) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(projectId, query),
    queryFn: async ({ pageParam, signal }) =>
      (
        await call(searchRoutes.search, {
          params: { id: projectId },
          query: { ...query!, ...(pageParam !== undefined && { cursor: pageParam }) },
          signal,
        })
      ).data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: query !== null,
    // Back from an analysis opened from a result: the pages loaded are still there, not read again.
    staleTime: 5 * 60_000,
  });
}
