import {
  type SignInMethod,
  TWO_FACTOR,
  TWO_FACTOR_TEXTS,
  type TwoFactorRequired,
  type TwoFactorSignInRequest,
} from '@parley/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { twoFactorChallenges, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { assertActive } from '../auth/active.ts';
import { deleteSession } from '../auth/sessions.ts';
import { hashToken, newSecretToken } from '../auth/tokens.ts';
import type { UserRow } from '../users/dto.ts';
import { checkSecondFactor, secondFactorMethods } from './factors.ts';
import { checkPasskeySignIn, notVerified, startPasskeySignIn } from './passkeys.ts';

/*
 * The second step of a sign-in. Every way in that proves who someone is without a second factor (password,
 * emailed sign-in link, Google) opens a session as before; for an account with a second factor that session
 * is withdrawn at once and a pending sign-in takes its place: a random token in an httpOnly cookie, stored
 * hashed, which a right code turns into a session (POST /auth/two-factor).
 */

const expired = () =>
  new AppError('unauthenticated', 'two_factor_expired', TWO_FACTOR_TEXTS.challengeExpired);

/**
 * When the account has a second factor: withdraws the session of the first step, sets the pending sign-in's
 * cookie and answers what to tell the client. Null when the sign-in is complete. `joinedProjectId`: the project
 * the first step joined (an invitation), which the second step's answer names.
 */
export async function holdForSecondFactor(
  ctx: AppContext,
  reply: FastifyReply,
  userId: number,
  sessionToken: string,
  joinedProjectId?: number,
): Promise<TwoFactorRequired | null> {
  const methods = await secondFactorMethods(ctx.db, userId);
  if (methods.length === 0) return null;
  const signInMethod = await deleteSession(ctx.db, sessionToken);
  const { token, hash } = newSecretToken();
  await ctx.db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, sql`now()`));
  await ctx.db.insert(twoFactorChallenges).values({
    tokenHash: hash,
    userId,
    signInMethod,
    joinedProjectId,
    expiresAt: new Date(Date.now() + TWO_FACTOR.challengeTtlMs),
  });
  reply.setCookie(TWO_FACTOR.challengeCookie, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(TWO_FACTOR.challengeTtlMs / 1000),
  });
  return { two_factor_required: true, methods };
}

export function clearChallengeCookie(reply: FastifyReply): void {
  reply.clearCookie(TWO_FACTOR.challengeCookie, { path: '/api/auth' });
}

/** The live pending sign-in the cookie's token names (401 `two_factor_expired` when there is none). */
async function pendingSignIn(ctx: AppContext, token: string | undefined) {
  if (!token) throw expired();
  const tokenHash = hashToken(token);
  const live = and(
    eq(twoFactorChallenges.tokenHash, tokenHash),
    gt(twoFactorChallenges.expiresAt, sql`now()`),
  );
  const [row] = await ctx.db
    .select({
      id: twoFactorChallenges.id,
      user: users,
      signInMethod: twoFactorChallenges.signInMethod,
      joinedProjectId: twoFactorChallenges.joinedProjectId,
    })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(live);
  if (!row) throw expired();
  return { ...row, live };
}

/** WebAuthn options to finish the pending sign-in with one of the account's passkeys. */
export async function passkeySignInOptions(ctx: AppContext, token: string | undefined) {
  const signIn = await pendingSignIn(ctx, token);
  return startPasskeySignIn(ctx, signIn.id, signIn.user.id);
}

/**
 * Finishes a pending sign-in with a code or a passkey's answer; answers its user, the first step's way in
 * (the caller opens the session) and the project the first step joined, if any. A wrong one counts against the pending sign-in (it dies after
 * TWO_FACTOR.challengeMaxFailures) and the account's code limit.
 */
export async function finishSecondFactor(
  ctx: AppContext,
  token: string | undefined,
  input: TwoFactorSignInRequest,
): Promise<{ user: UserRow; method: SignInMethod; joinedProjectId: number | null }> {
  const { id, user, signInMethod, joinedProjectId, live } = await pendingSignIn(ctx, token);
  const right =
    'passkey' in input
      ? await checkPasskeySignIn(ctx, user, id, input.passkey)
      : 'code' in input
        ? await checkSecondFactor(ctx, user, input.code, { recovery: false })
        : await checkSecondFactor(ctx, user, input.recovery_code, { recovery: true });
  if (!right) {
    const [counted] = await ctx.db
      .update(twoFactorChallenges)
      .set({ failures: sql`${twoFactorChallenges.failures} + 1` })
      .where(live)
      .returning({ failures: twoFactorChallenges.failures });
    if (counted && counted.failures >= TWO_FACTOR.challengeMaxFailures)
      await ctx.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id));
    if ('passkey' in input) throw notVerified('unauthenticated');
    throw new AppError('unauthenticated', 'invalid_code', TWO_FACTOR_TEXTS.invalidCode);
  }
  // Used up: two requests with one pending sign-in cannot both open a session.
  const used = await ctx.db.delete(twoFactorChallenges).where(live).returning({ id: twoFactorChallenges.id });
  if (used.length === 0) throw expired();
  // Deactivated (SCIM) between the two steps: no session.
  assertActive(user);
  return { user, method: (signInMethod as SignInMethod | null) ?? 'password', joinedProjectId };
}
