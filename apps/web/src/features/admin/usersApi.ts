import { adminUserRoutes, type UserRole } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/call';

// Super admin: the accounts (search, at most 200) and their role (user or support).

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, role: UserRole | '') => ['admin', 'users', q, role] as const,
};

export function useAdminUsers(q: string, role: UserRole | '', enabled: boolean) {
  return useQuery({
    queryKey: adminUserKeys.list(q, role),
    queryFn: async () => (await call(adminUserRoutes.list, { query: { q, role: role || undefined } })).data,
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: number; role: UserRole }) =>
      (await call(adminUserRoutes.setRole, { params: { userId }, body: { role } })).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
