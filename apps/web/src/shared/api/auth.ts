import {
  asksSecondFactor,
  authRoutes,
  type RouteBody,
  type TwoFactorRequired,
  type User,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const meQueryKey = ['auth', 'me'] as const;

/**
 * The signed-in user, or null for an anonymous visitor. Asked of GET /auth/session, which answers both with
 * 200: the 401 of GET /auth/me would be logged to the browser's console on every public page.
 */
export async function fetchMe(): Promise<User | null> {
  return (await call(authRoutes.session, {})).data.user;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 5 * 60 * 1000, retry: 1 });
}

/**
 * Whether the installation has any account (a fresh one opens sign-up). Not under 'auth': signing in drops
 * it with the rest of the cache, so the first account's sign-up is not remembered as "none".
 */
export function useInstallation() {
  return useQuery({
    queryKey: ['installation'],
    queryFn: async () => (await call(authRoutes.installation, {})).data,
    staleTime: 60 * 1000,
  });
}

/**
 * Signed in at once (the first account, an invitee: 201, who joined the invited project), or a confirmation
 * link was emailed (202).
 */
export type SignupResult = { signedIn: true; user: User; joinedProjectId?: number } | { signedIn: false };

/**
 * A signed-in user: the cache of the previous account goes, the new one is `me`. A session check still on its
 * way (asked while the visitor was anonymous) is cancelled first, or its "nobody" would land after the user.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: User) => {
    await queryClient.cancelQueries({ queryKey: meQueryKey });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    queryClient.setQueryData(meQueryKey, user);
  };
}

/**
 * Signed in by a first step (password, emailed link), unless the account has a second factor: then the
 * answer asks for it (TwoFactorSignInPage) and nobody is signed in yet.
 */
function useFirstStepDone() {
  const signedIn = useSignedIn();
  return async (answer: User | TwoFactorRequired) => {
    if (!asksSecondFactor(answer)) await signedIn(answer);
  };
}

export function useLogin() {
  const firstStepDone = useFirstStepDone();
  return useMutation({
    mutationFn: async (body: RouteBody<typeof authRoutes.login>) =>
      (await call(authRoutes.login, { body })).data,
    onSuccess: firstStepDone,
  });
}

export function useSignup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: RouteBody<typeof authRoutes.signup>): Promise<SignupResult> => {
      const answer = await call(authRoutes.signup, { body });
      if ('status' in answer.data) return { signedIn: false };
      const joined = 'joined_project_id' in answer ? answer.joined_project_id : undefined;
      return { signedIn: true, user: answer.data, ...(joined !== undefined && { joinedProjectId: joined }) };
    },
    onSuccess: async (result) => {
      if (result.signedIn) await signedIn(result.user);
    },
  });
}

/** Follows the link of a confirmation email: confirms the account and signs it in. */
export function useConfirmEmail() {
  const firstStepDone = useFirstStepDone();
  return useMutation({
    mutationFn: async (token: string) => (await call(authRoutes.confirm, { body: { token } })).data,
    onSuccess: firstStepDone,
  });
}

/** Follows the link of a sign-in email (sent while the account is locked for unknown browsers): signs in. */
export function useSignInWithLink() {
  const firstStepDone = useFirstStepDone();
  return useMutation({
    mutationFn: async (token: string) => (await call(authRoutes.signInLink, { body: { token } })).data,
    onSuccess: firstStepDone,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authRoutes.logout, {}),
    onSettled: async () => {
      // (a session check on its way would answer with the user after the sign-out)
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => call(authRoutes.forgotPassword, { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: RouteBody<typeof authRoutes.resetPassword>) =>
      call(authRoutes.resetPassword, { body }),
  });
}
