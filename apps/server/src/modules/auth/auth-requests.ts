import { UI_LANGUAGES } from '@parley/contracts';
import { z } from 'zod';
import type { PendingSignup } from './signup.ts';

const Signup = z.object({
  email: z.string(),
  passwordHash: z.string(),
  name: z.string(),
  language: z.enum(UI_LANGUAGES),
}) satisfies z.ZodType<PendingSignup>;

/**
 * Data of a job on QUEUES.authRequests: a request whose outcome depends on whether the email has an account,
 * finished in the background (jobs.ts) so that its answer cannot tell.
 */
export const AuthRequest = z.discriminatedUnion('type', [
  Signup.extend({ type: z.literal('signup') }),
  z.object({ type: z.literal('password_reset'), email: z.string() }),
  /** A sign-in while the account is locked for unknown clients: a link is emailed when the password was right. */
  z.object({ type: z.literal('sign_in_link'), email: z.string(), passwordRight: z.boolean() }),
]);
export type AuthRequest = z.infer<typeof AuthRequest>;
