import { type Project, type ProjectInput, projectRoutes } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectQueryKey, projectsQueryKey } from '../app/projects';
import { call } from './client';

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
