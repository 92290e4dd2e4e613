import type { InviteInfo, MemberRole } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../shared/api/client';
import { projectsQueryKey } from '../projects/api';

// GET /invites/{token} (public) and POST /invites/{token}/accept (signed in with the invited email).

export function useInviteInfo(token: string) {
  return useQuery({
    queryKey: ['invites', token],
    queryFn: () => apiData<InviteInfo>(`/invites/${encodeURIComponent(token)}`),
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
    mutationFn: () =>
      apiData<{ project_id: number; role: MemberRole }>(`/invites/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}
