import {
  billingRoutes,
  type InvoicePeriod,
  type Project,
  projectRoutes,
  type RouteBody,
  type SummaryMonths,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { projectQueryKey, projectsQueryKey } from '../../shared/app/projects';

export const billingKeys = {
  all: ['billing'] as const,
  project: (projectId: number) => ['billing', projectId, 'project'] as const,
  units: (projectId: number) => ['billing', projectId, 'units'] as const,
  canProcess: (projectId: number) => ['billing', projectId, 'can-process'] as const,
  invoices: (projectId: number, period: InvoicePeriod) => ['billing', projectId, 'invoices', period] as const,
  monthly: (projectId: number, months: number) => ['billing', projectId, 'monthly', months] as const,
  daily: (projectId: number, month: string) => ['billing', projectId, 'daily', month] as const,
  day: (projectId: number, day: string) => ['billing', projectId, 'day', day] as const,
  tariffs: (projectId: number) => ['billing', projectId, 'tariffs'] as const,
  tariff: (tariffId: number) => ['billing-tariff', tariffId] as const,
};

export function useBillingProject(projectId: number) {
  return useQuery({
    queryKey: billingKeys.project(projectId),
    queryFn: async ({ signal }) =>
      (await call(projectRoutes.get, { params: { id: projectId }, signal })).data,
    staleTime: 0,
    retry: false,
  });
}

export function useUnitBundles(projectId: number) {
  return useQuery({
    queryKey: billingKeys.units(projectId),
    queryFn: async ({ signal }) => {
      try {
        return (await call(billingRoutes.units, { params: { id: projectId }, signal })).data;
      } catch (error) {
        // A failed unit load is only logged (spec 2 §8).
        console.warn('Failed to load unit bundles', error);
        return [];
      }
    },
    staleTime: 0,
    retry: false,
  });
}

/** Whether the project can pay for one unit now, from bundles or balance (any member may ask). */
export function useCanAnalyse(projectId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: billingKeys.canProcess(projectId),
    queryFn: async ({ signal }) =>
      (await call(billingRoutes.canProcess, { params: { id: projectId }, query: { units: 1 }, signal })).data
        .can_process,
    staleTime: 30_000,
    retry: false,
  });
}

export function useInvoices(projectId: number, period: InvoicePeriod) {
  return useQuery({
    queryKey: billingKeys.invoices(projectId, period),
    // The server's default period is last30days, so 'all' is sent too.
    queryFn: async ({ signal }) =>
      (await call(billingRoutes.invoices, { params: { id: projectId }, query: { period }, signal })).data,
    staleTime: 0,
    retry: false,
  });
}

export function useMonthlySummaries(projectId: number, months: SummaryMonths) {
  return useQuery({
    queryKey: billingKeys.monthly(projectId, months),
    queryFn: async ({ signal }) =>
      (await call(billingRoutes.monthlySummary, { params: { id: projectId }, query: { months }, signal }))
        .data,
    staleTime: 0,
    retry: false,
  });
}

export function useDailySummary(projectId: number, month: string | null) {
  return useQuery({
    queryKey: billingKeys.daily(projectId, month ?? ''),
    queryFn: async ({ signal }) =>
      (
        await call(billingRoutes.dailySummary, {
          params: { id: projectId },
          query: { month: month ?? '' },
          signal,
        })
      ).data,
    enabled: Boolean(month),
    staleTime: 0,
    retry: false,
  });
}

export function useDayDetails(projectId: number, day: string | null) {
  return useQuery({
    queryKey: billingKeys.day(projectId, day ?? ''),
    queryFn: async ({ signal }) =>
      (await call(billingRoutes.dayDetails, { params: { id: projectId }, query: { day: day ?? '' }, signal }))
        .data,
    enabled: Boolean(day),
    staleTime: 0,
    retry: false,
  });
}

/** Public plans plus the project's assigned plan. */
export function useTariffPlans(projectId: number) {
  return useQuery({
    queryKey: billingKeys.tariffs(projectId),
    queryFn: async ({ signal }) =>
      (await call(billingRoutes.tariffs, { query: { project_id: projectId }, signal })).data,
    staleTime: 0,
    retry: false,
  });
}

/** The current plan when it is not in the list (GET /billing/tariffs/{id}). */
export function useTariffPlan(tariffId: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.tariff(tariffId ?? 0),
    queryFn: async ({ signal }) =>
      (await call(billingRoutes.tariff, { params: { id: tariffId ?? 0 }, signal })).data,
    enabled: enabled && typeof tariffId === 'number' && tariffId > 0,
    retry: false,
  });
}

function useStoreProject() {
  const queryClient = useQueryClient();
  return (project: Project) => {
    queryClient.setQueryData(billingKeys.project(project.id), project);
    queryClient.setQueryData(projectQueryKey(project.id), project);
    queryClient.setQueryData<Project[]>(projectsQueryKey, (old) =>
      old?.map((p) => (p.id === project.id ? { ...p, ...project } : p)),
    );
  };
}

/** The balance card's switch: sends only use_balance_for_analysis, so nothing else changes. */
export function useSetBalanceUsage(projectId: number) {
  const store = useStoreProject();
  return useMutation({
    mutationFn: async (value: boolean) =>
      (
        await call(projectRoutes.update, {
          params: { id: projectId },
          body: { use_balance_for_analysis: value },
        })
      ).data,
    onSuccess: store,
  });
}

export type TopUpPayload = RouteBody<typeof billingRoutes.requestTopUp>;

export function useRequestTopUp(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TopUpPayload) => (await call(billingRoutes.requestTopUp, { body })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['billing', projectId, 'invoices'] });
    },
  });
}

export interface PurchaseVariables {
  tariffId: number;
  useBalanceForAnalysis: boolean;
}

export function usePurchasePlan(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tariffId, useBalanceForAnalysis }: PurchaseVariables) =>
      (
        await call(billingRoutes.purchase, {
          params: { id: projectId },
          body: { tariff_id: tariffId, use_balance_for_analysis: useBalanceForAnalysis },
        })
      ).data,
    onSuccess: () => {
      // The project moved to the bought plan: reload the page data (spec 2 §4).
      void queryClient.invalidateQueries({ queryKey: ['billing', projectId] });
      void queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}
