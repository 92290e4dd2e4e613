import { availableParallelism } from 'node:os';
import { PASSWORD_ERROR_CODES, type PasswordProblem, TEXTS } from '@parley/contracts';
import type { PasswordOwner } from '@parley/contracts/password-strength';
import { Piscina } from 'piscina';
import { badRequest } from '../../errors.ts';

/**
 * The strength rule costs up to half a second of CPU per password (its input is capped at 100 characters), so
 * it runs in worker threads, never on the event loop. Made on first use: the rule's dictionaries take a moment
 * to load, which server start need not wait for. Idle threads do not keep the process alive.
 */
let pool: Piscina<{ password: string; owner: PasswordOwner }, PasswordProblem | null> | undefined;

function checker() {
  pool ??= new Piscina({
    filename: new URL('./password-check.worker.ts', import.meta.url).href,
    minThreads: 1,
    // Half the cores at most: the event loop, argon2 and the database need the rest.
    maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
  });
  return pool;
}

/** Refuses a new password that breaks the shared rule (400 with the message the web shows too). */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner): Promise<void> {
  const problem = await checker().run({ password, owner: { email: owner.email, name: owner.name } });
  if (problem) throw badRequest(TEXTS.password[problem], PASSWORD_ERROR_CODES[problem]);
}
