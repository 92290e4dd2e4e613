import { authRoutes, projectRoutes, scimRoutes, ssoRoutes } from '@parley/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import { FakeDns } from '../../../test/fake-upstreams/dns.ts';
import { FakeOidcProvider } from '../../../test/fake-upstreams/oidc-provider.ts';
import { FakeSamlIdp } from '../../../test/fake-upstreams/saml-idp.ts';
import {
  type Client,
  createProject,
  sessionCookie,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness.ts';
import {
  auditEvents,
  projectMembers,
  projects,
  sessions,
  ssoConnections,
  ssoIdentities,
  users,
} from '../../db/schema/index.ts';
import { createSession } from '../auth/sessions.ts';
import { cachedOidcConfiguration } from './oidc.ts';

let t: TestApp;
let dns: FakeDns;
let oidc: FakeOidcProvider;
let saml: FakeSamlIdp;
let admin: Client;
let owner: Client;
let stranger: Client;
let projectId: number;
let strangersProject: number;

const ORG = 'acme-oidc.test';
const SAML_ORG = 'acme-saml.test';

beforeAll(async () => {
  [dns, oidc, saml] = await Promise.all([FakeDns.start(), FakeOidcProvider.start(), FakeSamlIdp.start()]);
  t = await startTestApp(
    {},
    {
      URL_UPLOAD_ALLOW_HOSTS: `${oidc.host},${saml.host}`,
      SSO_DNS_SERVERS: dns.address,
      ENCRYPTION_KEY: 'a'.repeat(64),
    },
  );
  admin = await signUp(t.app, `root@${ORG}`); // the first account: super admin, in the SSO domain (break-glass)
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Sales');
  strangersProject = await createProject(stranger, 'Elsewhere');
}, 60_000);
afterAll(async () => {
  await t.close();
  await Promise.all([dns.close(), oidc.close(), saml.close()]);
});

async function createOidcConnection(by: Client) {
  const response = await by.call(ssoRoutes.create, {
    body: {
      name: 'Acme IdP',
      protocol: 'oidc',
      oidc_issuer: oidc.issuer,
      oidc_client_id: oidc.clientId,
      oidc_client_secret: oidc.clientSecret,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; redirect_uri: string };
}

/** The browser's trip: start with the email, the provider's page redirects back, the callback lands. */
async function oidcSignIn(
  email: string,
  change: (callback: URL) => void = () => {},
  withCookie = true,
): Promise<LightMyRequestResponse> {
  const started = await callRoute(t.app, ssoRoutes.start, { body: { email } });
  expect(started.json().data.sso).toBe(true);
  const browser = started.cookies.find((c) => c.name === 'parley_sso')!.value;
  const location = (await fetch(started.json().data.redirect_url, { redirect: 'manual' })).headers.get(
    'location',
  )!;
  const callback = new URL(location);
  change(callback);
  return t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    ...(withCookie && { cookies: { parley_sso: browser } }),
  });
}

const landedOn = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(303);
  return response.headers.location as string;
};

const me = (cookie: string) => callRoute(t.app, authRoutes.me, { cookie });

