import { type AdminUser, supportRoutes, type UserRole } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../shared/api/client';

// Super admin: the accounts (at most 200), their role (user or support) and the reset of their two-factor sign-in.

export type AdminUserRow = z.infer<typeof AdminUser>;

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, role: UserRole | '') => ['admin', 'users', q, role] as const,
};

export function useAdminUsers(q: string, role: UserRole | '', enabled: boolean) {
  return useQuery({
    queryKey: adminUserKeys.list(q, role),
    queryFn: async () =>
      (await call(supportRoutes.listUsers, { query: { q, role: role || undefined } })).data,
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: number; role: UserRole }) =>
      (await call(supportRoutes.setUserRole, { params: { userId }, body: { role } })).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** Resets an account's two-factor sign-in (it lost every factor): the server signs it out everywhere. */
export function useResetUserTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) =>
      (await call(supportRoutes.resetUserTwoFactor, { params: { userId } })).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
