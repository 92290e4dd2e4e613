import type { FailedTask } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiData } from '../../shared/api/client';

// Routes and shapes: packages/contracts/src/analyses/api.ts and detail.ts (admin and owner only).

export type FailedTaskRow = z.infer<typeof FailedTask>;
export interface FailedTaskPage {
  items: FailedTaskRow[];
  total: number;
  page: number;
  page_size: number;
}

export const failedTaskKeys = {
  all: (projectId: number) => ['failed-tasks', projectId] as const,
  page: (projectId: number, page: number, pageSize: number) =>
    ['failed-tasks', projectId, page, pageSize] as const,
};

export function useFailedTasks(projectId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: failedTaskKeys.page(projectId, page, pageSize),
    queryFn: ({ signal }) =>
      apiData<FailedTaskPage>(`/projects/${projectId}/failed-tasks?page=${page}&page_size=${pageSize}`, {
        signal,
      }),
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
    mutationFn: (taskIds: number[]) =>
      apiData<{ retried: number }>(`/projects/${projectId}/failed-tasks/retry`, {
        method: 'POST',
        body: { task_ids: taskIds },
      }),
    onSettled: invalidate,
  });
}

export function useDeleteFailedTask(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (taskId: number) =>
      apiData<{ ok: true }>(`/projects/${projectId}/failed-tasks/${taskId}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}
