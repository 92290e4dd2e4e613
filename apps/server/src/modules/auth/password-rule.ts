import { PASSWORD_ERROR_CODES, type PasswordProblem, TEXTS } from '@parley/contracts';
import type { PasswordOwner } from '@parley/contracts/password-strength';
import { badRequest } from '../../errors.ts';
import { threadPool } from '../../threads.ts';

/**
 * The strength rule costs up to half a second of CPU per password (its input is capped at 100 characters), so
 * it runs in worker threads, never on the event loop. A thread holds the rule's dictionaries (about 65 MB) until
 * a minute after the last check.
 */
const checker = threadPool<{ password: string; owner: PasswordOwner }, PasswordProblem | null>(
  'password-check.worker',
  import.meta.url,
);

/** Refuses a new password that breaks the shared rule (400 with the message the web shows too). */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner): Promise<void> {
  const problem = await checker().run({ password, owner: { email: owner.email, name: owner.name } });
  if (problem) throw badRequest(TEXTS.password[problem], PASSWORD_ERROR_CODES[problem]);
}
