import { type MemberRole, type MembersResponse, memberRoutes, reviewRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { projectsQueryKey } from '../app/projects';
import { call } from './client';
import { settingsKeys } from './settingsQueryKeys';

// The team-members tab: members, invitations, roles (admins and owners; every member may leave).

export type MembersData = z.output<typeof MembersResponse>['data'];

export function useMembers(projectId: number, enabled = true) {
  return useQuery({
    queryKey: settingsKeys.members(projectId),
    queryFn: async () => (await call(memberRoutes.list, { params: { id: projectId } })).data,
    enabled,
  });
}

function useInvalidateMembers(projectId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.members(projectId) });
    void queryClient.invalidateQueries({ queryKey: settingsKeys.teamLeaders(projectId) });
  };
}

export function useInvite(projectId: number) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: async (input: { email: string; role: MemberRole }) =>
      (await call(memberRoutes.invite, { params: { id: projectId }, body: input })).data,
    onSuccess: invalidate,
  });
}

export function useRevokeInvite(projectId: number) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: (inviteId: number) =>
      call(memberRoutes.revokeInvite, { params: { id: projectId, inviteId } }),
    onSettled: invalidate,
  });
}

export function useChangeRole(projectId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: number; role: MemberRole }) =>
      (await call(memberRoutes.changeRole, { params: { id: projectId, userId }, body: { role } })).data,
    onSettled: () => {
      invalidate();
      // My own role may have changed.
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}

/** Gives or takes a member's reviewer permission (reviews of analyses, issue 35). */
export function useSetReviewer(projectId: number) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: async ({ userId, reviewer }: { userId: number; reviewer: boolean }) =>
      (await call(reviewRoutes.setReviewer, { params: { id: projectId, userId }, body: { reviewer } })).data,
    onSettled: invalidate,
  });
}

export function useRemoveMember(projectId: number) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: (userId: number) => call(memberRoutes.remove, { params: { id: projectId, userId } }),
    onSettled: invalidate,
  });
}
