import { asksSecondFactor, authRoutes } from '@parley/contracts';
import { call } from '../../shared/api/client';
import { signedIn } from '../../shared/api/session';
import { useAction } from '../../shared/hooks/useAction';
import { currentLanguage } from '../../shared/i18n';
import { GOOGLE_OAUTH_INVITE_KEY } from './google';

// Apart from google.ts, which the sign-in page's button loads: the callback's route schemas load with its page.

/**
 * Finishes Google sign-in with what Google sent back; signed in like a password sign-in. Answers the project
 * the account joined from the kept invitation, if any.
 */
export function useGoogleCallback() {
  return useAction(async (body: { code: string; state: string }) => {
    const invite = localStorage.getItem(GOOGLE_OAUTH_INVITE_KEY) ?? undefined;
    localStorage.removeItem(GOOGLE_OAUTH_INVITE_KEY);
    const answer = await call(authRoutes.googleCallback, {
      body: { ...body, language: currentLanguage(), ...(invite && { invite_token: invite }) },
    });
    // The account's second factor is asked next (TwoFactorSignInPage); nobody is signed in yet.
    if (asksSecondFactor(answer.data)) return { secondFactor: answer.data.methods };
    await signedIn(answer.data);
    return {
      secondFactor: null,
      joinedProjectId: 'joined_project_id' in answer ? answer.joined_project_id : undefined,
    };
  });
}
