import { twoFactorRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const twoFactorPolicyKey = (projectId: number) => ['twoFactorPolicy', projectId] as const;

/**
 * A project's two-factor rule, as its admins and owners see it; for others there is nothing to ask. The
 * answer is also the probe of ProjectGuard: it fails with 403 `two_factor_required` when the rule holds the
 * caller out.
 */
export function useTwoFactorPolicy(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: twoFactorPolicyKey(projectId),
    queryFn: async ({ signal }) =>
      (await call(twoFactorRoutes.getPolicy, { params: { id: projectId }, signal })).data,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function useSetTwoFactorPolicy(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (required: boolean) =>
      (
        await call(twoFactorRoutes.setPolicy, {
          params: { id: projectId },
          body: { require_two_factor: required },
        })
      ).data,
    onSuccess: (policy) => queryClient.setQueryData(twoFactorPolicyKey(projectId), policy),
  });
}
