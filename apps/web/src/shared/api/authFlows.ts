import { authRoutes, type RouteBody, type User } from '@parley/contracts';
import { useAction } from '../hooks/useAction';
import { call } from './client';
import { firstStepDone, signedIn } from './session';

// Sign-up, the emailed links and the password reset: apart from signIn.ts, whose calls a first visit makes, so
// that these routes' schemas load with the pages that call them. (Signing out is auth.ts's: it empties the
// signed-in pages' query cache.)

/**
 * Signed in at once (the first account, an invitee: 201, who joined the invited project), or a confirmation
 * link was emailed (202).
 */
export type SignupResult = { signedIn: true; user: User; joinedProjectId?: number } | { signedIn: false };

export function useSignup() {
  return useAction(
    async (body: RouteBody<typeof authRoutes.signup>): Promise<SignupResult> => {
      const answer = await call(authRoutes.signup, { body });
      if ('status' in answer.data) return { signedIn: false };
      const joined = 'joined_project_id' in answer ? answer.joined_project_id : undefined;
      return { signedIn: true, user: answer.data, ...(joined !== undefined && { joinedProjectId: joined }) };
    },
    async (result) => {
      if (result.signedIn) await signedIn(result.user);
    },
  );
}

/** Follows the link of a confirmation email: confirms the account and signs it in. */
export function useConfirmEmail() {
  return useAction(
    async (token: string) => (await call(authRoutes.confirm, { body: { token } })).data,
    firstStepDone,
  );
}

/** Follows the link of a sign-in email (sent while the account is locked for unknown browsers): signs in. */
export function useSignInWithLink() {
  return useAction(
    async (token: string) => (await call(authRoutes.signInLink, { body: { token } })).data,
    firstStepDone,
  );
}

export function useForgotPassword() {
  return useAction((email: string) => call(authRoutes.forgotPassword, { body: { email } }));
}

export function useResetPassword() {
  return useAction((body: RouteBody<typeof authRoutes.resetPassword>) =>
    call(authRoutes.resetPassword, { body }),
  );
}
