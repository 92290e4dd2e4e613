import { EMAIL_CONFIRMATION_TOKEN_TTL_MS, type UiLanguage } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { emailConfirmationTokens, users } from '../../db/schema/index.ts';
import { emailJob } from '../mail/jobs.ts';
import type { EmailMessage } from '../mail/mailer.ts';
import { isOpenInviteFor, joinByInvite } from '../members/service.ts';
import type { UserRow } from '../users/dto.ts';
import { authRequestJob } from './jobs.ts';
import { countAttempt } from './limits.ts';
import { assertPasswordAllowed } from './password-rule.ts';
import { hashPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { signInWithLinkToken } from './sign-in-link.ts';
import { newSecretToken } from './tokens.ts';

/** Serialises sign-ups so exactly one first account becomes the super admin. */
export const SIGNUP_LOCK = 724_310_002;

export interface SignupInput {
  email: string;
  password: string;
  name?: string;
  language?: UiLanguage;
  invite_token?: string;
}

export type SignupOutcome =
  | { signedIn: true; user: UserRow; token: string; joinedProjectId?: number }
  | { signedIn: false };

/** A sign-up the background finishes (modules/auth/jobs.ts): the account's details, its password hashed. */
export interface PendingSignup {
  email: string;
  passwordHash: string;
  name: string;
  language: UiLanguage;
}

/**
 * Sign-up. The very first account of the installation (the super admin) and an invitee signing up with the
 * token of their invitation are confirmed and signed in at once; the invitee joins the invited project in the
 * same transaction. Anyone else's sign-up is finished in the
 * background (finishSignup), so the answer, and the work done before it, is the same whether the email is new
 * or taken: sign-up tells nobody which emails have accounts.
 */
export async function signup(ctx: AppContext, input: SignupInput): Promise<SignupOutcome> {
  await assertPasswordAllowed(input.password, input);
  const details: PendingSignup = {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    name: input.name ?? '',
    language: input.language ?? 'en',
  };
  const made = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGNUP_LOCK})`);
    if (await isFirstAccount(tx)) {
      return {
        user: await saveAccount(tx, details, { confirmed: true, superAdmin: true }),
        joined: undefined,
      };
    }
    // Only the holder of an invitation for this email gets further (and learns about its account).
    if (input.invite_token === undefined || !(await isOpenInviteFor(tx, input.invite_token, input.email))) {
      return null;
    }
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email));
    if (existing?.emailConfirmedAt) return null;
    const user = await saveAccount(tx, details, { confirmed: true, existing });
    return { user, joined: await joinByInvite(tx, user, input.invite_token) };
  });
  if (made) {
    const { user, joined } = made;
    if (joined)
      ctx.logger.info({ projectId: joined.project_id, userId: user.id }, 'Signed up from an invitation');
    return {
      signedIn: true,
      user,
      token: await createSession(ctx.db, user.id, { method: 'password' }),
      ...(joined && { joinedProjectId: joined.project_id }),
    };
  }
  await authRequestJob.send(ctx, { type: 'signup', ...details });
  return { signedIn: false };
}

/**
 * The background part of an ordinary sign-up: a new (or still unconfirmed) account is emailed a confirmation
 * link, the owner of a confirmed one a note that someone tried. One address gets at most
 * ACCOUNT_LIMITS.signup_email of these an hour.
 */
export async function finishSignup(ctx: AppContext, details: PendingSignup): Promise<void> {
  const email = await ctx.db.transaction(async (tx): Promise<EmailMessage | null> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGNUP_LOCK})`);
    if (!(await countAttempt(tx, 'signup_email', details.email))) return null;
    const [existing] = await tx.select().from(users).where(eq(users.email, details.email));
    if (existing?.emailConfirmedAt) return someoneTriedEmail(ctx, existing);
    const user = await saveAccount(tx, details, { confirmed: false, existing });
    const { token, hash } = newSecretToken();
    await tx.insert(emailConfirmationTokens).values({
      tokenHash: hash,
      userId: user.id,
      expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_TOKEN_TTL_MS),
    });
    return confirmationEmail(ctx, user, token);
  });
  if (email) await emailJob.send(ctx, email);
  else ctx.logger.warn('Sign-up email not sent: hourly limit for the address reached');
}

/**
 * Writes a new account, or replaces an unconfirmed one: it belongs to whoever confirms it, so the newest
 * sign-up's details win, and only the newest link confirms (an older one would confirm an older password).
 */
async function saveAccount(
  tx: Executor,
  details: PendingSignup,
  how: { confirmed: boolean; superAdmin?: boolean; existing?: UserRow | undefined },
): Promise<UserRow> {
  const values = {
    name: details.name,
    passwordHash: details.passwordHash,
    language: details.language,
    emailConfirmedAt: how.confirmed ? new Date() : null,
  };
  const [user] = how.existing
    ? await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, how.existing.id))
        .returning()
    : await tx
        .insert(users)
        .values({ ...values, email: details.email, isSuperAdmin: how.superAdmin ?? false })
        .returning();
  await tx.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, user!.id));
  return user!;
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
export function confirmEmail(ctx: AppContext, token: string): Promise<{ user: UserRow; token: string }> {
  return signInWithLinkToken(
    ctx,
    emailConfirmationTokens,
    token,
    'This confirmation link is invalid, expired or already used. Sign up again to get a new one.',
  );
}
