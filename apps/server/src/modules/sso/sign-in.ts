import { SSO_DEFAULT_GROUPS_ATTRIBUTE } from '@parley/contracts';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  ssoConnections,
  ssoDomains,
  ssoIdentities,
  ssoSignInRequests,
  users,
} from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../errors.ts';
import { assertActive } from '../auth/active.ts';
import { createSession } from '../auth/sessions.ts';
import { SIGNUP_LOCK } from '../auth/signup.ts';
import { hashToken, newSecretToken } from '../auth/tokens.ts';
import type { UserRow } from '../users/dto.ts';
import { clientSecret, type SsoConnectionRow, ssoUrls } from './connections.ts';
import { syncGroupMemberships } from './group-roles.ts';
import { cachedOidcConfiguration, type OidcSettings, oidcAuthorizationRequest, oidcFinish } from './oidc.ts';
import { inResponseToOf, samlAuthorizeUrl, samlFinish } from './saml.ts';

/** How long an OIDC round trip may take before its state is refused. */
const OIDC_REQUEST_TTL_MS = 10 * 60 * 1000;

export const SSO_REQUIRED_MESSAGE =
  'Your organisation signs in with single sign-on: use "Continue" with your work email on the sign-in page.';

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The enabled connection a verified domain routes to, or null. */
export async function connectionForEmail(db: Executor, email: string): Promise<SsoConnectionRow | null> {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoDomains.connectionId))
    .where(
      and(
        eq(ssoDomains.domain, domainOf(email)),
        isNotNull(ssoDomains.verifiedAt),
        eq(ssoConnections.enabled, true),
      ),
    );
  return row?.connection ?? null;
}

/**
 * Refuses a password or Google sign-in (or a password reset) for an email whose domain requires SSO, with 403
 * sso_required, unless the account is the super admin's (the break-glass account when the IdP is down).
 */
export async function assertSsoAllowsPassword(db: Executor, email: string): Promise<void> {
  const connection = await connectionForEmail(db, email);
  if (!connection?.requireSso) return;
  const [user] = await db
    .select({ isSuperAdmin: users.isSuperAdmin })
    .from(users)
    .where(eq(users.email, email));
  if (user?.isSuperAdmin) return;
  throw forbidden(SSO_REQUIRED_MESSAGE, 'sso_required');
}

/**
 * Where the browser goes to sign in with this email: the IdP of its domain's connection, or null when the domain
 * does not use SSO. Whether an account exists plays no part. `browser` is the cookie value the answer must come
 * back with (checked at the OIDC callback and the SAML ACS).
 */
export async function startSsoSignIn(
  ctx: AppContext,
  email: string,
): Promise<{ redirectUrl: string; browser: string; protocol: SsoConnectionRow['protocol'] } | null> {
  const connection = await connectionForEmail(ctx.db, email);
  if (!connection) return null;
  const { protocol } = connection;
  const browser = newSecretToken().token;
  if (protocol === 'saml') {
    return { redirectUrl: await samlAuthorizeUrl(ctx, connection, hashToken(browser)), browser, protocol };
  }
  const config = await cachedOidcConfiguration(ctx, connection.id, oidcSettings(ctx, connection));
  const request = await oidcAuthorizationRequest(config, ssoUrls(ctx, connection).oidcRedirectUri, email);
  await ctx.db.delete(ssoSignInRequests).where(sql`${ssoSignInRequests.expiresAt} < now()`);
  await ctx.db.insert(ssoSignInRequests).values({
    key: hashToken(request.state),
    connectionId: connection.id,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    browserHash: hashToken(browser),
    expiresAt: new Date(Date.now() + OIDC_REQUEST_TTL_MS),
  });
  return { redirectUrl: request.url, browser, protocol };
}

const oidcSettings = (ctx: AppContext, connection: SsoConnectionRow): OidcSettings => ({
  issuer: connection.oidcIssuer!,
  clientId: connection.oidcClientId!,
  clientSecret: clientSecret(ctx, connection),
});

const expired = () =>
  new AppError(
    'invalid',
    'sso_expired',
    'This sign-in is invalid, expired or already used. Please start again.',
  );

async function usableConnection(ctx: AppContext, connectionId: number): Promise<SsoConnectionRow> {
  const [connection] = await ctx.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId));
  if (!connection?.enabled)
    throw forbidden('Single sign-on is turned off for your organisation.', 'sso_disabled');
  return connection;
}

