import { type CalibrationCreateRequest, type CalibrationStatus, reviewRoutes } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { reviewKeys } from './reviewKeys';

// Calibration sessions (the reviews page, the analysis page, the review form). Routes and shapes:
// packages/contracts/src/routes/reviews.ts and reviews/calibration.ts.

export const calibrationKeys = {
  all: (projectId: number) => ['calibrations', projectId] as const,
  list: (projectId: number, query: CalibrationListQuery) =>
    ['calibrations', projectId, 'list', query] as const,
  detail: (projectId: number, calibrationId: number) =>
    ['calibrations', projectId, 'detail', calibrationId] as const,
};

export interface CalibrationListQuery {
  status?: CalibrationStatus;
  page: number;
  per_page: number;
}

export const calibrationPath = (projectId: number, calibrationId: number) =>
  `/projects/${projectId}/reviews/calibrations/${calibrationId}`;

/** Sessions, open ones first: every one for admins and owners, the caller's own for other members. */
export function useCalibrations(projectId: number, query: CalibrationListQuery) {
  return useQuery({
    queryKey: calibrationKeys.list(projectId, query),
    queryFn: async ({ signal }) =>
      await call(reviewRoutes.listCalibrations, { params: { id: projectId }, query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCalibration(projectId: number, calibrationId: number) {
  return useQuery({
    queryKey: calibrationKeys.detail(projectId, calibrationId),
    queryFn: async ({ signal }) =>
      (await call(reviewRoutes.getCalibration, { params: { id: projectId, calibrationId }, signal })).data,
    enabled: Number.isInteger(calibrationId) && calibrationId > 0,
    staleTime: 0,
  });
}

/** A session changes who sees which reviews of its analysis: its reviews are read again too. */
function useInvalidate(projectId: number) {
  const queryClient = useQueryClient();
  return (taskId: number) => {
    void queryClient.invalidateQueries({ queryKey: calibrationKeys.all(projectId) });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.analysis(projectId, taskId) });
  };
}

export function useCreateCalibration(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: async (body: CalibrationCreateRequest) =>
      (await call(reviewRoutes.createCalibration, { params: { id: projectId }, body })).data,
    onSuccess: (session) => invalidate(session.task_id),
  });
}

export function useCloseCalibration(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: async (calibrationId: number) =>
      (await call(reviewRoutes.closeCalibration, { params: { id: projectId, calibrationId } })).data,
    onSuccess: (session) => invalidate(session.task_id),
  });
}
