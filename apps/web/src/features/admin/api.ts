import type { AdminInvoice, AdminProject, Invoice, InvoiceType, TariffPlan } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../shared/api/client';

// Super admin routes: packages/contracts/src/billing/api.ts (GET/POST /admin/...).

export const adminKeys = {
  all: ['admin'] as const,
  pending: ['admin', 'invoices', 'pending'] as const,
  tariffs: ['admin', 'tariffs'] as const,
  projects: ['admin', 'projects'] as const,
};

export function usePendingTopUps(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.pending,
    queryFn: () => apiData<AdminInvoice[]>('/admin/billing/invoices?status=pending'),
    enabled,
    staleTime: 0,
  });
}

export function useAdminTariffs(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.tariffs,
    queryFn: () => apiData<TariffPlan[]>('/admin/billing/tariffs'),
    enabled,
    staleTime: 0,
  });
}

export function useAdminProjects(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.projects,
    queryFn: () => apiData<AdminProject[]>('/admin/projects'),
    enabled,
    staleTime: 0,
  });
}

/** After any billing change: the admin lists and the billing views of every project are out of date. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['billing'] });
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
  };
}

export function useDecideTopUp() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({
      invoice,
      decision,
      reason,
    }: {
      invoice: AdminInvoice;
      decision: 'approve' | 'reject';
      reason?: string;
    }) =>
      apiData<Invoice>(`/admin/billing/invoices/${invoice.id}/${decision}`, {
        method: 'POST',
        body: decision === 'reject' ? { reason: reason?.trim() || undefined } : {},
      }),
    // Also on failure: a request already decided elsewhere must leave the lists.
    onSettled: refresh,
  });
}

export interface TariffPlanPayload {
  name: string;
  description: string;
  price: string;
  price_per_minute: string;
  included_minutes: number;
  validity_period: number | null;
  is_default: boolean;
  public: boolean;
  currency: string;
}

export function useSaveTariff() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, plan }: { id?: number; plan: TariffPlanPayload }) =>
      apiData<TariffPlan>(id ? `/admin/billing/tariffs/${id}` : '/admin/billing/tariffs', {
        method: id ? 'PUT' : 'POST',
        body: plan,
      }),
    onSuccess: refresh,
  });
}

export function useAssignTariff() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ projectId, tariffId }: { projectId: number; tariffId: number }) =>
      apiData<AdminProject>(`/admin/projects/${projectId}/tariff`, {
        method: 'PUT',
        body: { tariff_id: tariffId },
      }),
    onSuccess: refresh,
  });
}

export function useAdjustBalance() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({
      projectId,
      type,
      amount,
      reason,
    }: {
      projectId: number;
      type: InvoiceType;
      amount: string;
      reason: string;
    }) =>
      apiData<Invoice>(`/admin/projects/${projectId}/adjustments`, {
        method: 'POST',
        body: { type, amount, reason },
      }),
    onSuccess: refresh,
  });
}
