import { projectRoutes, TIMINGS } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

export const projectsQueryKey = ['projects'] as const;
export const projectQueryKey = (id: number) => ['projects', id] as const;

/** The viewer's projects: 2 retries, the first after 1 s (spec 1 §7). */
export function useProjects(enabled = true) {
  return useQuery({
    queryKey: projectsQueryKey,
    queryFn: async () => (await call(projectRoutes.list, {})).data,
    retry: TIMINGS.projectsFetchRetries,
    retryDelay: (attempt) => TIMINGS.projectsFetchRetryDelayMs * 2 ** attempt,
    enabled,
  });
}

export function useProjectById(id: number, enabled: boolean) {
  return useQuery({
    queryKey: projectQueryKey(id),
    queryFn: async () => (await call(projectRoutes.get, { params: { id } })).data,
    retry: false,
    enabled,
  });
}
