import {
  modelRoutes,
  type Project,
  projectRoutes,
  type RepresentativeChannel,
  type TranscriptionChoice,
} from '@parley/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { projectQueryKey, projectsQueryKey } from '../app/projects';
import { readLastProjectId, writeLastProjectId } from '../app/selection';
import { call } from './client';
import { settingsKeys } from './settingsQueryKeys';

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

/** Whether members with the role user see only their own representative's analyses. */
export function useSaveAgentScope(projectId: number) {
  const store = useStoreProject();
  return useMutation({
    mutationFn: async (agentsSeeOwn: boolean) =>
      (
        await call(projectRoutes.update, {
          params: { id: projectId },
          body: { agents_see_own: agentsSeeOwn },
        })
      ).data,
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

/**
 * Drops a deleted project from the cache: it leaves the project list and the selection, and every query of it
 * goes (their keys start with a name and the project's id).
 */
function forgetProject(queryClient: QueryClient, projectId: number) {
  queryClient.setQueryData<Project[]>(projectsQueryKey, (old) => old?.filter((p) => p.id !== projectId));
  queryClient.removeQueries({ predicate: (query) => query.queryKey[1] === projectId });
  void queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
}

/**
 * Deletes the project and leaves its pages for /dashboard. The project is forgotten only once its pages are
 * gone (this hook's component with them): while they are shown, a project list without it would make them
 * load it again by id, and its queries again, each answering 404. Left before the answer came, it is forgotten
 * at once.
 */
export function useDeleteProject(projectId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const state = useRef({ deleted: false, left: false });
  useEffect(() => {
    const current = state.current;
    current.left = false;
    return () => {
      current.left = true;
      if (current.deleted) forgetProject(queryClient, projectId);
    };
  }, [queryClient, projectId]);
  return useMutation({
    mutationFn: (confirmName: string) =>
      call(projectRoutes.remove, { params: { id: projectId }, body: { confirm_name: confirmName } }),
    onSuccess: () => {
      if (readLastProjectId() === projectId) writeLastProjectId(null);
      if (state.current.left) {
        forgetProject(queryClient, projectId);
        return;
      }
      state.current.deleted = true;
      void queryClient.cancelQueries({ predicate: (query) => query.queryKey[1] === projectId });
      void navigate('/dashboard', { replace: true });
    },
  });
}
