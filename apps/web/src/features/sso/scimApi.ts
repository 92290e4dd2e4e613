import { type ScimProvisioning, scimRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

// The SCIM provisioning of an SSO connection (its owner or the super admin).

const scimKey = (connectionId: number) => ['sso', connectionId, 'scim'] as const;

export function useScimProvisioning(connectionId: number) {
  return useQuery({
    queryKey: scimKey(connectionId),
    queryFn: async () => (await call(scimRoutes.get, { params: { connectionId } })).data,
  });
}

/** Generates the token (the one before stops working); the answer holds the secret, shown only this once. */
export function useCreateScimToken(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(scimRoutes.createToken, { params: { connectionId } })).data,
    onSuccess: ({ secret: _secret, ...provisioning }) =>
      queryClient.setQueryData<ScimProvisioning>(scimKey(connectionId), provisioning),
  });
}

export function useRevokeScimToken(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(scimRoutes.revokeToken, { params: { connectionId } })).data,
    onSuccess: (provisioning) => queryClient.setQueryData(scimKey(connectionId), provisioning),
  });
}
