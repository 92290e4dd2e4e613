import { PASSWORD_ERROR_CODES, TEXTS } from '@parley/contracts';
import type { PasswordOwner } from '@parley/contracts/password-strength';
import { badRequest } from '../../http/errors.ts';

// Loaded on first use: its dictionaries take about half a second to load, which server start need not wait for.
let rule: Promise<typeof import('@parley/contracts/password-strength')> | undefined;

/** Refuses a new password that breaks the shared rule (400 with the message the web shows too). */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner): Promise<void> {
  rule ??= import('@parley/contracts/password-strength');
  const { problem } = (await rule).checkPassword(password, owner);
  if (problem) throw badRequest(TEXTS.password[problem], PASSWORD_ERROR_CODES[problem]);
}
