import { EMAIL_CONFIRMATION_TOKEN_TTL_MS, type UiLanguage } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { emailConfirmationTokens, users } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { enqueueEmail } from '../mail/jobs.ts';
import type { EmailMessage } from '../mail/mailer.ts';
import { isOpenInviteFor } from '../members/service.ts';
import type { UserRow } from '../users/dto.ts';
import { countAttempt } from './limits.ts';
import { assertPasswordAllowed } from './password-rule.ts';
import { hashPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { newSecretToken, useLinkToken } from './tokens.ts';

/** Serialises sign-ups so exactly one first account becomes the super admin. */
export const SIGNUP_LOCK = 724_310_002;

export interface SignupInput {
  email: string;
  password: string;
  name?: string;
  language?: UiLanguage;
  invite_token?: string;
}

export type SignupOutcome = { signedIn: true; user: UserRow; token: string } | { signedIn: false };

type Decision =
  | { kind: 'confirmed'; user: UserRow }
  | { kind: 'unconfirmed'; user: UserRow; token: string }
  | { kind: 'taken'; user: UserRow }
  | { kind: 'limited' };

/**
 * Sign-up. The very first account of the installation (the super admin) and an invitee signing up with the
 * token of their invitation are confirmed and signed in at once. Anyone else gets the same answer whether the
 * email is new or taken, so sign-up tells nobody which emails have accounts: a new (or still unconfirmed)
 * account is emailed a confirmation link, the owner of a confirmed one a note that someone tried. One address
 * gets at most ACCOUNT_LIMITS.signup_email of these an hour.
 */
export async function signup(ctx: AppContext, input: SignupInput): Promise<SignupOutcome> {
  await assertPasswordAllowed(input.password, input);
  const passwordHash = await hashPassword(input.password);
  const decision = await ctx.db.transaction(async (tx): Promise<Decision> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGNUP_LOCK})`);
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email));
    const first = !existing && (await isFirstAccount(tx));
    const confirmNow =
      first ||
      (!existing?.emailConfirmedAt &&
        input.invite_token !== undefined &&
        (await isOpenInviteFor(tx, input.invite_token, input.email)));
    if (!confirmNow && !(await countAttempt(tx, 'signup_email', input.email))) return { kind: 'limited' };
    if (existing?.emailConfirmedAt) return { kind: 'taken', user: existing };

    // An unconfirmed account belongs to whoever confirms it: the newest sign-up's details replace it.
    const values = {
      name: input.name ?? '',
      passwordHash,
      language: input.language ?? 'en',
      emailConfirmedAt: confirmNow ? new Date() : null,
    };
    const [user] = existing
      ? await tx
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({ ...values, email: input.email, isSuperAdmin: first })
          .returning();
    // Only the newest link confirms (an older one would confirm an older password).
    await tx.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, user!.id));
    if (confirmNow) return { kind: 'confirmed', user: user! };
    const { token, hash } = newSecretToken();
    await tx.insert(emailConfirmationTokens).values({
      tokenHash: hash,
      userId: user!.id,
      expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_TOKEN_TTL_MS),
    });
    return { kind: 'unconfirmed', user: user!, token };
  });

  switch (decision.kind) {
    case 'confirmed':
      return { signedIn: true, user: decision.user, token: await createSession(ctx.db, decision.user.id) };
    case 'unconfirmed':
      await enqueueEmail(ctx.boss, confirmationEmail(ctx, decision.user, decision.token));
      break;
    case 'taken':
      await enqueueEmail(ctx.boss, someoneTriedEmail(ctx, decision.user));
      break;
    case 'limited':
      ctx.logger.warn('Sign-up email not sent: hourly limit for the address reached');
  }
  return { signedIn: false };
}

export async function isFirstAccount(tx: Executor): Promise<boolean> {
  const [any] = await tx.select({ id: users.id }).from(users).limit(1);
  return any === undefined;
}

function confirmationEmail(ctx: AppContext, user: UserRow, token: string): EmailMessage {
  const hours = Math.round(EMAIL_CONFIRMATION_TOKEN_TTL_MS / 3_600_000);
  return {
    to: user.email,
    subject: 'Confirm your email address for Parley',
    text: [
      'Welcome to Parley! Someone (hopefully you) created an account with this email address.',
      `Open this link to confirm the address and sign in: ${ctx.config.publicUrl}/confirm-email?token=${token}`,
      `The link works once and expires in ${hours} hours. If you did not sign up, ignore this email.`,
    ].join('\n'),
  };
}

function someoneTriedEmail(ctx: AppContext, user: UserRow): EmailMessage {
  return {
    to: user.email,
    subject: 'Someone tried to sign up to Parley with your email',
    text: [
      'Someone (hopefully you) tried to create a Parley account with this email address, which already has one.',
      'Nothing was changed.',
      `To use your account, sign in at ${ctx.config.publicUrl}/login`,
      'If you forgot your password, choose "Forgot password?" there to reset it.',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}

/** Confirms the email of an account with the token of its link and signs it in. */
export async function confirmEmail(
  ctx: AppContext,
  token: string,
): Promise<{ user: UserRow; token: string }> {
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await useLinkToken(tx, emailConfirmationTokens, token);
    if (userId === null) {
      throw badRequest(
        'This confirmation link is invalid, expired or already used. Sign up again to get a new one.',
        'invalid_token',
      );
    }
    const [confirmed] = await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return confirmed!;
  });
  return { user, token: await createSession(ctx.db, user.id) };
}
