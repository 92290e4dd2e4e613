import {
  modelRoutes,
  type Project,
  projectRoutes,
  type RepresentativeChannel,
  type TranscriptionChoice,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { projectQueryKey, projectsQueryKey } from '../projects/api';
import { settingsKeys } from './queryKeys';

/**
 * The project as the settings page loads it (every settings field). A failure keeps the server's message,
 * or none, so that the page can fall back to 'Failed to load project data'.
 */
export function useSettingsProject(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.project(projectId),
    queryFn: async ({ signal }) =>
      (await call(projectRoutes.get, { params: { id: projectId }, signal })).data,
    retry: false,
    staleTime: 0,
  });
}

/** Keeps the cached project (list and by id) in step with a saved one. */
function useStoreProject() {
  const queryClient = useQueryClient();
  return (project: Project) => {
    queryClient.setQueryData<Project[]>(projectsQueryKey, (old) =>
      old?.map((p) => (p.id === project.id ? project : p)),
    );
    queryClient.setQueryData(projectQueryKey(project.id), project);
    queryClient.setQueryData(settingsKeys.project(project.id), project);
  };
}

export interface AnalysisSettings {
  phone_metadata_field: string | null;
  keep_skipped_media: boolean;
  default_prompt_id: number | null;
  representative_channel: RepresentativeChannel;
}

export function useSaveAnalysisSettings(projectId: number) {
  const store = useStoreProject();
  return useMutation({
    mutationFn: async (input: AnalysisSettings) =>
      (await call(projectRoutes.update, { params: { id: projectId }, body: input })).data,
    onSuccess: store,
  });
}

/** The speech-to-text services and models a project can choose, and the server's default. */
export function useTranscriptionProviders() {
  return useQuery({
    queryKey: ['models', 'transcription'],
    queryFn: async ({ signal }) => call(modelRoutes.listTranscriptionProviders, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Saves the project's transcription; null: the server's default. */
export function useSaveTranscription(projectId: number) {
  const store = useStoreProject();
  return useMutation({
    mutationFn: async (transcription: TranscriptionChoice | null) =>
      (await call(projectRoutes.update, { params: { id: projectId }, body: { transcription } })).data,
    onSuccess: store,
  });
}

export function useTransferOwnership(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      call(projectRoutes.transferOwnership, { params: { id: projectId }, body: { user_id: userId } }),
    onSuccess: () => {
      // My role changed (owner -> admin): the project and the team are out of date.
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all(projectId) });
    },
  });
}

export function useDeleteProject(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) =>
      call(projectRoutes.remove, { params: { id: projectId }, body: { confirm_name: confirmName } }),
    onSuccess: () => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (old) => old?.filter((p) => p.id !== projectId));
      queryClient.removeQueries({ queryKey: projectQueryKey(projectId) });
      queryClient.removeQueries({ queryKey: settingsKeys.all(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}
