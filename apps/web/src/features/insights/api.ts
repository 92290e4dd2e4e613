import {
  type FieldContextQuery,
  type InsightForm,
  type InsightListResponse,
  insightRequestOf,
  insightRoutes,
  type ModelInfo,
  modelRoutes,
  type ProviderId,
  type ProviderInfo,
  type RouteQuery,
} from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../shared/api/client';
import { isRunning } from './model';

// Routes and shapes: packages/contracts/src/routes/insights.ts and insights/api.ts.

/** A queued or running insight is asked for again this often (its state lives on the server). */
export const INSIGHT_POLL_MS = 2000;

export type InsightPage = z.infer<typeof InsightListResponse>['data'];
export type FieldContextRequest = RouteQuery<typeof insightRoutes.fieldContext>;
export type { FieldContextQuery };

export const insightKeys = {
  all: (projectId: number) => ['insights', projectId] as const,
  lists: (projectId: number) => ['insights', projectId, 'list'] as const,
  list: (projectId: number, page: number, pageSize: number) =>
    ['insights', projectId, 'list', page, pageSize] as const,
  detail: (projectId: number, insightId: number) => ['insights', projectId, 'detail', insightId] as const,
  fieldContext: (projectId: number, query: FieldContextRequest) =>
    ['insights', projectId, 'field-context', query] as const,
  // Not the prompt form's keys: those cache the built-in lists in place of a failed answer, and this form
  // says when a list failed (spec 2 §8 models_load_error).
  providers: ['insights', 'providers'] as const,
  models: (provider: ProviderId) => ['insights', 'providers', provider, 'models'] as const,
};

const CATALOG_STALE_MS = 5 * 60_000;

export function useInsightProviders() {
  return useQuery<ProviderInfo[]>({
    queryKey: insightKeys.providers,
    queryFn: async ({ signal }) => (await call(modelRoutes.listProviders, { signal })).data,
    staleTime: CATALOG_STALE_MS,
    retry: false,
  });
}

export function useInsightModels(provider: ProviderId | null) {
  return useQuery<ModelInfo[]>({
    queryKey: insightKeys.models(provider ?? 'anthropic'),
    queryFn: async ({ signal }) =>
      (await call(modelRoutes.listModels, { params: { provider: provider! }, signal })).data,
    enabled: provider !== null,
    staleTime: CATALOG_STALE_MS,
    retry: false,
  });
}

/** The values of the chosen fields within the form's filters (the field-context panel). */
export function useFieldContext(projectId: number, query: FieldContextRequest | null) {
  return useQuery({
    queryKey: insightKeys.fieldContext(projectId, query ?? { field: [] }),
    queryFn: async ({ signal }) =>
      (await call(insightRoutes.fieldContext, { params: { id: projectId }, query: query!, signal })).data,
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useInsights(projectId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: insightKeys.list(projectId, page, pageSize),
    queryFn: async ({ signal }) =>
      (
        await call(insightRoutes.list, {
          params: { id: projectId },
          query: { page, page_size: pageSize },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    // Statuses in the list move on while insights run.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => isRunning(item.status)) ? INSIGHT_POLL_MS : false,
  });
}

/** An insight, asked for again every 2 s while it is queued or running. */
export function useInsight(projectId: number, insightId: number) {
  return useQuery({
    queryKey: insightKeys.detail(projectId, insightId),
    queryFn: async ({ signal }) =>
      (await call(insightRoutes.get, { params: { id: projectId, insightId }, signal })).data,
    enabled: Number.isInteger(insightId) && insightId > 0,
    refetchInterval: (query) =>
      query.state.data && isRunning(query.state.data.status) ? INSIGHT_POLL_MS : false,
    retry: false,
  });
}

export function useCreateInsight(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: InsightForm) =>
      (await call(insightRoutes.create, { params: { id: projectId }, body: insightRequestOf(form) })).data,
    onSuccess: (insight) => {
      queryClient.setQueryData(insightKeys.detail(projectId, insight.id), insight);
      void queryClient.invalidateQueries({ queryKey: insightKeys.lists(projectId) });
    },
  });
}

export function useDeleteInsight(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (insightId: number) => call(insightRoutes.remove, { params: { id: projectId, insightId } }),
    onSuccess: (_result, insightId) => {
      queryClient.removeQueries({ queryKey: insightKeys.detail(projectId, insightId) });
      void queryClient.invalidateQueries({ queryKey: insightKeys.lists(projectId) });
    },
  });
}
