import { analysisRoutes, analyticsRoutes, type RouteQuery } from '@parley/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from './client';

// Routes and shapes: packages/contracts/src/routes/analytics.ts and analytics/api.ts.

export type DashboardQuery = RouteQuery<typeof analyticsRoutes.dashboard>;
export type FieldsQuery = RouteQuery<typeof analyticsRoutes.fields>;
export type ExploreQuery = RouteQuery<typeof analyticsRoutes.explore>;
export type ChecklistQuery = RouteQuery<typeof analyticsRoutes.checklist>;
export type ManagerDashboardQuery = RouteQuery<typeof analyticsRoutes.managerDashboard>;

/** While existing analyses are being copied into analytics, the pages ask for the progress this often. */
export const BACKFILL_POLL_MS = 3000;

export const analyticsKeys = {
  all: (projectId: number) => ['analytics', projectId] as const,
  status: (projectId: number) => ['analytics', projectId, 'status'] as const,
  dashboard: (projectId: number, query: DashboardQuery) =>
    ['analytics', projectId, 'dashboard', query] as const,
  fields: (projectId: number, query: FieldsQuery) => ['analytics', projectId, 'fields', query] as const,
  explore: (projectId: number, query: ExploreQuery) => ['analytics', projectId, 'explore', query] as const,
  checklist: (projectId: number, query: ChecklistQuery) =>
    ['analytics', projectId, 'checklist', query] as const,
  manager: (projectId: number, query: ManagerDashboardQuery) =>
    ['analytics', projectId, 'manager', query] as const,
};

/** The figures of the analytics pages, with the previous ones shown while new filters load. */
const figures = { placeholderData: keepPreviousData, staleTime: 30_000 } as const;

export function useDashboard(projectId: number, query: DashboardQuery) {
  return useQuery({
    queryKey: analyticsKeys.dashboard(projectId, query),
    queryFn: async ({ signal }) =>
      (await call(analyticsRoutes.dashboard, { params: { id: projectId }, query, signal })).data,
    ...figures,
  });
}

export function useAnalyticsFields(projectId: number, query: FieldsQuery | null) {
  return useQuery({
    queryKey: analyticsKeys.fields(projectId, query ?? { prompt_id: 0 }),
    queryFn: async ({ signal }) =>
      (await call(analyticsRoutes.fields, { params: { id: projectId }, query: query!, signal })).data,
    enabled: query !== null,
    ...figures,
  });
}

export function useExplorer(projectId: number, query: ExploreQuery | null) {
  return useQuery({
    queryKey: analyticsKeys.explore(projectId, query ?? { prompt_id: 0, field: '' }),
    queryFn: async ({ signal }) =>
      (await call(analyticsRoutes.explore, { params: { id: projectId }, query: query!, signal })).data,
    enabled: query !== null,
    ...figures,
  });
}

export function useChecklist(projectId: number, query: ChecklistQuery | null) {
  return useQuery({
    queryKey: analyticsKeys.checklist(projectId, query ?? { prompt_id: 0 }),
    queryFn: async ({ signal }) =>
      (await call(analyticsRoutes.checklist, { params: { id: projectId }, query: query!, signal })).data,
    enabled: query !== null,
    ...figures,
  });
}

/** The manager dashboard's comparison of periods; null until it is generated. */
export function useManagerDashboard(projectId: number, query: ManagerDashboardQuery | null) {
  return useQuery({
    queryKey: analyticsKeys.manager(projectId, query ?? { prompt_id: 0, period: [] }),
    queryFn: async ({ signal }) =>
      (await call(analyticsRoutes.managerDashboard, { params: { id: projectId }, query: query!, signal }))
        .data,
    enabled: query !== null,
    ...figures,
  });
}

/** Progress of copying existing analyses into analytics, asked again every few seconds while it runs. */
export function useAnalyticsStatus(projectId: number) {
  return useQuery({
    queryKey: analyticsKeys.status(projectId),
    queryFn: async ({ signal }) =>
      (await call(analyticsRoutes.status, { params: { id: projectId }, signal })).data.backfill,
    refetchInterval: (query) => (query.state.data?.running ? BACKFILL_POLL_MS : false),
    retry: false,
  });
}

/** Whether the project has any analysis at all (whatever its status): a project without is just starting. */
export function useHasAnalyses(projectId: number) {
  return useQuery({
    queryKey: ['analyses', projectId, 'list', 'any'],
    queryFn: async ({ signal }) =>
      (
        await call(analysisRoutes.list, {
          params: { id: projectId },
          query: { page: 1, page_size: 1 },
          signal,
        })
      ).data.total > 0,
    staleTime: 30_000,
  });
}
