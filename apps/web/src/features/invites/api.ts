import { memberRoutes } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { projectsQueryKey } from '../../shared/app/projects';

// The invitation link: its lookup (public) and accepting it (signed in with the invited email).

export function useInviteInfo(token: string) {
  return useQuery({
    queryKey: ['invites', token],
    queryFn: async () => (await call(memberRoutes.inviteInfo, { params: { token } })).data,
    enabled: token !== '',
    retry: false,
    staleTime: 0,
    // Signing out drops every cached query but the session's: keep showing the invitation meanwhile.
    placeholderData: keepPreviousData,
  });
}

export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(memberRoutes.acceptInvite, { params: { token } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}
