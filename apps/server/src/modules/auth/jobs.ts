import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { AuthRequest } from './auth-requests.ts';
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

export async function workAuthRequests(ctx: AppContext): Promise<void> {
  await ctx.boss.work<AuthRequest>(QUEUES.authRequests, async (jobs) => {
    for (const job of jobs) await runAuthRequest(ctx, job.data);
  });
}
