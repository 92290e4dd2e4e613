import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The Google account that "consents" on the fake's authorization page. */
export interface FakeGoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export const FAKE_GOOGLE_CLIENT_ID = 'fake-client-id.apps.googleusercontent.com';
export const FAKE_GOOGLE_CLIENT_SECRET = 'fake-google-client-secret';

/**
 * A browser carrying this cookie for the fake's origin consents as the account in it (base64url JSON, see
 * accountCookie): each e2e test's browser context picks its own Google user without racing the others.
 */
export const FAKE_GOOGLE_ACCOUNT_COOKIE = 'fake_google_account';

export function accountCookie(account: FakeGoogleAccount): string {
  return Buffer.from(JSON.stringify(account)).toString('base64url');
}

function accountFromCookie(header: string | undefined): FakeGoogleAccount | null {
  const value = header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === FAKE_GOOGLE_ACCOUNT_COOKIE)?.[1];
  return value ? (JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as FakeGoogleAccount) : null;
}

export const DEFAULT_GOOGLE_ACCOUNT: FakeGoogleAccount = {
  sub: '100000000000000000001',
  email: 'grace@example.com',
  email_verified: true,
  name: 'Grace Hopper',
};

/** A request the fake received (the token endpoint's form fields in `form`). */
export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form: URLSearchParams | null;
}

/**
 * An extra endpoint on the same server (e.g. Drive's files.list): answers and returns true when it serves the
 * request, else returns false. `account` is the owner of the request's Bearer access token, if valid.
 */
export type FakeGoogleRoute = (
  request: FakeGoogleRequest,
  res: ServerResponse,
  account: FakeGoogleAccount | null,
) => boolean | Promise<boolean>;

interface IssuedCode {
  account: FakeGoogleAccount;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string;
  scope: string;
  offline: boolean;
}

const AUTHORIZE_PATH = '/o/oauth2/v2/auth';
const TOKEN_PATH = '/token';
const USERINFO_PATH = '/oauth2/v3/userinfo';
const ACCESS_TOKEN_TTL_S = 3599;

/**
 * A stateful fake of Google's OAuth 2.0 endpoints in their wire formats: the authorization page (consents at
 * once as `account` and redirects back with code and state), the token endpoint (authorization_code with PKCE
 * S256 checked, refresh_token, Google's JSON errors) and the OpenID user info. Extra routes (Drive) can be
 * added with `use`.
 */
export class FakeGoogle {
  readonly requests: FakeGoogleRequest[] = [];
  /** http://127.0.0.1:{port} once started. */
  origin = '';
  /** Who consents on the next authorizations. */
  account: FakeGoogleAccount = { ...DEFAULT_GOOGLE_ACCOUNT };
  /** When set, the next authorization is refused with this OAuth error (e.g. access_denied). */
  denyNext: string | null = null;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, FakeGoogleAccount>();
  private readonly refreshTokens = new Map<string, FakeGoogleAccount>();
  private readonly revoked = new Set<string>();
  private readonly routes: FakeGoogleRoute[] = [];
  private readonly server: Server;

  readonly clientId: string;
  readonly clientSecret: string;

