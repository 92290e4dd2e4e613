import { type ApiKey, type ApiKeyType, apiKeyRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { settingsKeys } from '../../shared/api/settingsQueryKeys';

// The API-keys tab (admins and owners, signed in: keys can't manage keys).

export function useApiKeys(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.apiKeys(projectId),
    queryFn: async () => (await call(apiKeyRoutes.list, { params: { id: projectId } })).data,
  });
}

/** Creates a key (name, project id and type, spec 2 §7); the answer has its secret, shown only this once. */
export function useCreateApiKey(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; type: ApiKeyType }) =>
      (
        await call(apiKeyRoutes.create, {
          params: { id: projectId },
          body: { name: input.name, project_id: projectId, type: input.type },
        })
      ).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys(projectId) }),
  });
}

export function useRevokeApiKey(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (keyId: number) =>
      (await call(apiKeyRoutes.revoke, { params: { id: projectId, keyId } })).data,
    onSuccess: (revoked) => {
      queryClient.setQueryData<ApiKey[]>(settingsKeys.apiKeys(projectId), (old) =>
        old?.map((key) => (key.id === revoked.id ? revoked : key)),
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys(projectId) }),
  });
}
