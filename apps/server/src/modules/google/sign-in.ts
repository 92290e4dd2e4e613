import type { UiLanguage } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { googleIdentities, users } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../errors.ts';
import { assertActive } from '../auth/active.ts';
import { createSession } from '../auth/sessions.ts';
import { isFirstAccount, SIGNUP_LOCK } from '../auth/signup.ts';
import { isOpenInviteFor, joinByInvite } from '../members/service.ts';
import { assertSsoAllowsPassword } from '../sso/sign-in.ts';
import type { UserRow } from '../users/dto.ts';
import { finishOAuth, type GoogleUser, SIGN_IN_SCOPES, startOAuth, userInfo } from './oauth.ts';

const UNVERIFIED_EMAIL =
  'Google has not verified the email address of this Google account, so it cannot be used to sign in here. ' +
  'Verify the address with Google, or sign in with your email and password.';

const LINKED_ELSEWHERE =
  'The account with this email is already linked to another Google account. Sign in with that Google ' +
  'account or with your email and password.';

export function startGoogleSignIn(ctx: AppContext, redirectUri: string) {
  return startOAuth(ctx, { purpose: 'sign_in', redirectUri, scopes: SIGN_IN_SCOPES });
}

/**
 * Finishes Google sign-in and opens a session. The Google account (its `sub`) signs in to the account it is
 * linked to; else it is linked to the account with its email, only when Google has verified that email; else
 * it makes a new account: confirmed, without a password, the installation's super admin when it is the first.
 * With the token of an open invitation for the account's email it joins that project in the same step (any
 * other token is ignored: the invitation page explains it).
 */
export async function finishGoogleSignIn(
  ctx: AppContext,
  input: { code: string; state: string; language?: UiLanguage; invite_token?: string },
): Promise<{ user: UserRow; token: string; joinedProjectId?: number }> {
  const { tokens } = await finishOAuth(ctx, { purpose: 'sign_in', code: input.code, state: input.state });
  const google = await userInfo(ctx, tokens.accessToken);
  await assertSsoAllowsPassword(ctx.db, google.email.toLowerCase()); // SSO: its domain may require its own IdP
  const { user, joined } = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGNUP_LOCK})`);
    const user = await googleAccount(tx, google, input.language);
    assertActive(user);
    const invite = input.invite_token;
    const open = invite !== undefined && (await isOpenInviteFor(tx, invite, user.email.toLowerCase()));
    return { user, joined: open ? await joinByInvite(tx, user, invite) : undefined };
  });
  ctx.logger.info({ userId: user.id, joinedProjectId: joined?.project_id }, 'Signed in with Google');
  return {
    user,
    token: await createSession(ctx.db, user.id, { method: 'google' }),
    ...(joined && { joinedProjectId: joined.project_id }),
  };
}

async function googleAccount(tx: Executor, google: GoogleUser, language?: UiLanguage): Promise<UserRow> {
  const [linked] = await tx
    .select({ user: users })
    .from(googleIdentities)
    .innerJoin(users, eq(users.id, googleIdentities.userId))
    .where(eq(googleIdentities.sub, google.sub));
  if (linked) return linked.user;
  if (!google.emailVerified) throw forbidden(UNVERIFIED_EMAIL, 'google_email_unverified');
  const [existing] = await tx.select().from(users).where(eq(users.email, google.email));
  return existing ? linkExisting(tx, existing, google) : createAccount(tx, google, language);
}

async function linkExisting(tx: Executor, user: UserRow, google: GoogleUser): Promise<UserRow> {
  const [other] = await tx.select().from(googleIdentities).where(eq(googleIdentities.userId, user.id));
  if (other) throw conflict(LINKED_ELSEWHERE, 'google_linked_elsewhere');
  await tx.insert(googleIdentities).values({ sub: google.sub, userId: user.id, email: google.email });
  // Google vouches for the address, so an account whose confirmation link was never opened is confirmed now;
  // its password goes: whoever chose it never proved the address (it could be someone else's sign-up).
  const unconfirmed = user.emailConfirmedAt === null;
  const [confirmed] = await tx
    .update(users)
    .set({
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      ...(unconfirmed && { passwordHash: null }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return confirmed!;
}

async function createAccount(tx: Executor, google: GoogleUser, language?: UiLanguage): Promise<UserRow> {
  const first = await isFirstAccount(tx);
  const [user] = await tx
    .insert(users)
    .values({
      email: google.email,
      name: google.name.slice(0, 120),
      passwordHash: null,
      language: language ?? 'en',
      emailConfirmedAt: new Date(),
      isSuperAdmin: first,
    })
    .returning();
  await tx.insert(googleIdentities).values({ sub: google.sub, userId: user!.id, email: google.email });
  return user!;
}
