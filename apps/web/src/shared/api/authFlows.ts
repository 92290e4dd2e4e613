import { authRoutes, type RouteBody, type User } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey, useFirstStepDone, useSignedIn } from './auth';
import { call } from './client';

// Sign-up, the emailed links, the password reset and signing out: apart from auth.ts, whose session check and
// sign-in a first visit runs, so that these routes' schemas load with the pages that call them.

/**
 * Signed in at once (the first account, an invitee: 201, who joined the invited project), or a confirmation
 * link was emailed (202).
 */
export type SignupResult = { signedIn: true; user: User; joinedProjectId?: number } | { signedIn: false };

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
