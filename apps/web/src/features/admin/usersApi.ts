import type { AdminUser, UserRole } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiData } from '../../shared/api/client';

// Super admin: GET /admin/users?q&role (at most 200) and PUT /admin/users/{userId} {role: user|support}.

export type AdminUserRow = z.infer<typeof AdminUser>;

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, role: UserRole | '') => ['admin', 'users', q, role] as const,
};

export function useAdminUsers(q: string, role: UserRole | '', enabled: boolean) {
  return useQuery({
    queryKey: adminUserKeys.list(q, role),
    queryFn: () => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (role) params.set('role', role);
      const query = params.toString();
      return apiData<AdminUserRow[]>(`/admin/users${query ? `?${query}` : ''}`);
    },
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: UserRole }) =>
      apiData<AdminUserRow>(`/admin/users/${userId}`, { method: 'PUT', body: { role } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
