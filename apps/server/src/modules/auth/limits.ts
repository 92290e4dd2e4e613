import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type AuthAttemptKind, authAttempts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Per-account limits, counted per email address whatever the client's IP (the per-IP limit is the rate-limit
 * plugin's): failed sign-ins (from unknown clients, and per trusted device: devices.ts), account emails a
 * stranger can trigger (a flood of them is abuse), and attempts to set a password (each one costs a hash and a
 * strength check, and a change guesses the current password).
 */
export const ACCOUNT_LIMITS = {
  sign_in_failure: { max: 10, windowMs: 15 * 60 * 1000 },
  reset_email: { max: 3, windowMs: 60 * 60 * 1000 },
  signup_email: { max: 3, windowMs: 60 * 60 * 1000 },
  password_change: { max: 10, windowMs: 15 * 60 * 1000 },
  password_reset: { max: 10, windowMs: 15 * 60 * 1000 },
  device_sign_in_failure: { max: 5, windowMs: 15 * 60 * 1000 },
  sign_in_link_email: { max: 3, windowMs: 60 * 60 * 1000 },
  two_factor_failure: { max: 5, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<AuthAttemptKind, Limit>;

const LONGEST_WINDOW_MS = Math.max(...Object.values(ACCOUNT_LIMITS).map((limit) => limit.windowMs));

export const ACCOUNT_LOCKED_MESSAGE = `Too many failed sign-ins for this email. If your password was right, we have emailed you a link to sign in. Otherwise please wait ${
  ACCOUNT_LIMITS.sign_in_failure.windowMs / 60_000
} minutes or reset your password.`;

const PASSWORD_ATTEMPTS_MESSAGE = `Too many attempts to set the password of this account. Please wait ${
  ACCOUNT_LIMITS.password_change.windowMs / 60_000
} minutes and try again.`;

/** Counts an attempt to set an account's password (countAttempt); 429 beyond the limit. */
export async function countPasswordAttempt(
  db: Executor,
  kind: 'password_change' | 'password_reset',
  email: string,
): Promise<void> {
  if (!(await countAttempt(db, kind, email)))
    throw new AppError('rate_limited', 'rate_limited', PASSWORD_ATTEMPTS_MESSAGE);
}

/**
 * Counts an attempt before the work it guards and says whether it is within the limit. Counting first means
 * concurrent requests cannot all slip under the limit: each sees at least every attempt that committed before
 * its own. A refused attempt is not counted (it did no work), so waiting out the window always opens the
 * account again. With a device, only that trusted device's attempts count. Old rows of every email are pruned on
 * the way.
 */
export async function countAttempt(
  db: Executor,
  kind: AuthAttemptKind,
  email: string,
  deviceId: number | null = null,
): Promise<boolean> {
  const limit = ACCOUNT_LIMITS[kind];
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, since(LONGEST_WINDOW_MS)));
  const [row] = await db
    .insert(authAttempts)
    .values({ kind, email, deviceId })
    .returning({ id: authAttempts.id });
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        eq(authAttempts.email, email),
        deviceId === null ? undefined : eq(authAttempts.deviceId, deviceId),
        gt(authAttempts.createdAt, since(limit.windowMs)),
      ),
    );
  if ((counted?.count ?? 0) <= limit.max) return true;
  await db.delete(authAttempts).where(eq(authAttempts.id, row!.id));
  return false;
}

/** Forgets an email's attempts of one kind (failed sign-ins once the right password is given). */
export async function clearAttempts(db: Executor, kind: AuthAttemptKind, email: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.email, email)));
}

function since(ms: number) {
  return sql`now() - make_interval(secs => ${ms / 1000})`;
}
