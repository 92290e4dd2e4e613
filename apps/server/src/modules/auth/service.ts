import { PASSWORD_RESET_TOKEN_TTL_MS } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError, badRequest, forbidden } from '../../errors.ts';
import { emailJob } from '../mail/jobs.ts';
import { assertSsoAllowsPassword } from '../sso/sign-in.ts';
import type { UserRow } from '../users/dto.ts';
import { assertActive } from './active.ts';
import { trustedDeviceId } from './devices.ts';
import { authRequestJob } from './jobs.ts';
import { ACCOUNT_LOCKED_MESSAGE, clearAttempts, countAttempt, countPasswordAttempt } from './limits.ts';
import { assertPasswordAllowed } from './password-rule.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession, deleteUserSessions } from './sessions.ts';
import { linkTokenUser, newSecretToken, useLinkToken } from './tokens.ts';

/**
 * Signs in with email and password. Ten failed sign-ins lock the account for unknown clients; a browser with
 * the account's device cookie (devices.ts) is held only by its own limit. During the lockout an unknown client
 * gets the same 429 whether its password was right or not, and the same work is done for both: the password is
 * checked and a job queued, which emails a sign-in link when it was right.
 */
export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  deviceToken: string | undefined,
): Promise<{ user: UserRow; token: string }> {
  const deviceId = deviceToken ? await trustedDeviceId(ctx.db, deviceToken, email) : null;
  const trusted =
    deviceId !== null && (await countAttempt(ctx.db, 'device_sign_in_failure', email, deviceId));
  const allowed = trusted || (await countAttempt(ctx.db, 'sign_in_failure', email));
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  // SSO: a domain that requires single sign-on takes no passwords (but the super admin's break-glass one).
  await assertSsoAllowsPassword(ctx.db, email);
  const valid = (await verifyPassword(user?.passwordHash ?? null, password)) && user !== undefined;
  if (!allowed) {
    await authRequestJob.send(ctx, { type: 'sign_in_link', email, passwordRight: valid });
    throw new AppError('rate_limited', 'account_locked', ACCOUNT_LOCKED_MESSAGE);
  }
  if (!user || !valid)
    throw new AppError('unauthenticated', 'invalid_credentials', 'Invalid email or password.');
  // (A trusted device's own failures go when its cookie is renewed; others' failures stay on the account.)
  if (!trusted) await clearAttempts(ctx.db, 'sign_in_failure', email);
  // Only someone with the right password learns this, and they know the account exists anyway.
  if (!user.emailConfirmedAt) {
    throw forbidden(
      'Please confirm your email address first: open the link we emailed you when you signed up.',
      'email_not_confirmed',
    );
  }
  assertActive(user);
  const token = await createSession(ctx.db, user.id, { method: 'password' });
  return { user, token };
}

/**
 * Asks for a reset link. The lookup and the email happen in the background (sendPasswordResetLink): the request
 * does the same work whether the email has an account or not, so neither its answer nor its time tells.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await assertSsoAllowsPassword(ctx.db, email); // SSO: no passwords for a domain that requires it
  await authRequestJob.send(ctx, { type: 'password_reset', email });
}

/** Emails a single-use reset link when the account exists, at most ACCOUNT_LIMITS.reset_email times an hour. */
export async function sendPasswordResetLink(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) {
    ctx.logger.info('Password reset requested for an unknown email');
    return;
  }
  if (!(await countAttempt(ctx.db, 'reset_email', user.email))) {
    ctx.logger.warn({ userId: user.id }, 'Password reset email not sent: hourly limit reached');
    return;
  }
  const { token, hash } = newSecretToken();
  await ctx.db.insert(passwordResetTokens).values({
    tokenHash: hash,
    userId: user.id,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  const minutes = Math.round(PASSWORD_RESET_TOKEN_TTL_MS / 60_000);
  await emailJob.send(ctx, {
    to: user.email,
    subject: 'Reset your Parley password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Parley account.',
      `Open this link to choose a new password: ${link}`,
      `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email.`,
    ].join('\n'),
  });
}

const INVALID_RESET_LINK =
  'This password reset link is invalid, expired or already used. Please request a new one.';

/**
 * Sets a new password with a reset token; the token is used up and every session of the account ends. A
 * refused password leaves the link working for a better one, up to ACCOUNT_LIMITS.password_reset attempts.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const user = await linkTokenUser(ctx.db, passwordResetTokens, token);
  if (!user) throw badRequest(INVALID_RESET_LINK, 'invalid_token');
  await countPasswordAttempt(ctx.db, 'password_reset', user.email);
  await assertPasswordAllowed(password, user);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const userId = await useLinkToken(tx, passwordResetTokens, token);
    if (userId === null) throw badRequest(INVALID_RESET_LINK, 'invalid_token');
    // The emailed link proves the address too: an account never confirmed is confirmed now.
    await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await deleteUserSessions(tx, userId);
  });
}
