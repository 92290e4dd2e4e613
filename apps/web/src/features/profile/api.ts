import type { UiLanguage, User } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiData } from '../../shared/api/client';
import i18n, { storeLanguage } from '../../shared/i18n';
import { meQueryKey, useMe } from '../auth/api';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiData<User>('/users/me', { method: 'PUT', body: { name } }),
    onSuccess: (user, name) => {
      queryClient.setQueryData<User | null>(meQueryKey, (old) =>
        user && typeof user === 'object' && 'id' in user ? user : old ? { ...old, name } : old,
      );
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) =>
      apiData<unknown>('/users/me/password', { method: 'PUT', body: input }),
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
        await apiData<unknown>('/users/language', { method: 'PUT', body: { language } });
      } catch (error) {
        // The UI keeps the chosen language; the account keeps the old one until the next change.
        console.warn('Saving the language failed', error);
      }
    },
    [queryClient, user],
  );
}
