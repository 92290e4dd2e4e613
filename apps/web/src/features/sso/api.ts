import { type SsoConnection, type SsoConnectionInput, ssoRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

export const ssoKeys = { all: ['sso-connections'] as const };

export function useSsoConnections() {
  return useQuery({
    queryKey: ssoKeys.all,
    queryFn: async ({ signal }) => (await call(ssoRoutes.list, { signal })).data,
  });
}

/** A change to one connection: the answer is the whole connection, put in the list in place. */
function useConnectionMutation<V>(request: (input: V) => Promise<{ data: SsoConnection }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ data }) =>
      queryClient.setQueryData<SsoConnection[]>(ssoKeys.all, (list = []) =>
        list.some((c) => c.id === data.id) ? list.map((c) => (c.id === data.id ? data : c)) : [...list, data],
      ),
  });
}

export type ConnectionSettings = Omit<SsoConnectionInput, 'protocol'> & {
  protocol?: SsoConnectionInput['protocol'];
};

export const useCreateConnection = () =>
  useConnectionMutation((body: SsoConnectionInput) => call(ssoRoutes.create, { body }));

export const useUpdateConnection = (connectionId: number) =>
  useConnectionMutation((body: Partial<ConnectionSettings> & { enabled?: boolean; require_sso?: boolean }) =>
    call(ssoRoutes.update, { params: { connectionId }, body }),
  );

export const useAddDomain = (connectionId: number) =>
  useConnectionMutation((domain: string) =>
    call(ssoRoutes.addDomain, { params: { connectionId }, body: { domain } }),
  );

export const useVerifyDomain = (connectionId: number) =>
  useConnectionMutation(({ domainId, force }: { domainId: number; force: boolean }) =>
    call(ssoRoutes.verifyDomain, { params: { connectionId, domainId }, body: force ? { force } : {} }),
  );

export const useRemoveDomain = (connectionId: number) =>
  useConnectionMutation((domainId: number) =>
    call(ssoRoutes.removeDomain, { params: { connectionId, domainId } }),
  );

export const useAddMapping = (connectionId: number) =>
  useConnectionMutation(
    (body: { group_name: string; project_id: number; role: SsoConnection['mappings'][number]['role'] }) =>
      call(ssoRoutes.addMapping, { params: { connectionId }, body }),
  );

export const useRemoveMapping = (connectionId: number) =>
  useConnectionMutation((mappingId: number) =>
    call(ssoRoutes.removeMapping, { params: { connectionId, mappingId } }),
  );

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: number) => call(ssoRoutes.remove, { params: { connectionId } }),
    onSuccess: (_answer, connectionId) =>
      queryClient.setQueryData<SsoConnection[]>(ssoKeys.all, (list = []) =>
        list.filter((c) => c.id !== connectionId),
      ),
  });
}
