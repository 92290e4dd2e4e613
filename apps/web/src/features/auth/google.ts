import { type authRoutes, firstVisitEndpoints } from '@parley/contracts';
import { callUnchecked } from '../../shared/api/transport';
import { KeptAnswer, useKeptAnswer } from '../../shared/hooks/useKeptAnswer';

/** Where the state of a started Google sign-in waits for the callback page (spec 2 §4). */
export const GOOGLE_OAUTH_STATE_KEY = 'google_oauth_state';
/** Where the app opens once Google sign-in has finished (the page that sent the user to sign in). */
export const GOOGLE_OAUTH_RETURN_KEY = 'google_oauth_return';
/** The invitation a Google sign-up started from (its account joins the project when the emails match). */
export const GOOGLE_OAUTH_INVITE_KEY = 'google_oauth_invite';
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';
/** Thrown when the server's answer carries no address to send the browser to (spec 2 §8). */
export const OAUTH_START_FAILED = 'Failed to initiate OAuth';

const googleAvailable = new KeptAnswer(
  async () =>
    (await callUnchecked<typeof authRoutes.googleAvailable>(firstVisitEndpoints.googleAvailable)).data,
);

/** Whether the server has Google sign-in set up (the button is hidden until it says yes). */
export function useGoogleAvailable(): boolean {
  return useKeptAnswer(googleAvailable).data?.available === true;
}

/**
 * Starts Google sign-in: keeps the state, where to go after and the invitation it started from for the
 * callback, sends the browser to Google.
 */
export async function startGoogleSignIn(returnTo: string, inviteToken?: string): Promise<void> {
  const answer = await callUnchecked<typeof authRoutes.googleStart>(firstVisitEndpoints.googleStart, {
    redirect_uri: `${window.location.origin}${GOOGLE_CALLBACK_PATH}`,
  });
  if (answer.status !== 'success' || !answer.data.auth_url) throw new Error(OAUTH_START_FAILED);
  localStorage.setItem(GOOGLE_OAUTH_STATE_KEY, answer.data.state);
  localStorage.setItem(GOOGLE_OAUTH_RETURN_KEY, returnTo);
  if (inviteToken) localStorage.setItem(GOOGLE_OAUTH_INVITE_KEY, inviteToken);
  else localStorage.removeItem(GOOGLE_OAUTH_INVITE_KEY);
  window.location.assign(answer.data.auth_url);
}

/** The kept return address, once: only a path of this app (never another site's address). */
export function takeGoogleReturn(): string {
  const kept = localStorage.getItem(GOOGLE_OAUTH_RETURN_KEY);
  localStorage.removeItem(GOOGLE_OAUTH_RETURN_KEY);
  return kept?.startsWith('/') && !kept.startsWith('//') && !kept.startsWith('/\\') ? kept : '/dashboard';
}