/** The OIDC callback: the state is used up, the code exchanged, the ID token checked, the person signed in. */
export async function finishOidcSignIn(
  ctx: AppContext,
  callbackUrl: URL,
  browser: string | undefined,
): Promise<{ user: UserRow; token: string }> {
  const state = callbackUrl.searchParams.get('state') ?? '';
  const [request] = await ctx.db
    .delete(ssoSignInRequests)
    .where(and(eq(ssoSignInRequests.key, hashToken(state)), gt(ssoSignInRequests.expiresAt, sql`now()`)))
    .returning();
  if (!request?.nonce || !request.codeVerifier) throw expired();
  // Started in another browser: someone may be trying to sign this browser in to their own account.
  if (!browser || hashToken(browser) !== request.browserHash) throw expired();
  const connection = await usableConnection(ctx, request.connectionId);
  const config = await cachedOidcConfiguration(ctx, connection.id, oidcSettings(ctx, connection));
  const identity = await oidcFinish(config, callbackUrl, {
    state,
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
  });
  if (!identity.emailVerified) {
    throw forbidden('The identity provider has not verified this email address.', 'sso_email_unverified');
  }
  return signInThroughIdp(ctx, connection, {
    subject: identity.subject,
    email: identity.email,
    name: identity.name,
    groups: groupsOf(identity.claims[connection.groupsAttribute ?? SSO_DEFAULT_GROUPS_ATTRIBUTE]),
  });
}

/**
 * The SAML ACS: the response is verified by the connection whose AuthnRequest it answers, posted by the browser
 * that sent that request.
 */
export async function finishSamlSignIn(ctx: AppContext, samlResponse: string, browser: string | undefined) {
  const requestId = inResponseToOf(samlResponse);
  if (!requestId) throw expired();
  const [request] = await ctx.db
    .select({ connectionId: ssoSignInRequests.connectionId, browserHash: ssoSignInRequests.browserHash })
    .from(ssoSignInRequests)
    .where(eq(ssoSignInRequests.key, requestId));
  if (!request) throw expired();
  // Started in another browser: someone may be trying to sign this browser in to their own account.
  if (!browser || hashToken(browser) !== request.browserHash) throw expired();
  const connection = await usableConnection(ctx, request.connectionId);
  const identity = await samlFinish(ctx, connection, samlResponse);
  return signInThroughIdp(ctx, connection, {
    subject: identity.subject,
    email: identity.email,
    name: identity.name,
    groups: groupsOf(identity.attributes[connection.groupsAttribute ?? SSO_DEFAULT_GROUPS_ATTRIBUTE]),
  });
}

function groupsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list
    .filter((group): group is string => typeof group === 'string' && group.length > 0)
    .slice(0, 1000);
}

interface IdpPerson {
  subject: string;
  email: string | null;
  name: string;
  groups: string[];
}

/**
 * The one place an SSO sign-in becomes a session: finds the account the IdP subject is linked to, else links the
 * account with its email or makes one (just in time), only for an email of a domain proven for this connection;
 * records the groups and syncs the memberships they map to.
 */
async function signInThroughIdp(
  ctx: AppContext,
  connection: SsoConnectionRow,
  person: IdpPerson,
): Promise<{ user: UserRow; token: string }> {
  const user = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGNUP_LOCK})`);
    const [linked] = await tx
      .select({ user: users })
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .where(and(eq(ssoIdentities.connectionId, connection.id), eq(ssoIdentities.subject, person.subject)));
    const user = linked?.user ?? (await linkOrCreate(tx, connection, person));
    assertActive(user);
    await tx
      .insert(ssoIdentities)
      .values({
        connectionId: connection.id,
        subject: person.subject,
        userId: user.id,
        groups: person.groups.join('\n'),
        lastSignInAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [ssoIdentities.connectionId, ssoIdentities.subject],
        set: { groups: person.groups.join('\n'), lastSignInAt: new Date() },
      });
    await syncGroupMemberships(tx, connection.id, user.id, person.groups);
    return user;
  });
  ctx.logger.info({ userId: user.id, connectionId: connection.id }, 'Signed in with SSO');
  return { user, token: await createSession(ctx.db, user.id, { method: 'sso' }) };
}

async function linkOrCreate(tx: Executor, connection: SsoConnectionRow, person: IdpPerson): Promise<UserRow> {
  const email = person.email;
  const [proven] = email
    ? await tx
        .select({ id: ssoDomains.id })
        .from(ssoDomains)
        .where(
          and(
            eq(ssoDomains.connectionId, connection.id),
            eq(ssoDomains.domain, domainOf(email)),
            isNotNull(ssoDomains.verifiedAt),
          ),
        )
    : [];
  if (!email || !proven) {
    throw forbidden(
      'The identity provider signed in an email address outside the domains of this connection.',
      'sso_foreign_email',
    );
  }
  const [existing] = await tx.select().from(users).where(eq(users.email, email));
  if (existing) {
    if (existing.emailConfirmedAt) return existing;
    // The IdP vouches for the address now: a password chosen by whoever signed up unconfirmed goes.
    const [confirmed] = await tx
      .update(users)
      .set({ emailConfirmedAt: new Date(), passwordHash: null, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    return confirmed!;
  }
  const [created] = await tx
    .insert(users)
    .values({
      email,
      name: (person.name || email.slice(0, email.indexOf('@'))).slice(0, 120),
      passwordHash: null,
      emailConfirmedAt: new Date(),
    })
    .returning();
  return created!;
}
