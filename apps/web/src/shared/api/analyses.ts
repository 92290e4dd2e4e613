import {
  type AnalysisDetail,
  type AnalysisListItem,
  analysisRoutes,
  FINAL_TASK_STATUSES,
  type RouteAnswer,
  type SpeakerRole,
  TaskEvent,
} from '@parley/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { type LiveState, useEventSource } from '../hooks/useEventSource';
import { apiQuery, type ListView } from './analysisListQuery';
import { call, urlOf } from './client';
import { fetchPrompt } from './prompts';
import { type UploadPromptOption, uploadPromptsQuery } from './upload';

// Routes and shapes: packages/contracts/src/routes/analyses.ts.

export type AnalysisRow = z.infer<typeof AnalysisListItem>;
export type TaskChange = z.infer<typeof TaskEvent>;
export type PromptChoice = UploadPromptOption;
export type AnalysisPage = RouteAnswer<typeof analysisRoutes.list>['data'];

export const analysisKeys = {
  all: (projectId: number) => ['analyses', projectId] as const,
  lists: (projectId: number) => ['analyses', projectId, 'list'] as const,
  list: (projectId: number, query: ReturnType<typeof apiQuery>) =>
    ['analyses', projectId, 'list', query] as const,
  detail: (projectId: number, taskId: number) => ['analyses', projectId, 'detail', taskId] as const,
  prompt: (projectId: number, promptId: number) => ['analyses', projectId, 'prompt', promptId] as const,
};

export const eventsUrl = (projectId: number) => urlOf(analysisRoutes.events, { params: { id: projectId } });
export const analysisPath = (projectId: number, taskId: number) =>
  `/projects/${projectId}/analysis/${taskId}`;

export function useAnalysisList(projectId: number, view: ListView) {
  const query = apiQuery(view);
  return useQuery({
    queryKey: analysisKeys.list(projectId, query),
    queryFn: async ({ signal }) =>
      (await call(analysisRoutes.list, { params: { id: projectId }, query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAnalysis(projectId: number, taskId: number) {
  return useQuery({
    queryKey: analysisKeys.detail(projectId, taskId),
    queryFn: async ({ signal }) =>
      (await call(analysisRoutes.detail, { params: { id: projectId, taskId }, signal })).data,
    enabled: Number.isInteger(taskId) && taskId > 0,
  });
}

/** The prompts a member may analyse with (the filter's and the re-analyse dialog's choices). */
export function usePromptChoices(projectId: number, enabled = true) {
  return useQuery({ ...uploadPromptsQuery(projectId), staleTime: 60_000, enabled });
}

/**
 * A prompt as it is now (for a classification analysis: the field definitions of the prompt it chose, which
 * the detail's snapshot does not carry).
 */
export function usePrompt(projectId: number, promptId: number | null) {
  return useQuery({
    queryKey: analysisKeys.prompt(projectId, promptId ?? 0),
    queryFn: ({ signal }) => fetchPrompt(projectId, promptId ?? 0, signal),
    enabled: promptId !== null && promptId > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useReanalyze(projectId: number, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promptId: number) =>
      call(analysisRoutes.reanalyze, { params: { id: projectId, taskId }, body: { prompt_id: promptId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: analysisKeys.lists(projectId) });
    },
  });
}

/**
 * Sets who each speaker is (every speaker's role); the answer (roles and metrics per role) goes into the
 * cached detail at once, and the detail is reloaded for whatever else the server recomputed.
 */
export function useSaveSpeakerRoles(projectId: number, taskId: number) {
  const queryClient = useQueryClient();
  const key = analysisKeys.detail(projectId, taskId);
  return useMutation({
    mutationFn: async (roles: Record<string, SpeakerRole>) =>
      (await call(analysisRoutes.speakerRoles, { params: { id: projectId, taskId }, body: { roles } })).data,
    onSuccess: (speakerRoles) => {
      queryClient.setQueryData<AnalysisDetail>(key, (detail) =>
        detail ? { ...detail, speaker_roles: speakerRoles } : detail,
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

const isFinal = (status: string) => (FINAL_TASK_STATUSES as readonly string[]).includes(status);

export interface AppliedChange {
  /** The task is on a cached list page or its detail is cached. */
  known: boolean;
  /** The cache showed another status (stage and progress changes within a status do not count). */
  statusChanged: boolean;
  /** The task reached a final status (completed, failed, skipped) that the cache did not show yet. */
  finished: boolean;
}

/**
 * Applies a task event to every cached list page and the task's cached detail: status, stage and progress
 * change in place. After `finished` the caller reloads what an event cannot carry (score, title, result).
 */
export function applyTaskChange(
  queryClient: QueryClient,
  projectId: number,
  change: TaskChange,
): AppliedChange {
  let known = false;
  let statusChanged = false;
  const progress = Math.min(100, Math.max(0, change.progress));
  const patch = <T extends { status: string; stage: unknown; progress: number }>(item: T): T => {
    known = true;
    if (item.status !== change.status) statusChanged = true;
    return { ...item, status: change.status, stage: change.stage, progress };
  };
  queryClient.setQueriesData<AnalysisPage>({ queryKey: analysisKeys.lists(projectId) }, (page) =>
    page?.items.some((item) => item.id === change.task_id)
      ? { ...page, items: page.items.map((item) => (item.id === change.task_id ? patch(item) : item)) }
      : page,
  );
  queryClient.setQueryData<AnalysisDetail>(analysisKeys.detail(projectId, change.task_id), (detail) =>
    detail ? patch(detail) : detail,
  );
  return { known, statusChanged, finished: isFinal(change.status) && (!known || statusChanged) };
}

export interface TaskEventHandlers {
  /** After the change was applied to the cache. */
  onChange?: (change: TaskChange, applied: AppliedChange) => void;
  /** The stream opened (first time or after a drop): changes before it were missed. */
  onOpen?: () => void;
}

/** Live task changes of the project (SSE), applied to the cached list pages and details as they come. */
export function useTaskEvents(projectId: number, handlers: TaskEventHandlers, enabled = true): LiveState {
  const queryClient = useQueryClient();
  const onTask = useCallback(
    (data: unknown) => {
      const event = TaskEvent.safeParse(data);
      if (!event.success) return;
      const applied = applyTaskChange(queryClient, projectId, event.data);
      handlers.onChange?.(event.data, applied);
    },
    [queryClient, projectId, handlers],
  );
  return useEventSource(enabled ? eventsUrl(projectId) : null, {
    events: { task: onTask },
    onOpen: handlers.onOpen,
  });
}
