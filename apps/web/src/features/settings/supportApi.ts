import { type SupportAccess, type SupportAccessUnit, supportRoutes } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { settingsKeys } from '../../shared/api/settingsQueryKeys';

// The support-access tab: its state (admins and owners), granting, ending and the audit (owners).

export function useSupportAccess(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.support(projectId),
    queryFn: async () => (await call(supportRoutes.status, { params: { id: projectId } })).data,
  });
}

export function useSupportAudit(projectId: number, page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.audit(projectId, page, pageSize),
    queryFn: async () =>
      (await call(supportRoutes.audit, { params: { id: projectId }, query: { page, page_size: pageSize } }))
        .data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useStoreSupport(projectId: number) {
  const queryClient = useQueryClient();
  return (access: SupportAccess) => {
    queryClient.setQueryData(settingsKeys.support(projectId), access);
    void queryClient.invalidateQueries({ queryKey: settingsKeys.allAudit(projectId) });
  };
}

export function useGrantSupport(projectId: number) {
  const store = useStoreSupport(projectId);
  return useMutation({
    mutationFn: async (input: { duration: number; unit: SupportAccessUnit }) =>
      (await call(supportRoutes.grant, { params: { id: projectId }, body: input })).data,
    onSuccess: store,
  });
}

export function useRevokeSupport(projectId: number) {
  const store = useStoreSupport(projectId);
  return useMutation({
    mutationFn: async () => (await call(supportRoutes.revoke, { params: { id: projectId } })).data,
    onSuccess: store,
  });
}
