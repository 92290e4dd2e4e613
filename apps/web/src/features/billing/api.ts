import {
  DailySummaryResponse,
  DayDetailsResponse,
  type Invoice,
  type InvoicePeriod,
  MonthlySummaryResponse,
  type Project,
  type SummaryMonths,
  type TariffPlan,
  type UnitBundle,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiData, apiRequest } from '../../shared/api/client';
import { projectQueryKey, projectsQueryKey } from '../projects/api';

// Routes and shapes: packages/contracts/src/billing/api.ts (and GET/PUT /projects/{id}).

export const billingKeys = {
  all: ['billing'] as const,
  project: (projectId: number) => ['billing', projectId, 'project'] as const,
  units: (projectId: number) => ['billing', projectId, 'units'] as const,
  invoices: (projectId: number, period: InvoicePeriod) => ['billing', projectId, 'invoices', period] as const,
  monthly: (projectId: number, months: number) => ['billing', projectId, 'monthly', months] as const,
  daily: (projectId: number, month: string) => ['billing', projectId, 'daily', month] as const,
  day: (projectId: number, day: string) => ['billing', projectId, 'day', day] as const,
  tariffs: (projectId: number) => ['billing', projectId, 'tariffs'] as const,
  tariff: (tariffId: number) => ['billing-tariff', tariffId] as const,
};

/** A response the screen can't use (wrong shape); shown with the screen's own 'invalid data' text. */
export class InvalidBillingData extends Error {
  constructor(what: string) {
    super(`Invalid ${what}`);
    this.name = 'InvalidBillingData';
  }
}

type RecordLike = Record<string, unknown>;
const isRecord = (value: unknown): value is RecordLike =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The project of a GET /projects/{id} answer: under data, under project, under data.project, or bare. */
export function unwrapProject(body: unknown): Project | null {
  if (!isRecord(body)) return null;
  const candidates = [isRecord(body.data) ? body.data.project : undefined, body.data, body.project, body];
  for (const candidate of candidates) {
    if (isRecord(candidate) && ('id' in candidate || 'current_balance' in candidate)) {
      return candidate as unknown as Project;
    }
  }
  return null;
}

/** A tariff plan whose id may arrive as ID (spec 2 §3); id stays undefined when it has neither. */
export type PlanView = Omit<TariffPlan, 'id'> & { id: number | undefined };

export function normalizePlan(raw: unknown): PlanView {
  const record = (isRecord(raw) ? raw : {}) as RecordLike;
  const id = Number(record.id ?? record.ID);
  return {
    ...(record as unknown as TariffPlan),
    id: Number.isInteger(id) && id > 0 ? id : undefined,
    name: String(record.name ?? ''),
    description: String(record.description ?? ''),
    price: Number(record.price ?? 0),
    price_per_minute: Number(record.price_per_minute ?? 0),
    included_minutes: Number(record.included_minutes ?? 0),
    validity_period:
      record.validity_period === null || record.validity_period === undefined
        ? null
        : Number(record.validity_period),
    is_default: Boolean(record.is_default),
    public: record.public === undefined ? true : Boolean(record.public),
    currency: String(record.currency ?? 'USD'),
  };
}

/**
 * The invoices of a list answer: a bare array, or under invoices, data or data.invoices (spec 2 §3). A
 * valid invoice has a numeric amount and string currency, description and process_date (or ProcessDate);
 * others are left out. An answer without any list is a load error.
 */
export function normalizeInvoiceList(body: unknown): Invoice[] {
  let list: unknown;
  if (Array.isArray(body)) list = body;
  else if (isRecord(body)) {
    if (Array.isArray(body.invoices)) list = body.invoices;
    else if (Array.isArray(body.data)) list = body.data;
    else if (isRecord(body.data) && Array.isArray(body.data.invoices)) list = body.data.invoices;
  }
  if (!Array.isArray(list)) throw new InvalidBillingData('invoice list');
  const invoices: Invoice[] = [];
  for (const raw of list) {
    if (!isRecord(raw)) continue;
    const processDate = raw.process_date ?? raw.ProcessDate;
    if (
      typeof raw.amount !== 'number' ||
      typeof raw.currency !== 'string' ||
      typeof raw.description !== 'string' ||
      typeof processDate !== 'string'
    ) {
      continue;
    }
    invoices.push({
      ...(raw as unknown as Invoice),
      id: Number(raw.id ?? raw.ID),
      process_date: processDate,
      minutes_used: Number(raw.minutes_used ?? 0),
      unit_amount: Number(raw.unit_amount ?? 0),
    });
  }
  return invoices;
}

