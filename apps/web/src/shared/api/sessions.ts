import { type SessionLifetimes, sessionRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

// Signed-in browsers: one's own (profile), a member's (owners, team-members tab), their lifetimes (super admin).

const sessionsKey = ['auth', 'sessions'] as const;
const lifetimesKey = ['admin', 'session-lifetimes'] as const;

export function useMySessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await call(sessionRoutes.list, {})).data,
  });
}

function useInvalidateSessions() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: sessionsKey });
}

/** Ends one of my sessions (another browser: the profile lists only the others with this action). */
export function useRevokeSession() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: (sessionId: string) => call(sessionRoutes.revoke, { params: { sessionId } }),
    onSettled: invalidate,
  });
}

export function useSignOutOtherSessions() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: async () => (await call(sessionRoutes.signOutOthers, {})).data,
    onSettled: invalidate,
  });
}

export function useSignOutMember(projectId: number) {
  return useMutation({
    mutationFn: async (userId: number) =>
      (await call(sessionRoutes.signOutMember, { params: { id: projectId, userId } })).data,
  });
}

export function useSessionLifetimes() {
  return useQuery({
    queryKey: lifetimesKey,
    queryFn: async () => (await call(sessionRoutes.lifetimes, {})).data,
  });
}

export function useSaveSessionLifetimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lifetimes: SessionLifetimes) =>
      (await call(sessionRoutes.setLifetimes, { body: lifetimes })).data,
    onSuccess: (saved) => queryClient.setQueryData(lifetimesKey, saved),
  });
}
