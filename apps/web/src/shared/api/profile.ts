import { type RouteBody, type User, userRoutes } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from './auth';
import { call } from './client';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await call(userRoutes.updateProfile, { body: { name } })).data,
    onSuccess: (user) => queryClient.setQueryData<User | null>(meQueryKey, user),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof userRoutes.changePassword>) =>
      call(userRoutes.changePassword, { body }),
    // A first password (Google sign-in accounts) turns the section into the ordinary change form.
    onSuccess: () =>
      queryClient.setQueryData<User | null>(meQueryKey, (old) =>
        old ? { ...old, has_password: true } : old,
      ),
  });
}