describe('OIDC connection set-up by a project owner', () => {
  let connectionId: number;

  it('stores the client secret encrypted, and answers the redirect URI to register', async () => {
    const connection = await createOidcConnection(owner);
    connectionId = connection.id;
    expect(connection.redirect_uri).toBe('http://parley.test/api/auth/sso/oidc/callback');
    const [row] = await t.ctx.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId));
    expect(row!.oidcClientSecretEncrypted).toMatch(/^v1\./);
    expect(row!.oidcClientSecretEncrypted).not.toContain(oidc.clientSecret);
    expect(JSON.stringify(connection)).not.toContain(oidc.clientSecret);
  });

  it('refuses a discovery URL on a private or local address that is not allow-listed', async () => {
    const response = await owner.call(ssoRoutes.create, {
      body: { name: 'x', protocol: 'oidc', oidc_issuer: 'http://127.0.0.1:1', oidc_client_id: 'c' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('idp_unreachable');
    const metadata = await owner.call(ssoRoutes.create, {
      body: { name: 'x', protocol: 'saml', saml_metadata_url: 'https://169.254.169.254/metadata' },
    });
    expect(metadata.statusCode).toBe(422);
  });

  it('uses a domain only once its DNS TXT record is found; only the super admin may skip DNS', async () => {
    const added = await owner.call(ssoRoutes.addDomain, { params: { connectionId }, body: { domain: ORG } });
    expect(added.statusCode).toBe(201);
    const domain = added.json().data.domains[0];
    expect(domain.txt_record).toMatch(/^parley-verification=[\w-]+$/);
    expect((await callRoute(t.app, ssoRoutes.start, { body: { email: `x@${ORG}` } })).json().data).toEqual({
      sso: false,
      redirect_url: null,
    });
    const verify = (force?: boolean) =>
      owner.call(ssoRoutes.verifyDomain, {
        params: { connectionId, domainId: domain.id },
        body: force === undefined ? {} : { force },
      });
    const missing = await verify();
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.code).toBe('txt_record_missing');
    expect((await verify(true)).statusCode).toBe(403);
    dns.records.set(ORG, ['v=spf1 -all', domain.txt_record]);
    const proven = await verify();
    expect(proven.statusCode).toBe(200);
    expect(proven.json().data.domains[0].verified_at).not.toBeNull();
  });

  it('maps groups only to projects the owner owns', async () => {
    const map = (project: number, group: string, role: string) =>
      owner.call(ssoRoutes.addMapping, {
        params: { connectionId },
        body: { group_name: group, project_id: project, role: role as 'user' },
      });
    expect((await map(projectId, 'engineers', 'admin')).statusCode).toBe(201);
    expect((await map(projectId, '*', 'user')).statusCode).toBe(201);
    expect((await map(strangersProject, 'engineers', 'owner')).statusCode).toBe(404);
    // An admin (not owner) of a project cannot map to it either.
    await t.ctx.db
      .insert(projectMembers)
      .values({ projectId: strangersProject, userId: owner.userId, role: 'admin' });
    const asAdmin = await map(strangersProject, 'engineers', 'owner');
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.code).toBe('not_project_owner');
  });

  it('hides a connection from other accounts; the super admin sees every one', async () => {
    expect((await stranger.call(ssoRoutes.list)).json().data).toEqual([]);
    expect((await stranger.call(ssoRoutes.get, { params: { connectionId } })).statusCode).toBe(404);
    const update = await stranger.call(ssoRoutes.update, {
      params: { connectionId },
      body: { enabled: false },
    });
    expect(update.statusCode).toBe(404);
    expect((await stranger.call(ssoRoutes.remove, { params: { connectionId } })).statusCode).toBe(404);
    const list = (await admin.call(ssoRoutes.list)).json().data as Array<{ id: number }>;
    expect(list.map((c) => c.id)).toContain(connectionId);
  });

  it('signs a new person in just in time, with the roles their groups map to', async () => {
    const email = `ada@${ORG}`;
    oidc.account = { sub: 'oidc-ada', email, name: 'Ada Lovelace', groups: ['engineers'] };
    const response = await oidcSignIn(email);
    expect(landedOn(response)).toBe('/');
    const user = (await me(sessionCookie(response))).json().data;
    expect(user).toMatchObject({ email, name: 'Ada Lovelace', has_password: false, is_super_admin: false });
    const [membership] = await t.ctx.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)));
    expect(membership).toMatchObject({ role: 'admin', ssoConnectionId: connectionId });
    const [identity] = await t.ctx.db
      .select()
      .from(ssoIdentities)
      .where(eq(ssoIdentities.subject, 'oidc-ada'));
    expect(identity).toMatchObject({ userId: user.id, groups: 'engineers' });

    // Next time the IdP no longer lists the group: only the everyone mapping ('*') is left.
    oidc.account = { ...oidc.account, groups: [] };
    const again = await oidcSignIn(email);
    expect((await me(sessionCookie(again))).json().data.id).toBe(user.id);
    const [after] = await t.ctx.db
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)));
    expect(after!.role).toBe('user');
  });

  it('refuses a callback with another state, without the starting browser, or with a wrong nonce', async () => {
    oidc.account = { sub: 'oidc-bob', email: `bob@${ORG}`, name: 'Bob', groups: [] };
    const otherState = await oidcSignIn(oidc.account.email, (url) => url.searchParams.set('state', 'forged'));
    expect(landedOn(otherState)).toBe('/login?sso_error=sso_expired');
    const otherBrowser = await oidcSignIn(oidc.account.email, () => {}, false);
    expect(landedOn(otherBrowser)).toBe('/login?sso_error=sso_expired');
    oidc.tamper = { nonce: 'replayed-nonce' };
    expect(landedOn(await oidcSignIn(oidc.account.email))).toBe('/login?sso_error=sso_refused');
  });

  it.each([
    ['a wrong audience', { audience: 'someone-else' }],
    ['an expired ID token', { expiresIn: -600 }],
    ['a signature by a key not in the JWKS', { foreignKey: true }],
  ])('refuses %s', async (_case, tamper) => {
    oidc.tamper = tamper;
    oidc.account = { sub: 'oidc-eve', email: `eve@${ORG}`, name: 'Eve', groups: ['engineers'] };
    const response = await oidcSignIn(oidc.account.email);
    oidc.tamper = {};
    expect(landedOn(response)).toBe('/login?sso_error=sso_refused');
    expect(
      await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `eve@${ORG}`)),
    ).toEqual([]);
  });

  it('refuses an email outside the connection’s proven domains', async () => {
    oidc.account = { sub: 'oidc-mallory', email: uniqueEmail('mallory'), name: 'M', groups: [] };
    oidc.accounts.set(`m@${ORG}`, oidc.account);
    const response = await oidcSignIn(`m@${ORG}`);
    expect(landedOn(response)).toBe('/login?sso_error=sso_foreign_email');
  });

  it('with require SSO, refuses passwords, resets and Google for the domain, but not the super admin', async () => {
    const pw = await signUp(t.app, `pw@${ORG}`);
    const updated = await owner.call(ssoRoutes.update, {
      params: { connectionId },
      body: { require_sso: true },
    });
    expect(updated.json().data.require_sso).toBe(true);
    const login = await callRoute(t.app, authRoutes.login, {
      body: { email: pw.email, password: 'correct horse' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('sso_required');
    const reset = await callRoute(t.app, authRoutes.forgotPassword, { body: { email: pw.email } });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().error.code).toBe('sso_required');
    const breakGlass = await callRoute(t.app, authRoutes.login, {
      body: { email: admin.email, password: 'correct horse' },
    });
    expect(breakGlass.statusCode).toBe(200);
    // Another domain is not concerned.
    const other = await callRoute(t.app, authRoutes.login, {
      body: { email: owner.email, password: 'correct horse' },
    });
    expect(other.statusCode).toBe(200);
    await owner.call(ssoRoutes.update, { params: { connectionId }, body: { require_sso: false } });
  });

  it('ends the domain’s sessions not opened through SSO when require SSO comes on, but the super admin’s', async () => {
    const pw = await signUp(t.app, `pw-session@${ORG}`);
    oidc.account = { sub: 'oidc-ada', email: `ada@${ORG}`, name: 'Ada Lovelace', groups: ['engineers'] };
    const bySso = sessionCookie(await oidcSignIn(`ada@${ORG}`));
    const liveSessions = (userId: number) =>
      t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(await liveSessions(pw.userId)).toHaveLength(1);

    await owner.call(ssoRoutes.update, { params: { connectionId }, body: { require_sso: true } });
    try {
      expect(await liveSessions(pw.userId)).toEqual([]);
      expect((await pw.call(authRoutes.me)).statusCode).toBe(401);
      expect((await me(bySso)).statusCode).toBe(200);
      expect((await admin.call(authRoutes.me)).statusCode).toBe(200);
      expect((await owner.call(authRoutes.me)).statusCode).toBe(200); // another domain

      // A password session that slipped in after the switch (a sign-in racing it) is refused per request.
      const raced = await createSession(t.ctx.db, pw.userId, { method: 'password' });
      const racedCall = await callRoute(t.app, authRoutes.me, { cookie: raced });
      expect(racedCall.statusCode).toBe(401);
    } finally {
      await owner.call(ssoRoutes.update, { params: { connectionId }, body: { require_sso: false } });
    }
  });

  it('ends them too when a domain is proven for a connection that already requires SSO', async () => {
    const domain = 'late-acme.test';
    const pw = await signUp(t.app, `late@${domain}`);
    await owner.call(ssoRoutes.update, { params: { connectionId }, body: { require_sso: true } });
    try {
      const added = await owner.call(ssoRoutes.addDomain, { params: { connectionId }, body: { domain } });
      const pending = (
        added.json().data.domains as Array<{ id: number; domain: string; txt_record: string }>
      ).find((d) => d.domain === domain)!;
      expect((await pw.call(authRoutes.me)).statusCode).toBe(200); // not proven yet: not routed
      dns.records.set(domain, [pending.txt_record]);
      const proven = await owner.call(ssoRoutes.verifyDomain, {
        params: { connectionId, domainId: pending.id },
        body: {},
      });
      expect(proven.statusCode).toBe(200);
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, pw.userId))).toEqual([]);
      expect((await pw.call(authRoutes.me)).statusCode).toBe(401);
      await owner.call(ssoRoutes.removeDomain, { params: { connectionId, domainId: pending.id } });
    } finally {
      await owner.call(ssoRoutes.update, { params: { connectionId }, body: { require_sso: false } });
    }
  });

  it('stops routing the domain when the connection is disabled', async () => {
    await owner.call(ssoRoutes.update, { params: { connectionId }, body: { enabled: false } });
    expect((await callRoute(t.app, ssoRoutes.start, { body: { email: `ada@${ORG}` } })).json().data.sso).toBe(
      false,
    );
    await owner.call(ssoRoutes.update, { params: { connectionId }, body: { enabled: true } });
  });

  it('lets an SSO session meet a project’s two-factor rule, where a password session without 2FA may not', async () => {
    oidc.account = { sub: 'oidc-ada', email: `ada@${ORG}`, name: 'Ada Lovelace', groups: ['engineers'] };
    const cookie = sessionCookie(await oidcSignIn(`ada@${ORG}`));
    await t.ctx.db.update(projects).set({ requireTwoFactor: true }).where(eq(projects.id, projectId));
    try {
      const bySso = await callRoute(t.app, projectRoutes.get, { cookie, params: { id: projectId } });
      expect(bySso.statusCode, bySso.body).toBe(200);
      const byPassword = await owner.call(projectRoutes.get, { params: { id: projectId } });
      expect(byPassword.statusCode).toBe(403);
      expect(byPassword.json().error.code).toBe('two_factor_required');
    } finally {
      await t.ctx.db.update(projects).set({ requireTwoFactor: false }).where(eq(projects.id, projectId));
    }
  });

  it('refuses a deactivated account at the callback, and opens no session', async () => {
    const [ada] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, `ada@${ORG}`));
    await t.ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, ada!.id));
    try {
      oidc.account = { sub: 'oidc-ada', email: `ada@${ORG}`, name: 'Ada Lovelace', groups: [] };
      const response = await oidcSignIn(`ada@${ORG}`);
      expect(landedOn(response)).toBe('/login?sso_error=account_deactivated');
      expect(response.cookies.find((c) => c.name === 'parley_session' && c.value)).toBeUndefined();
    } finally {
      await t.ctx.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, ada!.id));
    }
  });
});

