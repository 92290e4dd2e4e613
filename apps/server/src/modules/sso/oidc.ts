import * as client from 'openid-client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { errorMessage } from '../../thrown.ts';
import { hashToken } from '../auth/tokens.ts';
import { idpFetch, insecureAllowed, unreachable } from './fetch.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What an ID token said about the person, as sign-in needs it. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  claims: Record<string, unknown>;
}

/** How long a connection's discovery (and the key set it loads) is reused by sign-ins, and for how many. */
const DISCOVERY_TTL_MS = 5 * 60 * 1000;
const DISCOVERY_CACHE_MAX = 200;

const discoveries = new Map<number, { settings: string; expiresAt: number; config: client.Configuration }>();

/**
 * A connection's configuration for sign-ins: discovered at most every DISCOVERY_TTL_MS per connection (each start
 * and callback would otherwise fetch the discovery document), again at once when its settings change. At most
 * DISCOVERY_CACHE_MAX connections are kept; the oldest go first.
 */
export async function cachedOidcConfiguration(
  ctx: AppContext,
  connectionId: number,
  settings: OidcSettings,
): Promise<client.Configuration> {
  const key = hashToken(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]));
  const cached = discoveries.get(connectionId);
  if (cached && cached.settings === key && cached.expiresAt > Date.now()) return cached.config;
  const config = await oidcConfiguration(ctx, settings);
  discoveries.delete(connectionId);
  discoveries.set(connectionId, { settings: key, expiresAt: Date.now() + DISCOVERY_TTL_MS, config });
  if (discoveries.size > DISCOVERY_CACHE_MAX) discoveries.delete(discoveries.keys().next().value!);
  return config;
}

/**
 * The provider's configuration from its discovery document (openid-client checks the issuer it names). Read
 * through the SSRF guard; http only for allow-listed hosts (tests).
 */
export async function oidcConfiguration(
  ctx: AppContext,
  settings: OidcSettings,
): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  try {
    return await client.discovery(
      issuer,
      settings.clientId,
      undefined,
      settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
      {
        [client.customFetch]: idpFetch(ctx),
        // The ID token's signature is checked against the provider's JWKS too, not only trusted for having come
        // from the token endpoint.
        execute: [
          client.enableNonRepudiationChecks,
          ...(insecureAllowed(ctx, issuer) ? [client.allowInsecureRequests] : []),
        ],
        timeout: 15,
      },
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreachable(
      `its discovery document at ${issuer.origin} could not be read (${errorMessage(error)}).`,
    );
  }
}

export interface OidcRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization URL: code flow with PKCE (S256), state and nonce. */
export async function oidcAuthorizationRequest(
  config: client.Configuration,
  redirectUri: string,
  loginHint: string,
): Promise<OidcRequest> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: loginHint,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * Exchanges the code (with the PKCE verifier) and checks the ID token: signature by the provider's JWKS,
 * issuer, audience, expiry, nonce (openid-client). Any failure is a refusal.
 */
export async function oidcFinish(
  config: client.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<OidcIdentity> {
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new AppError(
      'forbidden',
      'sso_refused',
      `The identity provider's answer was refused: ${errorMessage(error)}`,
    );
  }
  if (!claims) throw new AppError('forbidden', 'sso_refused', 'The identity provider sent no ID token.');
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  const name = [claims.name, [claims.given_name, claims.family_name].filter(Boolean).join(' ')].find(
    (value) => typeof value === 'string' && value.trim(),
  );
  return {
    subject: claims.sub,
    email,
    // Providers that leave email_verified out (Entra ID) vouch for the addresses of their own directory.
    emailVerified: claims.email_verified !== false,
    name: typeof name === 'string' ? name.trim() : '',
    claims,
  };
}