export async function fetchBillingProject(projectId: number): Promise<Project | null> {
  return unwrapProject(await apiRequest<unknown>(`/projects/${projectId}`));
}

export function useBillingProject(projectId: number) {
  return useQuery({
    queryKey: billingKeys.project(projectId),
    queryFn: () => fetchBillingProject(projectId),
    staleTime: 0,
    retry: false,
  });
}

export function useUnitBundles(projectId: number) {
  return useQuery({
    queryKey: billingKeys.units(projectId),
    queryFn: async () => {
      try {
        return await apiData<UnitBundle[]>(`/projects/${projectId}/billing/units`);
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

export function useInvoices(projectId: number, period: InvoicePeriod) {
  return useQuery({
    queryKey: billingKeys.invoices(projectId, period),
    // The server's default period is last30days, so 'all' is sent too.
    queryFn: async () =>
      normalizeInvoiceList(
        await apiRequest<unknown>(
          `/projects/${projectId}/billing/invoices?period=${encodeURIComponent(period)}`,
        ),
      ),
    staleTime: 0,
    retry: false,
  });
}

function parseData<D>(schema: z.ZodType<{ data: D }>, body: unknown, what: string): D {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InvalidBillingData(what);
  return parsed.data.data;
}

export function useMonthlySummaries(projectId: number, months: SummaryMonths) {
  return useQuery({
    queryKey: billingKeys.monthly(projectId, months),
    queryFn: async () =>
      parseData(
        MonthlySummaryResponse,
        await apiRequest<unknown>(`/projects/${projectId}/billing/summaries/monthly?months=${months}`),
        'monthly summaries',
      ),
    staleTime: 0,
    retry: false,
  });
}

export function useDailySummary(projectId: number, month: string | null) {
  return useQuery({
    queryKey: billingKeys.daily(projectId, month ?? ''),
    queryFn: async () =>
      parseData(
        DailySummaryResponse,
        await apiRequest<unknown>(
          `/projects/${projectId}/billing/summaries/daily?month=${encodeURIComponent(month ?? '')}`,
        ),
        'daily summary',
      ),
    enabled: Boolean(month),
    staleTime: 0,
    retry: false,
  });
}

export function useDayDetails(projectId: number, day: string | null) {
  return useQuery({
    queryKey: billingKeys.day(projectId, day ?? ''),
    queryFn: async () =>
      parseData(
        DayDetailsResponse,
        await apiRequest<unknown>(
          `/projects/${projectId}/billing/summaries/day?day=${encodeURIComponent(day ?? '')}`,
        ),
        'day details',
      ),
    enabled: Boolean(day),
    staleTime: 0,
    retry: false,
  });
}

/** Public plans plus the project's assigned plan. */
export function useTariffPlans(projectId: number) {
  return useQuery({
    queryKey: billingKeys.tariffs(projectId),
    queryFn: async () =>
      (await apiData<unknown[]>(`/billing/tariffs?project_id=${projectId}`)).map(normalizePlan),
    staleTime: 0,
    retry: false,
  });
}

/** The current plan when it is not in the list (GET /billing/tariffs/{id}). */
export function useTariffPlan(tariffId: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.tariff(tariffId ?? 0),
    queryFn: async () => normalizePlan(await apiData<unknown>(`/billing/tariffs/${tariffId}`)),
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
      unwrapProject(
        await apiRequest<unknown>(`/projects/${projectId}`, {
          method: 'PUT',
          body: { use_balance_for_analysis: value },
        }),
      ),
    onSuccess: (project) => {
      if (project) store(project);
    },
  });
}

export interface TopUpPayload {
  amount: number;
  reference_id: string;
  description: string;
  type: 'credit';
  project_id: number;
  approval_required: true;
  status: 'pending';
}

export function useRequestTopUp(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TopUpPayload) =>
      apiData<Invoice>('/billing/invoices', { method: 'POST', body: payload }),
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
    mutationFn: ({ tariffId, useBalanceForAnalysis }: PurchaseVariables) =>
      apiData<unknown>(`/projects/${projectId}/billing/purchase`, {
        method: 'POST',
        body: { tariff_id: tariffId, use_balance_for_analysis: useBalanceForAnalysis },
      }),
    onSuccess: () => {
      // The project moved to the bought plan: reload the page data (spec 2 §4).
      void queryClient.invalidateQueries({ queryKey: ['billing', projectId] });
      void queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}
