import { SIGN_IN_LINK_TTL_MS } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { signInLinkTokens, users } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { emailJob } from '../mail/jobs.ts';
import { assertSsoAllowsPassword } from '../sso/sign-in.ts';
import type { UserRow } from '../users/dto.ts';
import { assertActive } from './active.ts';
import { countAttempt } from './limits.ts';
import { createSession } from './sessions.ts';
import { type LinkTokens, newSecretToken, useLinkToken } from './tokens.ts';

/**
 * Emails a single-use sign-in link to the account, at most ACCOUNT_LIMITS.sign_in_link_email times an hour: the
 * second step of a sign-in with the right password while the account is locked for unknown clients (the
 * background part of login's answer).
 */
export async function sendSignInLink(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  if (!(await countAttempt(ctx.db, 'sign_in_link_email', email))) {
    ctx.logger.warn({ userId: user.id }, 'Sign-in link email not sent: hourly limit reached');
    return;
  }
  const { token, hash } = newSecretToken();
  await ctx.db.insert(signInLinkTokens).values({
    tokenHash: hash,
    userId: user.id,
    expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MS),
  });
  const minutes = Math.round(SIGN_IN_LINK_TTL_MS / 60_000);
  await emailJob.send(ctx, {
    to: user.email,
    subject: 'Your Parley sign-in link',
    text: [
      'Someone (hopefully you) signed in to your Parley account with the right password from a browser it does not',
      'know yet, while sign-in from unknown browsers is paused after many failed attempts.',
      `Open this link in that browser to sign in: ${ctx.config.publicUrl}/sign-in-link?token=${token}`,
      `The link works once and expires in ${minutes} minutes.`,
      'If it was not you, someone knows your password: sign in and change it, or reset it with "Forgot password?".',
    ].join('\n'),
  });
}

/**
 * Signs in with the token of an emailed link (a sign-in link, or the confirmation of a new account): the link
 * proves the address, so an account never confirmed is confirmed now.
 */
export async function signInWithLinkToken(
  ctx: AppContext,
  table: LinkTokens,
  token: string,
  invalidMessage: string,
): Promise<{ user: UserRow; token: string }> {
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await useLinkToken(tx, table, token);
    if (userId === null) throw badRequest(invalidMessage, 'invalid_token');
    const [confirmed] = await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    assertActive(confirmed!);
    return confirmed!;
  });
  await assertSsoAllowsPassword(ctx.db, user.email); // a link sent before the domain required SSO
  return { user, token: await createSession(ctx.db, user.id, { method: 'link' }) };
}

export function signInWithLink(ctx: AppContext, token: string): Promise<{ user: UserRow; token: string }> {
  return signInWithLinkToken(
    ctx,
    signInLinkTokens,
    token,
    'This sign-in link is invalid, expired or already used. Please sign in again.',
  );
}
