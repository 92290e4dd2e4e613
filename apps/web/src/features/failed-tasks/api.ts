import { analysisRoutes, type FailedTask, type RouteAnswer } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../shared/api/client';

// Routes and shapes: packages/contracts/src/routes/analyses.ts (admin and owner only).

export type FailedTaskRow = z.infer<typeof FailedTask>;
export type FailedTaskPage = RouteAnswer<typeof analysisRoutes.failed>['data'];

export const failedTaskKeys = {
  all: (projectId: number) => ['failed-tasks', projectId] as const,
  page: (projectId: number, page: number, pageSize: number) =>
    ['failed-tasks', projectId, page, pageSize] as const,
};

export function useFailedTasks(projectId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: failedTaskKeys.page(projectId, page, pageSize),
    queryFn: async ({ signal }) =>
      (
        await call(analysisRoutes.failed, {
          params: { id: projectId },
          query: { page, page_size: pageSize },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** After a retry or delete: the failed list and the analyses list (statuses changed) are reloaded. */
function useInvalidate(projectId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: failedTaskKeys.all(projectId) });
    void queryClient.invalidateQueries({ queryKey: ['analyses', projectId] });
  };
}

export function useRetryTasks(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: async (taskIds: number[]) =>
      (await call(analysisRoutes.retry, { params: { id: projectId }, body: { task_ids: taskIds } })).data,
    onSettled: invalidate,
  });
}

export function useDeleteFailedTask(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (taskId: number) => call(analysisRoutes.deleteFailed, { params: { id: projectId, taskId } }),
    onSettled: invalidate,
  });
}
