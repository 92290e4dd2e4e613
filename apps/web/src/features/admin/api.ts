import { type AdminInvoice, adminRoutes, type InvoiceType, type RouteBody } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

export const adminKeys = {
  all: ['admin'] as const,
  pending: ['admin', 'invoices', 'pending'] as const,
  tariffs: ['admin', 'tariffs'] as const,
  projects: ['admin', 'projects'] as const,
};

export function usePendingTopUps(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.pending,
    queryFn: async ({ signal }) =>
      (await call(adminRoutes.invoices, { query: { status: 'pending' }, signal })).data,
    enabled,
    staleTime: 0,
  });
}

export function useAdminTariffs(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.tariffs,
    queryFn: async ({ signal }) => (await call(adminRoutes.tariffs, { signal })).data,
    enabled,
    staleTime: 0,
  });
}

export function useAdminProjects(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.projects,
    queryFn: async ({ signal }) => (await call(adminRoutes.projects, { signal })).data,
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
    mutationFn: async ({
      invoice,
      decision,
      reason,
    }: {
      invoice: AdminInvoice;
      decision: 'approve' | 'reject';
      reason?: string;
    }) => {
      const params = { invoiceId: invoice.id };
      const answer =
        decision === 'approve'
          ? await call(adminRoutes.approve, { params })
          : await call(adminRoutes.reject, { params, body: { reason: reason?.trim() || undefined } });
      return answer.data;
    },
    // Also on failure: a request already decided elsewhere must leave the lists.
    onSettled: refresh,
  });
}

/** What the plan dialog sends, for a new plan or a change (every field). */
export type TariffPlanPayload = RouteBody<typeof adminRoutes.createTariff>;

export function useSaveTariff() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async ({ id, plan }: { id?: number; plan: TariffPlanPayload }) => {
      const answer = id
        ? await call(adminRoutes.updateTariff, { params: { tariffId: id }, body: plan })
        : await call(adminRoutes.createTariff, { body: plan });
      return answer.data;
    },
    onSuccess: refresh,
  });
}

/** Changes some fields of a plan (the starter units card: the default plan's included units and validity). */
export function useUpdateTariff() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async ({
      id,
      changes,
    }: {
      id: number;
      changes: RouteBody<typeof adminRoutes.updateTariff>;
    }) => (await call(adminRoutes.updateTariff, { params: { tariffId: id }, body: changes })).data,
    onSuccess: refresh,
  });
}

export function useAssignTariff() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async ({ projectId, tariffId }: { projectId: number; tariffId: number }) =>
      (await call(adminRoutes.assignTariff, { params: { id: projectId }, body: { tariff_id: tariffId } }))
        .data,
    onSuccess: refresh,
  });
}

export function useAdjustBalance() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async ({
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
      (await call(adminRoutes.adjust, { params: { id: projectId }, body: { type, amount, reason } })).data,
    onSuccess: refresh,
  });
}
