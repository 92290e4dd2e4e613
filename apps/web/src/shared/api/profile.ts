import { type RouteBody, type UiLanguage, type User, userRoutes } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import i18n, { storeLanguage } from '../i18n';
import { meQueryKey, useMe } from './auth';
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

/** Applies a UI language at once, remembers it in the browser and saves it to the account when signed in. */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  const { data: user } = useMe();
  return useCallback(
    async (language: UiLanguage) => {
      storeLanguage(language);
      await i18n.changeLanguage(language);
      if (!user) return;
      queryClient.setQueryData<User | null>(meQueryKey, (old) => (old ? { ...old, language } : old));
      try {
        await call(userRoutes.updateLanguage, { body: { language } });
      } catch (error) {
        // The UI keeps the chosen language; the account keeps the old one until the next change.
        console.warn('Saving the language failed', error);
      }
    },
    [queryClient, user],
  );
}
