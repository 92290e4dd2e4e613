import { type Project, type ProjectInput, projectRoutes, TIMINGS } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

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

export type ProjectPayload = {
  name: string;
  description: string;
  role: NonNullable<ProjectInput['role']>;
  timezone: NonNullable<ProjectInput['timezone']>;
};

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProjectPayload) => (await call(projectRoutes.create, { body: input })).data,
    onSuccess: (project) => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (old) => (old ? [...old, project] : old));
      queryClient.setQueryData(projectQueryKey(project.id), project);
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}

export function useUpdateProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProjectPayload) =>
      (await call(projectRoutes.update, { params: { id }, body: input })).data,
    onSuccess: (project) => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (old) =>
        old?.map((p) => (p.id === project.id ? project : p)),
      );
      queryClient.setQueryData(projectQueryKey(project.id), project);
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}
