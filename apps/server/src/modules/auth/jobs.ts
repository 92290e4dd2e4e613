import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { AuthRequest } from './auth-requests.ts';
import { sendPasswordResetLink } from './service.ts';
import { sendSignInLink } from './sign-in-link.ts';
import { finishSignup } from './signup.ts';

/** Does the background part of a request (auth-requests.ts). */
export async function runAuthRequest(ctx: AppContext, request: AuthRequest): Promise<void> {
  switch (request.type) {
    case 'signup': {
      const { type: _, ...details } = request;
      return finishSignup(ctx, details);
    }
    case 'password_reset':
      return sendPasswordResetLink(ctx, request.email);
    case 'sign_in_link':
      if (request.passwordRight) await sendSignInLink(ctx, request.email);
      return;
  }
}

export const authRequestJob = defineJob({
  name: QUEUES.authRequests,
  payload: AuthRequest,
  handler: runAuthRequest,
  // Sign-up jobs carry a password hash: gone an hour after they are done, or a day unworked.
  queue: { deleteAfterSeconds: 3600, retentionSeconds: 86_400 },
});
