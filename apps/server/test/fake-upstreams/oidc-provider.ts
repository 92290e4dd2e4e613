import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** The person the fake's authorization page signs in (tests set it; e2e passes it as login_hint's account). */
export interface FakeOidcAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name: string;
  groups: string[];
}

/** Ways to make the next ID token wrong, for tests of what the client must refuse. */
export interface IdTokenTampering {
  audience?: string;
  /** Seconds from now (negative: already expired). */
  expiresIn?: number;
  nonce?: string;
  /** Signed by a key that is not in the provider's JWKS. */
  foreignKey?: boolean;
}

interface IssuedCode {
  account: FakeOidcAccount;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
}

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/**
 * An OpenID Connect provider on 127.0.0.1: discovery, JWKS, authorization (code flow, PKCE S256 required) and
 * token endpoints, signing ID tokens with a real RS256 key (verified by the client library against its JWKS).
 */
export class FakeOidcProvider {
  account: FakeOidcAccount | null = null;
  /** Accounts by email, for e2e: the authorization page signs in the login_hint's account. */
  readonly accounts = new Map<string, FakeOidcAccount>();
  tamper: IdTokenTampering = {};
  readonly clientId = 'parley-test-client';
  readonly clientSecret = 'fake-oidc-client-secret';
  private readonly codes = new Map<string, IssuedCode>();
  private jwk!: JWK;

  private readonly server: Server;
  readonly issuer: string;
  private readonly keys: KeyPair;
  private readonly foreign: KeyPair;

  private constructor(server: Server, issuer: string, keys: KeyPair, foreign: KeyPair) {
    this.server = server;
    this.issuer = issuer;
    this.keys = keys;
    this.foreign = foreign;
  }

  static async start(): Promise<FakeOidcProvider> {
    const [keys, foreign] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('RS256')]);
    let fake: FakeOidcProvider | undefined;
    const server = createServer((req, res) => {
      fake!.handle(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeOidcProvider(server, `http://127.0.0.1:${port}`, keys, foreign);
    fake.jwk = { ...(await exportJWK(keys.publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' };
    return fake;
  }

  /** host:port, for URL_UPLOAD_ALLOW_HOSTS (the SSRF guard lets the app reach this loopback server). */
  get host(): string {
    return new URL(this.issuer).host;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.issuer);
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [this.jwk] });
    // e2e workers run in other processes: they tell the fake who signs in as which email.
    if (url.pathname === '/test/accounts' && req.method === 'POST') {
      const account = JSON.parse(await body(req)) as FakeOidcAccount;
      this.accounts.set(account.email, account);
      return json(201, { ok: true });
    }
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      const account = this.accounts.get(q.get('login_hint') ?? '') ?? this.account;
      if (q.get('client_id') !== this.clientId || q.get('response_type') !== 'code' || !account) {
        return json(400, { error: 'invalid_request' });
      }
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        return json(400, { error: 'invalid_request', error_description: 'PKCE required' });
      }
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, {
        account,
        clientId: this.clientId,
        redirectUri: q.get('redirect_uri') ?? '',
        codeChallenge: q.get('code_challenge') ?? '',
        nonce: q.get('nonce') ?? '',
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await body(req));
      const issued = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !issued ||
        form.get('client_id') !== this.clientId ||
        form.get('client_secret') !== this.clientSecret ||
        form.get('redirect_uri') !== issued.redirectUri ||
        challenge !== issued.codeChallenge
      ) {
        return json(400, { error: 'invalid_grant' });
      }
      return json(200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: await this.idToken(issued),
      });
    }
    json(404, { error: 'not_found' });
  }

  private idToken(issued: IssuedCode): Promise<string> {
    const { account } = issued;
    const tamper = this.tamper;
    const now = Math.floor(Date.now() / 1000);
    const key = tamper.foreignKey ? this.foreign.privateKey : this.keys.privateKey;
    return new SignJWT({
      email: account.email,
      email_verified: account.email_verified ?? true,
      name: account.name,
      groups: account.groups,
      nonce: tamper.nonce ?? issued.nonce,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-key-1' })
      .setIssuer(this.issuer)
      .setSubject(account.sub)
      .setAudience(tamper.audience ?? issued.clientId)
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (tamper.expiresIn ?? 300))
      .sign(key);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
