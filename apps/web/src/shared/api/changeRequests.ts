import {
  type ChangeRequest,
  type ChangeRequestListQuery,
  type CreateChangeRequest,
  changeRequestRoutes,
  type FieldValue,
} from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { analysisKeys } from './analyses';
import { call } from './client';

// Routes and shapes: packages/contracts/src/routes/change-requests.ts.

export type ProposedValue = z.infer<typeof FieldValue>;

export const changeRequestKeys = {
  all: (projectId: number) => ['change-requests', projectId] as const,
  list: (projectId: number, query: ChangeRequestListQuery) =>
    ['change-requests', projectId, 'list', query] as const,
  openCount: (projectId: number) => ['change-requests', projectId, 'open-count'] as const,
  calibration: (projectId: number, query: z.input<CalibrationQuerySchema>) =>
    ['change-requests', projectId, 'calibration', query] as const,
};
type CalibrationQuerySchema = typeof changeRequestRoutes.calibration.query;

export function useChangeRequests(projectId: number, query: ChangeRequestListQuery, enabled = true) {
  return useQuery({
    queryKey: changeRequestKeys.list(projectId, query),
    queryFn: async ({ signal }) =>
      (await call(changeRequestRoutes.list, { params: { id: projectId }, query, signal })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One request by id (when `enabled`: one linked from elsewhere that the list page does not hold). */
export function useChangeRequest(projectId: number, requestId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...changeRequestKeys.all(projectId), 'one', requestId ?? 0] as const,
    queryFn: async ({ signal }) =>
      (
        await call(changeRequestRoutes.get, {
          params: { id: projectId, requestId: requestId ?? 0 },
          signal,
        })
      ).data,
    enabled: enabled && Boolean(requestId),
  });
}

/** The sidebar's badge: asked again every minute and when the window regains focus. */
export function useOpenChangeRequestCount(projectId: number | null) {
  return useQuery({
    queryKey: changeRequestKeys.openCount(projectId ?? 0),
    queryFn: async ({ signal }) =>
      (await call(changeRequestRoutes.openCount, { params: { id: projectId ?? 0 }, signal })).data.open,
    enabled: projectId !== null,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

export function useCalibration(projectId: number, query: z.input<CalibrationQuerySchema> | null) {
  return useQuery({
    queryKey: changeRequestKeys.calibration(projectId, query ?? { prompt_id: 0 }),
    queryFn: async ({ signal }) =>
      (
        await call(changeRequestRoutes.calibration, {
          params: { id: projectId },
          query: query ?? { prompt_id: 0 },
          signal,
        })
      ).data,
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** After a request changed: lists, counts and the analysis it is about (its result may be corrected). */
function useRefresh(projectId: number) {
  const queryClient = useQueryClient();
  return (request: ChangeRequest) => {
    void queryClient.invalidateQueries({ queryKey: changeRequestKeys.all(projectId) });
    void queryClient.invalidateQueries({ queryKey: analysisKeys.detail(projectId, request.task_id) });
    void queryClient.invalidateQueries({ queryKey: analysisKeys.lists(projectId) });
  };
}

export function useCreateChangeRequest(projectId: number, taskId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: async (body: CreateChangeRequest) =>
      (await call(changeRequestRoutes.create, { params: { id: projectId, taskId }, body })).data,
    onSuccess: refresh,
  });
}

export function useApproveChangeRequest(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: async (input: { requestId: number; values?: Record<string, ProposedValue> }) =>
      (
        await call(changeRequestRoutes.approve, {
          params: { id: projectId, requestId: input.requestId },
          body: { values: input.values },
        })
      ).data,
    onSuccess: refresh,
  });
}

export function useRejectChangeRequest(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: async (input: { requestId: number; reason: string }) =>
      (
        await call(changeRequestRoutes.reject, {
          params: { id: projectId, requestId: input.requestId },
          body: { reason: input.reason },
        })
      ).data,
    onSuccess: refresh,
  });
}

export const changeRequestsPath = (projectId: number) => `/projects/${projectId}/change-requests`;
