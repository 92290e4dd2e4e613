import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { oauthStates } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors.ts';
import { hashToken } from '../auth/tokens.ts';
import { googleAnswer } from './failed-call.ts';

export type OAuthPurpose = (typeof oauthStates.$inferSelect)['purpose'];
export type OAuthStateRow = typeof oauthStates.$inferSelect;

/** How long a started OAuth round trip may take before its state is refused. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const SIGN_IN_SCOPES = ['openid', 'email', 'profile'];
export const DRIVE_SCOPES = ['https://www.googleapis.com/auth/drive.readonly', 'email'];

export interface GoogleTokens {
  accessToken: string;
  /** Only when offline access was asked for (and Google chose to send one). */
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
}

export interface GoogleUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** A refresh token Google no longer accepts (revoked, expired, or the password changed): connect again. */
export class GoogleGrantRevokedError extends Error {
  constructor(description: string) {
    super(`Google refused the stored authorization (${description}). Connect the account again.`);
    this.name = 'GoogleGrantRevokedError';
  }
}

export function googleConfigured(config: Config): boolean {
  return Boolean(config.google.clientId && config.google.clientSecret);
}

export function assertGoogleConfigured(config: Config): void {
  if (!googleConfigured(config)) {
    throw new AppError(
      'unavailable',
      'google_not_configured',
      'Google sign-in is not set up on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are missing).',
    );
  }
}

/** Google's OAuth client, pointed at the configured endpoints (tests and private gateways use others). */
export function oauthClient(config: Config): OAuth2Client {
  assertGoogleConfigured(config);
  return new OAuth2Client({
    clientId: config.google.clientId,
    clientSecret: config.google.clientSecret,
    endpoints: { oauth2AuthBaseUrl: config.google.authUrl, oauth2TokenUrl: config.google.tokenUrl },
  });
}

/**
 * Refuses a redirect URI outside the app: Google sends the code there, so a foreign one would hand someone
 * else the sign-in. `origins` are the public address's and the one the request was sent to.
 */
export function assertOwnRedirectUri(redirectUri: string, origins: string[]): void {
  const origin = URL.canParse(redirectUri) ? new URL(redirectUri).origin : null;
  if (!origin || !origins.some((allowed) => URL.canParse(allowed) && new URL(allowed).origin === origin)) {
    throw badRequest('The redirect address must be on this site.', 'invalid_redirect_uri');
  }
}

export interface StartOAuthInput {
  purpose: OAuthPurpose;
  redirectUri: string;
  scopes: string[];
  /** Ask for a refresh token (Drive): access_type=offline with the consent screen every time. */
  offline?: boolean;
  userId?: number;
  connectionId?: number;
}

/** Starts authorization code with PKCE: stores the hashed state and the verifier, returns Google's URL. */
export async function startOAuth(
  ctx: AppContext,
  input: StartOAuthInput,
): Promise<{ auth_url: string; state: string }> {
  const client = oauthClient(ctx.config);
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const state = randomBytes(32).toString('base64url');
  // Round trips never finished are swept here (indexed, and starts are rare), not by a job of their own.
  await ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
  await ctx.db.insert(oauthStates).values({
    stateHash: hashToken(state),
    purpose: input.purpose,
    codeVerifier,
    redirectUri: input.redirectUri,
    userId: input.userId ?? null,
    connectionId: input.connectionId ?? null,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  const auth_url = client.generateAuthUrl({
    redirect_uri: input.redirectUri,
    scope: input.scopes,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: CodeChallengeMethod.S256,
    ...(input.offline
      ? { access_type: 'offline', prompt: 'consent', include_granted_scopes: true }
      : { prompt: 'select_account' }),
  });
  return { auth_url, state };
}

const STATE_REFUSED =
  'This Google sign-in link is invalid, expired or already used. Please start again from the beginning.';

/**
 * Completes a round trip: the state is used up (whatever happens next), then the code is exchanged with the
 * stored verifier. A wrong, expired or used state, or a code Google refuses, is a 400.
 */
export async function finishOAuth(
  ctx: AppContext,
  input: { purpose: OAuthPurpose; code: string; state: string },
): Promise<{ tokens: GoogleTokens; oauthState: OAuthStateRow }> {
  const client = oauthClient(ctx.config);
  const [row] = await ctx.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, hashToken(input.state)), eq(oauthStates.purpose, input.purpose)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) throw badRequest(STATE_REFUSED, 'invalid_state');
  try {
    const { tokens } = await client.getToken({
      code: input.code,
      codeVerifier: row.codeVerifier,
      redirect_uri: row.redirectUri,
    });
    if (!tokens.access_token) throw new Error('Google answered without an access token.');
    return { tokens: toTokens(tokens), oauthState: row };
  } catch (error) {
    const reason = oauthError(error);
    if (reason) {
      throw badRequest(`Google did not accept the sign-in (${reason}). Please try again.`, 'google_refused');
    }
    throw error;
  }
}

/** Who the access token belongs to, from Google's OpenID Connect user info. */
export async function userInfo(ctx: AppContext, accessToken: string): Promise<GoogleUser> {
  const client = oauthClient(ctx.config);
  client.setCredentials({ access_token: accessToken });
  const { data } = await client.request<{
    sub: string;
    email?: string;
    email_verified?: boolean | string;
    name?: string;
  }>({ url: `${ctx.config.google.apiUrl}/oauth2/v3/userinfo` });
  if (!data.sub || !data.email) {
    throw badRequest('Google did not share the email address of the account.', 'google_no_email');
  }
  return {
    sub: data.sub,
    email: data.email.toLowerCase(),
    emailVerified: data.email_verified === true || data.email_verified === 'true',
    name: data.name ?? '',
  };
}

/** A fresh access token for a stored refresh token; a refused grant is a GoogleGrantRevokedError. */
export async function refreshAccessToken(ctx: AppContext, refreshToken: string): Promise<GoogleTokens> {
  const client = oauthClient(ctx.config);
  try {
    client.setCredentials({ refresh_token: refreshToken });
    const { credentials } = await client.refreshAccessToken();
    if (!credentials.access_token) throw new Error('Google answered without an access token.');
    return { ...toTokens(credentials), refreshToken: credentials.refresh_token ?? refreshToken };
  } catch (error) {
    if (oauthError(error)?.startsWith('invalid_grant')) {
      throw new GoogleGrantRevokedError(oauthError(error)!);
    }
    throw error;
  }
}

function toTokens(tokens: {
  access_token?: string | null;
  refresh_token?: string | null;
  expiry_date?: number | null;
  scope?: string | null;
}): GoogleTokens {
  return {
    accessToken: tokens.access_token!,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : null,
    scope: tokens.scope ?? null,
  };
}

/** Google's OAuth error (`invalid_grant: Bad Request`) of a failed token request, if it was one. */
function oauthError(error: unknown): string | null {
  const data = googleAnswer(error)?.data;
  if (typeof data?.error !== 'string') return null;
  return typeof data.error_description === 'string' ? `${data.error}: ${data.error_description}` : data.error;
}
