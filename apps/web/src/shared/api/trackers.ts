import {
  type RouteQuery,
  type Tracker,
  type TrackerApplyRange,
  type TrackerCreateRequest,
  type TrackerUpdateRequest,
  trackerRoutes,
} from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

// A project's keyword and smart trackers (issue 38): admins and owners define them in Project Settings → Trackers; every
// member filters the analyses list by them, sees an analysis's hits and their hit rates in analytics.

export type TrackerStatsQuery = RouteQuery<typeof trackerRoutes.stats>;

export const trackerKeys = {
  all: (projectId: number) => ['trackers', projectId] as const,
  list: (projectId: number) => [...trackerKeys.all(projectId), 'list'] as const,
  stats: (projectId: number, query: TrackerStatsQuery) =>
    [...trackerKeys.all(projectId), 'stats', query] as const,
  /** `version` (the analysis's updated_at) reads the hits again after a re-analysis. */
  hits: (projectId: number, taskId: number, version: string) =>
    [...trackerKeys.all(projectId), 'hits', taskId, version] as const,
  estimate: (projectId: number, trackerId: number, range: TrackerApplyRange) =>
    [...trackerKeys.all(projectId), 'estimate', trackerId, range] as const,
};

/** How often the list is read again while a tracker is being applied to past analyses. */
export const TRACKER_APPLY_POLL_MS = 3000;

export const isApplying = (tracker: Tracker) => tracker.apply.status === 'running';

/**
 * The project's trackers by name. Read again every TRACKER_APPLY_POLL_MS while one is being applied to past
 * analyses, so its progress and hit count move without reloading.
 */
export function useTrackers(projectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: trackerKeys.list(projectId),
    queryFn: async ({ signal }) =>
      (await call(trackerRoutes.list, { params: { id: projectId }, signal })).data,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some(isApplying) && !query.state.error ? TRACKER_APPLY_POLL_MS : false,
  });
}

/** Hit rates per representative, department or month (null: not asked for yet). */
export function useTrackerStats(projectId: number, query: TrackerStatsQuery | null) {
  return useQuery({
    queryKey: trackerKeys.stats(projectId, query ?? { group_by: 'representative' }),
    queryFn: async ({ signal }) =>
      (await call(trackerRoutes.stats, { params: { id: projectId }, query: query!, signal })).data,
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The trackers a completed analysis hit, with their moments (`version`: the analysis's updated_at). */
export function useAnalysisTrackerHits(projectId: number, taskId: number, version: string, enabled: boolean) {
  return useQuery({
    queryKey: trackerKeys.hits(projectId, taskId, version),
    queryFn: async ({ signal }) =>
      (await call(trackerRoutes.analysisHits, { params: { id: projectId, taskId }, signal })).data,
    enabled,
  });
}

function useInvalidateTrackers(projectId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trackerKeys.all(projectId) });
}

/** Adds a tracker; the server applies it to past analyses in the background. */
export function useCreateTracker(projectId: number) {
  const invalidate = useInvalidateTrackers(projectId);
  return useMutation({
    mutationFn: async (body: TrackerCreateRequest) =>
      (await call(trackerRoutes.create, { params: { id: projectId }, body })).data,
    onSettled: invalidate,
  });
}

/** Changes a tracker; a change of what it matches applies it anew to past analyses. */
export function useUpdateTracker(projectId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTrackers(projectId);
  return useMutation({
    mutationFn: async ({ trackerId, body }: { trackerId: number; body: TrackerUpdateRequest }) =>
      (await call(trackerRoutes.update, { params: { id: projectId, trackerId }, body })).data,
    onSuccess: (updated) => {
      queryClient.setQueryData<Tracker[]>(trackerKeys.list(projectId), (old) =>
        old?.map((tracker) => (tracker.id === updated.id ? updated : tracker)),
      );
    },
    onSettled: invalidate,
  });
}

/** Deletes a tracker and its hits. */
export function useDeleteTracker(projectId: number) {
  const invalidate = useInvalidateTrackers(projectId);
  return useMutation({
    mutationFn: async (trackerId: number) =>
      (await call(trackerRoutes.delete, { params: { id: projectId, trackerId } })).data,
    onSettled: invalidate,
  });
}

/** The price of applying a smart tracker to the range's past analyses (read when the dialog opens). */
export function useTrackerApplyEstimate(projectId: number, trackerId: number, range: TrackerApplyRange) {
  return useQuery({
    queryKey: trackerKeys.estimate(projectId, trackerId, range),
    queryFn: async ({ signal }) =>
      (
        await call(trackerRoutes.applyEstimate, {
          params: { id: projectId, trackerId },
          query: range,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Applies a smart tracker to past analyses: a priced run in the background (its progress is the tracker's). */
export function useApplyTracker(projectId: number) {
  const invalidate = useInvalidateTrackers(projectId);
  return useMutation({
    mutationFn: async ({ trackerId, range }: { trackerId: number; range: TrackerApplyRange }) =>
      (await call(trackerRoutes.apply, { params: { id: projectId, trackerId }, body: range })).data,
    onSettled: invalidate,
  });
}
