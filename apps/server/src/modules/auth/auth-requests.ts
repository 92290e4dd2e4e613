import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { PendingSignup } from './signup.ts';

/**
 * Data of a job on QUEUES.authRequests: a request whose outcome depends on whether the email has an account,
 * finished in the background (jobs.ts) so that its answer cannot tell.
 */
export type AuthRequest =
  | ({ type: 'signup' } & PendingSignup)
  | { type: 'password_reset'; email: string }
  /** A sign-in while the account is locked for unknown clients: a link is emailed when the password was right. */
  | { type: 'sign_in_link'; email: string; passwordRight: boolean };

export async function enqueueAuthRequest(ctx: AppContext, request: AuthRequest): Promise<void> {
  await ctx.boss.send(QUEUES.authRequests, request);
}