describe('SAML connection', () => {
  let connectionId: number;

  beforeAll(async () => {
    const created = await admin.call(ssoRoutes.create, {
      body: { name: 'Acme SAML', protocol: 'saml', saml_metadata_url: `${saml.url}/metadata` },
    });
    expect(created.statusCode, created.body).toBe(201);
    connectionId = created.json().data.id;
    const domain = await admin.call(ssoRoutes.addDomain, {
      params: { connectionId },
      body: { domain: SAML_ORG },
    });
    const domainId = domain.json().data.domains[0].id;
    const forced = await admin.call(ssoRoutes.verifyDomain, {
      params: { connectionId, domainId },
      body: { force: true },
    });
    expect(forced.statusCode).toBe(200);
    await admin.call(ssoRoutes.addMapping, {
      params: { connectionId },
      body: { group_name: 'sales', project_id: projectId, role: 'teamleader' },
    });
  });

  /** Start with the email, and the Response the IdP's page would post to the ACS, with the browser's cookie. */
  async function samlResponse(email: string): Promise<{ response: string; browser: string }> {
    const started = await callRoute(t.app, ssoRoutes.start, { body: { email } });
    expect(started.json().data.sso).toBe(true);
    const browser = started.cookies.find((c) => c.name === 'parley_sso')!.value;
    const page = await (await fetch(started.json().data.redirect_url)).text();
    return { response: /name="SAMLResponse" value="([^"]+)"/.exec(page)![1]!, browser };
  }

  const postToAcs = (answer: { response: string; browser?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ SAMLResponse: answer.response, RelayState: '' }).toString(),
      ...(answer.browser !== undefined && { cookies: { parley_sso: answer.browser } }),
    });

  it('publishes the service provider metadata with the ACS URL', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/saml/${connectionId}/metadata`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Location="http://parley.test/api/auth/sso/saml/acs"');
    expect(response.body).toContain('WantAssertionsSigned="true"');
  });

  it('signs a person in just in time from a signed assertion, with their groups’ roles', async () => {
    const email = `grace@${SAML_ORG}`;
    saml.account = { nameId: email, email, displayName: 'Grace Hopper', groups: ['sales', 'other'] };
    const response = await postToAcs(await samlResponse(email));
    expect(landedOn(response)).toBe('/');
    const user = (await me(sessionCookie(response))).json().data;
    expect(user).toMatchObject({ email, name: 'Grace Hopper', has_password: false });
    const [membership] = await t.ctx.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)));
    expect(membership!.role).toBe('teamleader');
  });

  it('refuses the same assertion twice', async () => {
    const email = `replay@${SAML_ORG}`;
    saml.account = { nameId: email, email, displayName: 'R', groups: [] };
    const response = await samlResponse(email);
    expect(landedOn(await postToAcs(response))).toBe('/');
    const replayed = await postToAcs(response);
    expect(landedOn(replayed)).toMatch(/^\/login\?sso_error=/);
    expect(replayed.cookies.find((c) => c.name === 'parley_session')).toBeUndefined();
  });

  it.each([
    ['a wrong audience', { audience: 'https://other.example/sp' }],
    ['an expired assertion', { expiresIn: -300 }],
    ['an unsigned assertion', { unsigned: true }],
    ['an assertion signed by a key not in the metadata', { foreignKey: true }],
  ])('refuses %s', async (_case, tamper) => {
    const email = `${uniqueEmail('bad').split('@')[0]}@${SAML_ORG}`;
    saml.account = { nameId: email, email, displayName: 'Bad', groups: ['sales'] };
    saml.tamper = tamper;
    const response = await samlResponse(email);
    saml.tamper = {};
    expect(landedOn(await postToAcs(response))).toBe('/login?sso_error=sso_refused');
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a response to no request of ours (IdP-initiated, or forged InResponseTo)', async () => {
    const email = `idp@${SAML_ORG}`;
    const account = { nameId: email, email, displayName: 'I', groups: [] };
    const forged = saml.response({
      requestId: '_not-ours',
      acsUrl: 'http://parley.test/api/auth/sso/saml/acs',
      audience: `http://parley.test/api/auth/sso/saml/${connectionId}/metadata`,
      account,
    });
    expect(landedOn(await postToAcs({ response: forged }))).toBe('/login?sso_error=sso_expired');
    expect(landedOn(await postToAcs({ response: 'not base64 xml' }))).toBe('/login?sso_error=sso_expired');
  });

  it('refuses an answer posted by a browser other than the one that started the sign-in (login CSRF)', async () => {
    const email = `victim-csrf@${SAML_ORG}`;
    saml.account = { nameId: email, email, displayName: 'Attacker', groups: [] };
    const attackers = await samlResponse(email);
    const victims = await samlResponse(`someone@${SAML_ORG}`); // the victim's browser has a cookie of its own
    for (const browser of [undefined, victims.browser]) {
      const posted = await postToAcs({ response: attackers.response, browser });
      expect(landedOn(posted)).toBe('/login?sso_error=sso_expired');
      expect(posted.cookies.find((c) => c.name === 'parley_session' && c.value)).toBeUndefined();
    }
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // The browser that started it still can.
    expect(landedOn(await postToAcs(attackers))).toBe('/');
  });

  it('sends the browser cookie with the IdP’s cross-site POST over https (SameSite=None; Secure), else Lax', async () => {
    const startCookie = async () => {
      const started = await callRoute(t.app, ssoRoutes.start, { body: { email: `c@${SAML_ORG}` } });
      return started.cookies.find((c) => c.name === 'parley_sso')!;
    };
    expect(await startCookie()).toMatchObject({ sameSite: 'Lax', httpOnly: true, path: '/api/auth/sso' });
    const config = t.ctx.config as { publicUrl: string };
    const publicUrl = config.publicUrl;
    config.publicUrl = 'https://parley.test';
    try {
      expect(await startCookie()).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true });
    } finally {
      config.publicUrl = publicUrl;
    }
  });
});