  private constructor(clientId: string, clientSecret: string) {
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const raw = Buffer.concat(chunks).toString('utf8');
        const request: FakeGoogleRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          form: /x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')
            ? new URLSearchParams(raw)
            : null,
        };
        this.requests.push(request);
        this.handle(request, res).catch((error: unknown) => {
          if (!res.headersSent) json(res, 500, { error: { code: 500, message: String(error) } });
        });
      });
    });
  }

  static async start(
    options: { clientId?: string; clientSecret?: string; port?: number } = {},
  ): Promise<FakeGoogle> {
    const fake = new FakeGoogle(
      options.clientId ?? FAKE_GOOGLE_CLIENT_ID,
      options.clientSecret ?? FAKE_GOOGLE_CLIENT_SECRET,
    );
    await new Promise<void>((resolve) => fake.server.listen(options.port ?? 0, '127.0.0.1', resolve));
    fake.origin = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The app's environment pointing at this fake. */
  env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: this.clientId,
      GOOGLE_CLIENT_SECRET: this.clientSecret,
      GOOGLE_AUTH_URL: `${this.origin}${AUTHORIZE_PATH}`,
      GOOGLE_TOKEN_URL: `${this.origin}${TOKEN_PATH}`,
      GOOGLE_API_URL: this.origin,
    };
  }

  /** The same as `config.google`. */
  config() {
    const env = this.env();
    return {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authUrl: env.GOOGLE_AUTH_URL!,
      tokenUrl: env.GOOGLE_TOKEN_URL!,
      apiUrl: env.GOOGLE_API_URL!,
    };
  }

  /** Adds endpoints (tried in order, before a 404). */
  use(route: FakeGoogleRoute): void {
    this.routes.push(route);
  }

  /** The account of an `Authorization: Bearer …` header, or null when the token is unknown or revoked. */
  accountOf(authorization: string | undefined): FakeGoogleAccount | null {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    return token ? (this.accessTokens.get(token) ?? null) : null;
  }

  /** Revokes a refresh token (or every one): refreshing it answers invalid_grant. */
  revoke(refreshToken?: string): void {
    for (const token of refreshToken ? [refreshToken] : this.refreshTokens.keys()) this.revoked.add(token);
  }

  /** Forgets every access token, as when they expire: API calls answer 401 until refreshed. */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** A code as the authorization page issues it, for `account` (default: `this.account`). */
  authorize(query: URLSearchParams, account: FakeGoogleAccount = this.account): URL {
    const redirect = new URL(query.get('redirect_uri') ?? '');
    const state = query.get('state');
    if (state !== null) redirect.searchParams.set('state', state);
    if (this.denyNext) {
      redirect.searchParams.set('error', this.denyNext);
      this.denyNext = null;
      return redirect;
    }
    const code = `4/${randomBytes(24).toString('base64url')}`;
    this.codes.set(code, {
      account: { ...account },
      clientId: query.get('client_id') ?? '',
      redirectUri: query.get('redirect_uri') ?? '',
      codeChallenge: query.get('code_challenge'),
      codeChallengeMethod: query.get('code_challenge_method') ?? 'plain',
      scope: query.get('scope') ?? '',
      offline: query.get('access_type') === 'offline',
    });
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('scope', query.get('scope') ?? '');
    return redirect;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: FakeGoogleRequest, res: ServerResponse): Promise<void> {
    if (request.method === 'GET' && request.path === AUTHORIZE_PATH) {
      const { query } = request;
      if (query.get('client_id') !== this.clientId || !URL.canParse(query.get('redirect_uri') ?? '')) {
        res.writeHead(400, { 'content-type': 'text/html' });
        res.end('<h1>Error 400: invalid_request</h1>');
        return;
      }
      const account = accountFromCookie(request.headers.cookie) ?? this.account;
      res.writeHead(302, { location: this.authorize(query, account).toString() });
      res.end();
      return;
    }
    if (request.method === 'POST' && request.path === TOKEN_PATH) {
      const { status, body } = this.token(request.form);
      return json(res, status, body);
    }
    if (request.method === 'GET' && request.path === USERINFO_PATH) {
      const account = this.accountOf(request.headers.authorization);
      if (!account) {
        return json(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
      }
      return json(res, 200, {
        sub: account.sub,
        name: account.name,
        given_name: account.name.split(' ')[0],
        picture: 'https://lh3.googleusercontent.com/a/fake',
        email: account.email,
        email_verified: account.email_verified,
      });
    }
    const account = this.accountOf(request.headers.authorization);
    for (const route of this.routes) if (await route(request, res, account)) return;
    json(res, 404, { error: { code: 404, message: `No such endpoint: ${request.method} ${request.path}` } });
  }

  private token(form: URLSearchParams | null): { status: number; body: unknown } {
    const field = (name: string) => form?.get(name) ?? '';
    if (field('client_id') !== this.clientId || field('client_secret') !== this.clientSecret) {
      return reply(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    if (field('grant_type') === 'authorization_code') {
      const issued = this.codes.get(field('code'));
      this.codes.delete(field('code'));
      if (!issued || issued.clientId !== this.clientId) {
        return reply(400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      }
      if (issued.redirectUri !== field('redirect_uri')) {
        return reply(400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      }
      if (!pkceMatches(issued, field('code_verifier'))) {
        return reply(400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      }
      const refreshToken = issued.offline ? `1//${randomBytes(24).toString('base64url')}` : undefined;
      if (refreshToken) this.refreshTokens.set(refreshToken, issued.account);
      return reply(200, {
        access_token: this.issueAccessToken(issued.account),
        expires_in: ACCESS_TOKEN_TTL_S,
        ...(refreshToken && { refresh_token: refreshToken }),
        scope: issued.scope,
        token_type: 'Bearer',
      });
    }
    if (field('grant_type') === 'refresh_token') {
      const account = this.refreshTokens.get(field('refresh_token'));
      if (!account || this.revoked.has(field('refresh_token'))) {
        return reply(400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      }
      return reply(200, {
        access_token: this.issueAccessToken(account),
        expires_in: ACCESS_TOKEN_TTL_S,
        scope: 'https://www.googleapis.com/auth/drive.readonly',
        token_type: 'Bearer',
      });
    }
    return reply(400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' });
  }

  private issueAccessToken(account: FakeGoogleAccount): string {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, account);
    return token;
  }
}

function pkceMatches(issued: IssuedCode, verifier: string): boolean {
  if (!issued.codeChallenge) return true;
  if (!verifier) return false;
  const expected =
    issued.codeChallengeMethod === 'S256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  return expected === issued.codeChallenge;
}

function reply(status: number, body: unknown): { status: number; body: unknown } {
  return { status, body };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Starts the fake on a free port (or `port`), e.g. from e2e's global setup. */
export function startFakeGoogle(options?: Parameters<typeof FakeGoogle.start>[0]): Promise<FakeGoogle> {
  return FakeGoogle.start(options);
}
