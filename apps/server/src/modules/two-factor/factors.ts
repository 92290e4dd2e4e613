import { TWO_FACTOR_TEXTS, type TwoFactorMethod, type TwoFactorStatus } from '@parley/contracts';
import { and, count, eq, isNotNull, isNull, lt, min, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { passkeys, recoveryCodes, totpFactors, users } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../errors.ts';
import { clearAttempts, countAttempt } from '../auth/limits.ts';
import { decrypt, encrypt, encryptionKey } from '../google-drive/crypto.ts';
import { emailJob } from '../mail/jobs.ts';
import type { UserRow } from '../users/dto.ts';
import { replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { newTotpSecret, totpEnrolment, totpStepOf } from './totp.ts';

const key = (ctx: AppContext) => encryptionKey(ctx.config, TWO_FACTOR_TEXTS);

/** The account's second factors: its confirmed authenticator app and its passkeys. */
async function factorsOf(db: Executor, userId: number) {
  const [totp] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const [keys] = await db
    .select({ count: count(), first: min(passkeys.createdAt) })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  const passkeyCount = keys?.count ?? 0;
  const since = [totp?.confirmedAt, keys?.first].filter((at): at is Date => at instanceof Date);
  return {
    totp: totp !== undefined,
    passkeyCount,
    enabled: totp !== undefined || passkeyCount > 0,
    enabledAt: since.length > 0 ? new Date(Math.min(...since.map(Number))) : null,
  };
}

/** Whether the account has a second factor (a confirmed authenticator app or a passkey). */
export async function hasSecondFactor(db: Executor, userId: number): Promise<boolean> {
  return (await factorsOf(db, userId)).enabled;
}

/** hasSecondFactor as an SQL condition on a column holding the account's id (for lists of accounts). */
export const secondFactorOn = (userId: AnyPgColumn) =>
  sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}))`;

/** The ways the account can finish a sign-in: its factors and its recovery codes; none without a factor. */
export async function secondFactorMethods(db: Executor, userId: number): Promise<TwoFactorMethod[]> {
  const factors = await factorsOf(db, userId);
  if (!factors.enabled) return [];
  return [
    ...(factors.totp ? (['totp'] as const) : []),
    ...(factors.passkeyCount > 0 ? (['passkey'] as const) : []),
    'recovery_code',
  ];
}

export async function twoFactorStatus(db: Executor, userId: number): Promise<TwoFactorStatus> {
  const factors = await factorsOf(db, userId);
  const [codes] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return {
    enabled: factors.enabled,
    totp_enabled: factors.totp,
    passkey_count: factors.passkeyCount,
    enabled_at: factors.enabledAt?.toISOString() ?? null,
    recovery_codes_left: factors.enabled ? (codes?.left ?? 0) : 0,
  };
}

const totpAlreadyOn = () => conflict(TWO_FACTOR_TEXTS.alreadyEnabled, 'two_factor_enabled');

/** Starts setting up an authenticator app: a new secret (replacing an unconfirmed one), stored encrypted. */
export async function startTotpEnrolment(ctx: AppContext, user: UserRow) {
  if ((await factorsOf(ctx.db, user.id)).totp) throw totpAlreadyOn();
  const secret = newTotpSecret();
  const secretEncrypted = encrypt(key(ctx), secret);
  await ctx.db
    .insert(totpFactors)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      where: isNull(totpFactors.confirmedAt),
    });
  const { uri, qrDataUrl } = await totpEnrolment(secret, user.email);
  return { secret, otpauth_uri: uri, qr_data_url: qrDataUrl };
}

/**
 * Accepts an authenticator-app code once: the step it belongs to must be later than that of the last accepted
 * code (compared and written in one statement, so two requests cannot both use one code).
 */
async function acceptTotpCode(ctx: AppContext, userId: number, code: string, confirmed: boolean) {
  const factorOfUser = and(
    eq(totpFactors.userId, userId),
    confirmed ? isNotNull(totpFactors.confirmedAt) : isNull(totpFactors.confirmedAt),
  );
  const [factor] = await ctx.db.select().from(totpFactors).where(factorOfUser);
  if (!factor) return false;
  const step = totpStepOf(decrypt(key(ctx), factor.secretEncrypted), code);
  if (step === null) return false;
  const accepted = await ctx.db
    .update(totpFactors)
    .set({ lastUsedStep: step, ...(!confirmed && { confirmedAt: new Date() }) })
    .where(and(factorOfUser, or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step))))
    .returning({ userId: totpFactors.userId });
  return accepted.length > 0;
}

/**
 * Runs one check of a second factor of the account (a code, a passkey's answer). Every check counts towards the
 * account's limit of wrong ones (429 beyond it); a right one forgets the wrong ones.
 */
export async function countedCheck(
  ctx: AppContext,
  user: UserRow,
  check: () => Promise<boolean>,
): Promise<boolean> {
  if (!(await countAttempt(ctx.db, 'two_factor_failure', user.email)))
    throw new AppError('rate_limited', 'rate_limited', TWO_FACTOR_TEXTS.tooManyCodes);
  const right = await check();
  if (right) await clearAttempts(ctx.db, 'two_factor_failure', user.email);
  return right;
}

/**
 * Checks a second-factor code of the account (countedCheck): an authenticator-app code, or (with `recovery`) a
 * recovery code, which is used up. Without an authenticator app, an app code is simply wrong.
 */
export function checkSecondFactor(
  ctx: AppContext,
  user: UserRow,
  code: string,
  options: { recovery: boolean; enrolling?: boolean },
): Promise<boolean> {
  return countedCheck(
    ctx,
    user,
    async () =>
      (await acceptTotpCode(ctx, user.id, code, !options.enrolling)) ||
      (options.recovery && (await useRecoveryCode(ctx.db, user.id, code))),
  );
}

const invalidCode = () => new AppError('invalid', 'invalid_code', TWO_FACTOR_TEXTS.invalidCode);

/**
 * Confirms the app being set up with one of its codes. When it is the account's first second factor, two-factor
 * sign-in turns on and the first recovery codes are answered; next to passkeys the account keeps its codes
 * (an empty list).
 */
export async function confirmTotpEnrolment(ctx: AppContext, user: UserRow, code: string) {
  const before = await factorsOf(ctx.db, user.id);
  if (before.totp) throw totpAlreadyOn();
  const [pending] = await ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
  if (!pending) throw conflict(TWO_FACTOR_TEXTS.noEnrolment, 'no_enrolment');
  if (!(await checkSecondFactor(ctx, user, code, { recovery: false, enrolling: true }))) throw invalidCode();
  const codes = before.enabled ? [] : await replaceRecoveryCodes(ctx.db, user.id);
  if (!before.enabled) await notifyTwoFactor(ctx, user, 'on');
  return { recovery_codes: codes, status: await twoFactorStatus(ctx.db, user.id) };
}

const notEnabled = () => conflict(TWO_FACTOR_TEXTS.notEnabled, 'two_factor_disabled');

/**
 * Before a change that weakens or renews the account's sign-in: two-factor sign-in must be on, and the caller
 * gives a fresh code (of the app, or a recovery code), so that a stolen session alone cannot make it.
 */
async function assertFreshCode(ctx: AppContext, user: UserRow, code: string) {
  if (!(await hasSecondFactor(ctx.db, user.id))) throw notEnabled();
  if (!(await checkSecondFactor(ctx, user, code, { recovery: true }))) throw invalidCode();
}

/**
 * New recovery codes for a fresh code: of the authenticator app, or one of the recovery codes (an account with
 * only passkeys has no other code to give); the old ones stop working.
 */
export async function regenerateRecoveryCodes(ctx: AppContext, user: UserRow, code: string) {
  await assertFreshCode(ctx, user, code);
  const codes = await replaceRecoveryCodes(ctx.db, user.id);
  return { recovery_codes: codes, status: await twoFactorStatus(ctx.db, user.id) };
}

/** Serialises changes to an account's second factors (the first one turns two-factor sign-in on, the last off). */
export async function lockAccount(tx: Executor, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Turns the account's two-factor sign-in off in the caller's transaction: its authenticator app (secret),
 * passkeys and recovery codes go. False when it had none (409 for the caller to answer).
 */
export async function removeSecondFactors(tx: Executor, userId: number): Promise<boolean> {
  await lockAccount(tx, userId);
  if (!(await hasSecondFactor(tx, userId))) return false;
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return true;
}

/** Turns two-factor sign-in off with a fresh code (app or recovery): a stolen session alone cannot. */
export async function disableTwoFactor(ctx: AppContext, user: UserRow, code: string) {
  await assertFreshCode(ctx, user, code);
  if (!(await ctx.db.transaction((tx) => removeSecondFactors(tx, user.id)))) throw notEnabled();
  await notifyTwoFactor(ctx, user, 'off');
  return twoFactorStatus(ctx.db, user.id);
}

const noTotp = () => conflict(TWO_FACTOR_TEXTS.totpNotEnabled, 'totp_disabled');

/**
 * Removes the authenticator app only, with a fresh code (as `disableTwoFactor`). Next to passkeys two-factor
 * sign-in stays on and keeps its recovery codes; as the last second factor it turns everything off.
 */
export async function removeTotp(ctx: AppContext, user: UserRow, code: string) {
  if (!(await factorsOf(ctx.db, user.id)).totp) throw noTotp();
  await assertFreshCode(ctx, user, code);
  const change = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const factors = await factorsOf(tx, user.id);
    if (!factors.totp) throw noTotp();
    if (factors.passkeyCount === 0) return (await removeSecondFactors(tx, user.id)) ? 'off' : null;
    await tx.delete(totpFactors).where(eq(totpFactors.userId, user.id));
    return 'totpRemoved';
  });
  if (change) await notifyTwoFactor(ctx, user, change);
  return twoFactorStatus(ctx.db, user.id);
}

const IF_NOT_YOU = 'If it was not you, change your password at once and tell your administrator.';

const EMAILS = {
  on: {
    subject: 'Two-factor sign-in is on for your Parley account',
    text: 'Two-factor sign-in was turned on for your Parley account: signing in now also asks for a second factor (a code of your authenticator app, or a passkey).',
    unexpected: IF_NOT_YOU,
  },
  off: {
    subject: 'Two-factor sign-in is off for your Parley account',
    text: 'Two-factor sign-in was turned off for your Parley account: signing in asks only for your password again.',
    unexpected: IF_NOT_YOU,
  },
  totpRemoved: {
    subject: 'The authenticator app was removed from your Parley account',
    text: 'The authenticator app was removed from two-factor sign-in of your Parley account: signing in now asks for one of your passkeys (or a recovery code).',
    unexpected: IF_NOT_YOU,
  },
  reset: {
    subject: 'An administrator reset two-factor sign-in for your Parley account',
    text: 'An administrator reset two-factor sign-in for your Parley account: your authenticator app, passkeys and recovery codes were removed and you were signed out everywhere. Sign in with your password and set up two-factor sign-in again.',
    unexpected: 'If you did not ask for it, change your password at once and tell your administrator.',
  },
} as const;

/**
 * Emails the account that two-factor sign-in was turned on or off, its authenticator app removed, or that it
 * was reset by an administrator.
 */
export async function notifyTwoFactor(ctx: AppContext, user: UserRow, change: keyof typeof EMAILS) {
  await emailJob.send(ctx, {
    to: user.email,
    subject: EMAILS[change].subject,
    text: [
      EMAILS[change].text,
      `You can change it in your profile: ${ctx.config.publicUrl}/profile/security`,
      EMAILS[change].unexpected,
    ].join('\n'),
  });
}