describe('OIDC discovery for sign-ins', () => {
  it('is reused per connection for a while, and read again when the settings change', async () => {
    const settings = { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret };
    const first = await cachedOidcConfiguration(t.ctx, 900_001, settings);
    expect(await cachedOidcConfiguration(t.ctx, 900_001, settings)).toBe(first);
    expect(await cachedOidcConfiguration(t.ctx, 900_002, settings)).not.toBe(first);
    const changed = await cachedOidcConfiguration(t.ctx, 900_001, { ...settings, clientSecret: 'rotated' });
    expect(changed).not.toBe(first);
    expect(await cachedOidcConfiguration(t.ctx, 900_001, { ...settings, clientSecret: 'rotated' })).toBe(
      changed,
    );
  });
});

describe('who may set SSO up', () => {
  it('refuses an account that owns no project', async () => {
    const nobody = await signUp(t.app);
    const response = await nobody.call(ssoRoutes.create, {
      body: { name: 'x', protocol: 'oidc', oidc_issuer: oidc.issuer, oidc_client_id: oidc.clientId },
    });
    expect(response.statusCode).toBe(403);
    expect((await nobody.call(projectRoutes.list)).statusCode).toBe(200);
  });
});

describe('the audit trail of SSO and SCIM changes', () => {
  it('records each change in the projects the connection reaches, without secrets', async () => {
    const domain = 'audited-acme.test';
    const secret = 'a-very-secret-client-secret';
    const pw = await signUp(t.app, `pw@${domain}`);
    const start = (await t.ctx.db.select({ id: auditEvents.id }).from(auditEvents)).reduce(
      (max, row) => Math.max(max, row.id),
      0,
    );
    const created = await owner.call(ssoRoutes.create, {
      body: {
        name: 'Audited',
        protocol: 'oidc',
        oidc_issuer: oidc.issuer,
        oidc_client_id: oidc.clientId,
        oidc_client_secret: oidc.clientSecret,
      },
    });
    const connectionId = created.json().data.id as number;
    const params = { connectionId };
    await owner.call(ssoRoutes.update, { params, body: { name: 'Audited IdP', oidc_client_secret: secret } });
    const added = await owner.call(ssoRoutes.addDomain, { params, body: { domain } });
    const pending = added.json().data.domains[0];
    dns.records.set(domain, [pending.txt_record]);
    await owner.call(ssoRoutes.verifyDomain, { params: { ...params, domainId: pending.id }, body: {} });
    await owner.call(ssoRoutes.update, { params, body: { require_sso: true } });
    const mapped = await owner.call(ssoRoutes.addMapping, {
      params,
      body: { group_name: 'auditors', project_id: projectId, role: 'user' },
    });
    const mappingId = mapped.json().data.mappings[0].id;
    await owner.call(ssoRoutes.removeMapping, { params: { ...params, mappingId } });
    const token = (await owner.call(scimRoutes.createToken, { params })).json().data.secret as string;
    await owner.call(scimRoutes.revokeToken, { params });
    await owner.call(ssoRoutes.removeDomain, { params: { ...params, domainId: pending.id } });
    expect((await owner.call(ssoRoutes.remove, { params })).statusCode).toBe(200);

    const entries = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.id, start))
      .orderBy(asc(auditEvents.id));
    // The owner's project only (the stranger's project is not reached), in order, by the owner.
    expect(new Set(entries.map((entry) => entry.projectId))).toEqual(new Set([projectId]));
    expect(entries.every((entry) => entry.userId === owner.userId && entry.targetId === connectionId)).toBe(
      true,
    );
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
      ['sso_connection_created', { connection: 'Audited', protocol: 'oidc' }],
      ['sso_connection_updated', { connection: 'Audited IdP', changed: 'name,oidc_client_secret' }],
      ['sso_domain_added', { connection: 'Audited IdP', domain }],
      ['sso_domain_verified', { connection: 'Audited IdP', domain, without_dns: false }],
      ['sso_required_changed', { connection: 'Audited IdP', required: true, sessions: 1 }],
      ['sso_group_mapping_added', { connection: 'Audited IdP', group: 'auditors', role: 'user' }],
      ['sso_group_mapping_removed', { connection: 'Audited IdP', group: 'auditors', role: 'user' }],
      ['scim_token_generated', { connection: 'Audited IdP' }],
      ['scim_token_revoked', { connection: 'Audited IdP' }],
      ['sso_domain_removed', { connection: 'Audited IdP', domain }],
      ['sso_connection_deleted', { connection: 'Audited IdP' }],
    ]);
    const text = JSON.stringify(entries);
    for (const hidden of [secret, oidc.clientSecret, token, token.slice(0, 12), pending.txt_record]) {
      expect(text).not.toContain(hidden);
    }
    expect((await pw.call(authRoutes.me)).statusCode).toBe(401); // the require-SSO entry's one session
  });
});
