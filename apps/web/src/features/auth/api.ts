import type { UiLanguage, User } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiData } from '../../shared/api/client';

export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user, or null when the session is missing (401). */
export async function fetchMe(): Promise<User | null> {
  try {
    return await apiData<User>('/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 5 * 60 * 1000, retry: 1 });
}

export interface LoginInput {
  email: string;
  password: string;
}

export interface SignupInput extends LoginInput {
  name?: string;
  language?: UiLanguage;
  /** The token of the invitation the invitee signs up from. */
  invite_token?: string;
}

/** Signed in at once (the first account, an invitee), or a confirmation link was emailed. */
export type SignupResult = { signedIn: true; user: User } | { signedIn: false };

/** A signed-in user: the cache of the previous account goes, the new one is `me`. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    queryClient.setQueryData(meQueryKey, user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: LoginInput) => apiData<User>('/auth/login', { method: 'POST', body: input }),
    onSuccess: signedIn,
  });
}

export function useSignup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (input: SignupInput): Promise<SignupResult> => {
      const data = await apiData<User | { status: 'confirmation_sent' }>('/auth/signup', {
        method: 'POST',
        body: input,
      });
      return 'status' in data ? { signedIn: false } : { signedIn: true, user: data };
    },
    onSuccess: (result) => {
      if (result.signedIn) signedIn(result.user);
    },
  });
}

/** Follows the link of a confirmation email: confirms the account and signs it in. */
export function useConfirmEmail() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (token: string) => apiData<User>('/auth/confirm', { method: 'POST', body: { token } }),
    onSuccess: signedIn,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiData<{ ok: true }>('/auth/logout', { method: 'POST' }),
    onSettled: () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiData<{ ok: true }>('/auth/forgot-password', { method: 'POST', body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiData<{ ok: true }>('/auth/reset-password', { method: 'POST', body: input }),
  });
}
