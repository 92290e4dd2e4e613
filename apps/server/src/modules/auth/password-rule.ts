import { availableParallelism } from 'node:os';
import { PASSWORD_ERROR_CODES, type PasswordProblem, TEXTS } from '@parley/contracts';
import type { PasswordOwner } from '@parley/contracts/password-strength';
import { Piscina } from 'piscina';
import { badRequest } from '../../errors.ts';

/** The worker beside this module: the source when run from src, its bundle when run from dist (npm start). */
const WORKER_FILE = import.meta.url.endsWith('.ts')
  ? './password-check.worker.ts'
  : './password-check.worker.mjs';

/**
 * The strength rule costs up to half a second of CPU per password (its input is capped at 100 characters), so
 * it runs in worker threads, never on the event loop. Made on first use: the rule's dictionaries take a moment
 * to load, which server start need not wait for. Idle threads do not keep the process alive.
 */
let pool: Piscina<{ password: string; owner: PasswordOwner }, PasswordProblem | null> | undefined;

function checker() {
  pool ??= new Piscina({
    filename: new URL(WORKER_FILE, import.meta.url).href,
    // A thread holds the rule's dictionaries (about 65 MB): let it go a minute after the last check, not
    // keep it for the life of the process; the next check loads them again.
    minThreads: 0,
    idleTimeout: 60_000,
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
