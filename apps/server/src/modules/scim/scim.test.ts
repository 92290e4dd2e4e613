import { apiKeyRoutes, authRoutes, type MemberRole, memberRoutes, scimRoutes } from '@parley/contracts';
import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  apiKeys,
  auditEvents,
  projectMembers,
  sessions,
  signInLinkTokens,
  ssoConnections,
  ssoDomains,
  ssoGroupMappings,
  users,
} from '../../db/schema/index.ts';
import { createSession } from '../auth/sessions.ts';
import { newSecretToken } from '../auth/tokens.ts';
import { SCIM_BODY_LIMIT } from './server.ts';

let t: TestApp;
let owner: Client;
let otherOwner: Client;
let projectId: number;
let connectionA: number;
let connectionB: number;
let tokenA: string;
let tokenB: string;

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

async function connection(ownerUserId: number, name: string): Promise<number> {
  const [row] = await t.ctx.db
    .insert(ssoConnections)
    .values({
      name,
      protocol: 'oidc',
      ownerUserId,
      oidcIssuer: 'https://idp.example',
      oidcClientId: 'parley',
    })
    .returning();
  return row!.id;
}

async function generateToken(client: Client, connectionId: number): Promise<string> {
  const response = await client.call(scimRoutes.createToken, { params: { connectionId } });
  expect(response.statusCode).toBe(201);
  return response.json().data.secret;
}

/** A SCIM request as an identity provider sends it. */
function scim(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  contentType = 'application/scim+json',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      ...(token !== null && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': contentType }),
    },
    ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

const filter = (expression: string) => `filter=${encodeURIComponent(expression)}`;

async function roleIn(project: number, userId: number): Promise<MemberRole | null> {
  const [row] = await t.ctx.db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project), eq(projectMembers.userId, userId)));
  return row?.role ?? null;
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A session of the account (as its SSO sign-in would make) and whether it still works. */
async function sessionWorks(cookie: string): Promise<boolean> {
  const response = await callRoute(t.app, authRoutes.me, { cookie });
  return response.statusCode === 200;
}

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  otherOwner = await signUp(t.app);
  projectId = await createProject(owner, 'Provisioned');
  connectionA = await connection(owner.userId, 'Okta');
  connectionB = await connection(otherOwner.userId, 'Other IdP');
  await t.ctx.db.insert(ssoGroupMappings).values([
    { connectionId: connectionA, groupName: '*', projectId, role: 'user' },
    { connectionId: connectionA, groupName: 'Sales', projectId, role: 'admin' },
    { connectionId: connectionA, groupName: 'Support', projectId, role: 'teamleader' },
  ]);
  tokenA = await generateToken(owner, connectionA);
  tokenB = await generateToken(otherOwner, connectionB);
});
afterAll(async () => {
  await t.close();
});

describe('the SCIM token of a connection', () => {
  it('is shown once, kept hashed, and managed only by the connection owner or the super admin', async () => {
    const connection = await t.ctx.db
      .insert(ssoConnections)
      .values({ name: 'Tokens', protocol: 'saml', ownerUserId: owner.userId })
      .returning();
    const id = connection[0]!.id;
    const empty = await owner.call(scimRoutes.get, { params: { connectionId: id } });
    expect(empty.json().data).toEqual({ base_url: 'http://parley.test/scim/v2', token: null });

    const secret = await generateToken(owner, id);
    expect(secret).toMatch(/^parley_scim_[\w-]{40,}$/);
    const shown = (await owner.call(scimRoutes.get, { params: { connectionId: id } })).json().data;
    expect(shown.token.prefix).toBe(secret.slice(0, shown.token.prefix.length));
    expect(JSON.stringify(shown)).not.toContain(secret.slice(shown.token.prefix.length));
    expect((await scim(secret, 'GET', '/Users')).statusCode).toBe(200);
    expect(
      (await owner.call(scimRoutes.get, { params: { connectionId: id } })).json().data.token.last_used_at,
    ).not.toBeNull();

    // Another account learns nothing of it; the super admin manages every connection.
    for (const route of [scimRoutes.get, scimRoutes.createToken, scimRoutes.revokeToken]) {
      expect((await otherOwner.call(route, { params: { connectionId: id } })).statusCode).toBe(404);
    }
    const rotated = await generateToken(owner, id);
    expect((await scim(secret, 'GET', '/Users')).statusCode).toBe(401);
    expect((await scim(rotated, 'GET', '/Users')).statusCode).toBe(200);

    const revoked = await owner.call(scimRoutes.revokeToken, { params: { connectionId: id } });
    expect(revoked.json().data.token).toBeNull();
    const refused = await scim(rotated, 'GET', '/Users');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/scim+json');
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.json()).toMatchObject({ schemas: [ERROR], status: '401' });

    // A disabled connection provisions nothing.
    const again = await generateToken(owner, id);
    await t.ctx.db.update(ssoConnections).set({ enabled: false }).where(eq(ssoConnections.id, id));
    expect((await scim(again, 'GET', '/Users')).statusCode).toBe(401);
  });

  it('answers the discovery endpoints', async () => {
    const config = await scim(tokenA, 'GET', '/ServiceProviderConfig');
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
    });
    expect((await scim(tokenA, 'GET', '/ResourceTypes')).json().totalResults).toBe(2);
    expect((await scim(tokenA, 'GET', `/Schemas/${USER}`)).json().id).toBe(USER);
    expect((await scim(tokenA, 'GET', '/Schemas/nothing')).statusCode).toBe(404);
  });
});

describe('an Okta-shaped provisioning session', () => {
  let id: string;
  let userId: number;
  const email = 'alice@okta-users.example';

  it('creates the user after looking it up by userName, linked to the connection and in the mapped project', async () => {
    const lookup = await scim(
      tokenA,
      'GET',
      `/Users?${filter(`userName eq "${email}"`)}&startIndex=1&count=100`,
    );
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim(tokenA, 'POST', '/Users', {
      schemas: [USER],
      userName: email,
      name: { givenName: 'Alice', familyName: 'Able' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Alice Able',
      locale: 'en-US',
      externalId: '00u1abcd',
      groups: [],
      password: 'ignored-by-parley',
      active: true,
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      schemas: [USER],
      userName: email,
      externalId: '00u1abcd',
      active: true,
      name: { formatted: 'Alice Able' },
      emails: [{ value: email, primary: true }],
    });
    expect(created.headers.location).toBe(`http://parley.test/scim/v2/Users/${user.id}`);
    id = user.id;
    userId = await userIdOf(email);
    const [account] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({ name: 'Alice Able', passwordHash: null, deactivatedAt: null });
    expect(account!.emailConfirmedAt).not.toBeNull();
    expect(await roleIn(projectId, userId)).toBe('user');

    const found = await scim(tokenA, 'GET', `/Users?${filter(`userName eq "${email.toUpperCase()}"`)}`);
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    const byExternalId = await scim(tokenA, 'GET', `/Users?${filter('externalId eq "00u1abcd"')}`);
    expect(byExternalId.json().Resources[0].id).toBe(id);

    const duplicate = await scim(tokenA, 'POST', '/Users', { schemas: [USER], userName: email });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
  });

  it('deactivates with replace {active:false}: signed out everywhere, sign-in refused; reactivation lets them in', async () => {
    const cookie = await createSession(t.ctx.db, userId, { method: 'password' });
    expect(await sessionWorks(cookie)).toBe(true);

    const deactivated = await scim(tokenA, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().active).toBe(false);
    expect(await sessionWorks(cookie)).toBe(false);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    // Their membership stays (it is history, and comes back with them).
    expect(await roleIn(projectId, userId)).toBe('user');
    const [account] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(account!.deactivatedAt).not.toBeNull();

    // A session that raced the deactivation is refused by the lookup itself.
    const raced = await createSession(t.ctx.db, userId, { method: 'password' });
    expect(await sessionWorks(raced)).toBe(false);

    const reactivated = await scim(tokenA, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(reactivated.json().active).toBe(true);
    expect(await sessionWorks(await createSession(t.ctx.db, userId, { method: 'password' }))).toBe(true);
  });

  it('records the deactivation and reactivation in the trail of the account’s projects, once each', async () => {
    const entries = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, userId), like(auditEvents.action, 'scim_user_%')));
    expect(entries.map((entry) => [entry.projectId, entry.action])).toEqual([
      [projectId, 'scim_user_deactivated'],
      [projectId, 'scim_user_reactivated'],
    ]);
    // Made with the connection's token: no account of ours; the identity provider's address.
    expect(entries[0]).toMatchObject({ userId: null, userEmail: null, apiKeyId: null, ip: '127.0.0.1' });
    expect(entries[0]!.details).toEqual({ connection: 'Okta' });
    // Setting the same state again records nothing.
    await scim(tokenA, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    const again = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, userId), like(auditEvents.action, 'scim_user_%')));
    expect(again).toHaveLength(2);
  });

  it('pushes a group and its members: the mapped role appears and goes', async () => {
    const lookup = await scim(tokenA, 'GET', `/Groups?${filter('displayName eq "Sales"')}`);
    expect(lookup.json().totalResults).toBe(0);
    const created = await scim(tokenA, 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Sales',
      members: [],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json().id;

    const added = await scim(tokenA, 'PATCH', `/Groups/${group}`, {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: id, display: email }] }],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().members).toEqual([{ value: id, display: email }]);
    expect(await roleIn(projectId, userId)).toBe('admin');
    const members = await owner.call(memberRoutes.list, { params: { id: projectId } });
    expect(members.json().data.members).toContainEqual(
      expect.objectContaining({ user_id: userId, role: 'admin' }),
    );
    expect((await scim(tokenA, 'GET', `/Users/${id}`)).json().groups).toEqual([
      { value: group, display: 'Sales' },
    ]);

    // Okta's rename repeats the id in the value object; the new name maps to no role of its own.
    const renamed = await scim(tokenA, 'PATCH', `/Groups/${group}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { id: group, displayName: 'Sales EMEA' } }],
    });
    expect(renamed.json().displayName).toBe('Sales EMEA');
    expect(await roleIn(projectId, userId)).toBe('user');
    await scim(tokenA, 'PATCH', `/Groups/${group}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { id: group, displayName: 'Sales' } }],
    });
    expect(await roleIn(projectId, userId)).toBe('admin');

    const removed = await scim(tokenA, 'PATCH', `/Groups/${group}`, {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
    });
    expect(removed.json(), removed.body).toMatchObject({ members: [] });
    expect(await roleIn(projectId, userId)).toBe('user');
  });

  it('replaces the user with PUT', async () => {
    const replaced = await scim(tokenA, 'PUT', `/Users/${id}`, {
      schemas: [USER],
      id,
      userName: email,
      name: { givenName: 'Alice', familyName: 'Baker' },
      emails: [{ primary: true, value: email, type: 'work' }],
      externalId: '00u1abcd',
      active: true,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().name.formatted).toBe('Alice Baker');
  });
});

describe('an Entra-shaped provisioning session', () => {
  let id: string;
  let userId: number;
  const email = 'bob@contoso-users.example';

  it('creates, updates with string booleans and filtered paths, moves group members, and deletes', async () => {
    expect(
      (await scim(tokenA, 'GET', `/Users?${filter(`userName eq "${email}"`)}`)).json().totalResults,
    ).toBe(0);
    const created = await scim(tokenA, 'POST', '/Users', {
      schemas: [USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: 'bob',
      userName: email,
      active: true,
      displayName: 'Bob Brown',
      emails: [{ primary: true, type: 'work', value: email }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Bob Brown', familyName: 'Brown', givenName: 'Bob' },
      roles: [],
    });
    expect(created.statusCode).toBe(201);
    id = created.json().id;
    userId = await userIdOf(email);

    const patched = await scim(tokenA, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'name.familyName', value: 'Black' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: email },
        { op: 'Replace', path: 'displayName', value: 'Bob Black' },
        { op: 'Add', path: 'title', value: 'Engineer' },
      ],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().displayName).toBe('Bob Black');

    const cookie = await createSession(t.ctx.db, userId, { method: 'password' });
    const disabled = await scim(tokenA, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.json().active).toBe(false);
    expect(await sessionWorks(cookie)).toBe(false);
    const enabled = await scim(tokenA, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(enabled.json().active).toBe(true);

    const groups = await scim(
      tokenA,
      'GET',
      `/Groups?excludedAttributes=members&${filter('displayName eq "Support"')}`,
    );
    expect(groups.json().totalResults).toBe(0);
    const group = (
      await scim(tokenA, 'POST', '/Groups', {
        schemas: [GROUP],
        externalId: 'g-1',
        displayName: 'Support',
        members: [],
      })
    ).json().id;
    await scim(tokenA, 'PATCH', `/Groups/${group}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
    });
    expect(await roleIn(projectId, userId)).toBe('teamleader');
    const listed = await scim(
      tokenA,
      'GET',
      `/Groups?excludedAttributes=members&${filter('externalId eq "g-1"')}`,
    );
    expect(listed.json().Resources).toEqual([expect.not.objectContaining({ members: expect.anything() })]);
    await scim(tokenA, 'PATCH', `/Groups/${group}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }],
    });
    expect(await roleIn(projectId, userId)).toBe('user');

    // Deleting the group takes the roles only it gave.
    await scim(tokenA, 'PATCH', `/Groups/${group}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
    });
    expect((await scim(tokenA, 'DELETE', `/Groups/${group}`)).statusCode).toBe(204);
    expect(await roleIn(projectId, userId)).toBe('user');
    expect((await scim(tokenA, 'GET', `/Groups/${group}`)).statusCode).toBe(404);

    // DELETE deactivates the account and ends its provisioning; the account and its membership stay.
    expect((await scim(tokenA, 'DELETE', `/Users/${id}`)).statusCode).toBe(204);
    expect((await scim(tokenA, 'GET', `/Users/${id}`)).statusCode).toBe(404);
    const [account] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(account!.deactivatedAt).not.toBeNull();
    expect(await roleIn(projectId, userId)).toBe('user');
  });
});

describe('deactivating an account that has a password', () => {
  it('links it only on a proven domain, then refuses its password and API keys until reactivated', async () => {
    const carol = await signUp(t.app, 'carol@corp.example', 'carol horse battery');
    const unproven = await scim(tokenA, 'POST', '/Users', { schemas: [USER], userName: carol.email });
    expect(unproven.statusCode).toBe(409);
    expect(unproven.json().scimType).toBe('uniqueness');

    await t.ctx.db.insert(ssoDomains).values({
      connectionId: connectionA,
      domain: 'corp.example',
      verificationToken: 't',
      verifiedAt: new Date(),
    });
    const linked = await scim(tokenA, 'POST', '/Users', { schemas: [USER], userName: carol.email });
    expect(linked.statusCode).toBe(201);
    expect(await userIdOf(carol.email)).toBe(carol.userId);

    const own = await createProject(carol, 'Carol');
    const key = (await carol.call(apiKeyRoutes.create, { params: { id: own }, body: { name: 'ci' } })).json()
      .data.api_key;
    const withKey = () => callRoute(t.app, authRoutes.me, { headers: { authorization: `Bearer ${key}` } });
    const login = () =>
      callRoute(t.app, authRoutes.login, { body: { email: carol.email, password: 'carol horse battery' } });
    expect((await withKey()).statusCode).toBe(200);

    await scim(tokenA, 'PATCH', `/Users/${linked.json().id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(await sessionWorks(carol.cookie)).toBe(false);
    expect((await withKey()).statusCode).toBe(403);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('account_deactivated');
    // An emailed sign-in link is refused too.
    const link = newSecretToken();
    await t.ctx.db
      .insert(signInLinkTokens)
      .values({ tokenHash: link.hash, userId: carol.userId, expiresAt: new Date(Date.now() + 60_000) });
    const byLink = await callRoute(t.app, authRoutes.signInLink, { body: { token: link.token } });
    expect(byLink.statusCode).toBe(403);
    expect(byLink.json().error.code).toBe('account_deactivated');
    // A wrong password still says only that.
    expect(
      (
        await callRoute(t.app, authRoutes.login, { body: { email: carol.email, password: 'wrong one' } })
      ).json().error.code,
    ).toBe('invalid_credentials');
    // The key is not revoked: it works again with the account.
    const [stored] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, carol.userId));
    expect(stored!.revokedAt).toBeNull();

    await scim(tokenA, 'PATCH', `/Users/${linked.json().id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect((await login()).statusCode).toBe(200);
    expect((await withKey()).statusCode).toBe(200);
  });
});

describe('connections are kept apart', () => {
  it("a token sees and changes only its own connection's users and groups", async () => {
    const created = await scim(tokenA, 'POST', '/Users', { schemas: [USER], userName: 'dora@apart.example' });
    const id = created.json().id;
    const group = (await scim(tokenA, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Apart' })).json()
      .id;

    expect((await scim(tokenB, 'GET', `/Users/${id}`)).statusCode).toBe(404);
    expect(
      (await scim(tokenB, 'GET', `/Users?${filter('userName eq "dora@apart.example"')}`)).json().totalResults,
    ).toBe(0);
    expect((await scim(tokenB, 'GET', '/Users')).json().totalResults).toBe(0);
    const patch = { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] };
    expect((await scim(tokenB, 'PATCH', `/Users/${id}`, patch)).statusCode).toBe(404);
    expect((await scim(tokenB, 'DELETE', `/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(tokenB, 'GET', `/Groups/${group}`)).statusCode).toBe(404);
    expect((await scim(tokenB, 'GET', '/Groups')).json().totalResults).toBe(0);

    // B's group cannot take A's user, and B cannot take over A's account by its email.
    const own = (await scim(tokenB, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Apart' })).json().id;
    const taken = await scim(tokenB, 'PATCH', `/Groups/${own}`, {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: id }] }],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().scimType).toBe('invalidValue');
    const stolen = await scim(tokenB, 'POST', '/Users', { schemas: [USER], userName: 'dora@apart.example' });
    expect(stolen.statusCode).toBe(409);
    expect((await scim(tokenA, 'GET', `/Users/${id}`)).json().active).toBe(true);
  });
});

describe('hostile requests', () => {
  it('answers every malformed filter, page, body and path with a SCIM 4xx', async () => {
    for (const expression of [
      'userName co "a"',
      'userName eq "a" or userName eq "b"',
      'userName eq "a") or (1=1',
      'name.familyName eq "x"',
      'userName eq "unterminated',
      'userName eq a',
      '"; DROP TABLE users; --',
      `userName eq "${'a'.repeat(2000)}"`,
    ]) {
      const response = await scim(tokenA, 'GET', `/Users?${filter(expression)}`);
      expect(response.statusCode, expression).toBe(400);
      expect(response.json()).toMatchObject({ schemas: [ERROR], scimType: 'invalidFilter' });
    }
    expect((await scim(tokenA, 'GET', `/Groups?${filter('members eq "x"')}`)).json().scimType).toBe(
      'invalidFilter',
    );
    expect((await scim(tokenA, 'GET', '/Users?startIndex=abc')).statusCode).toBe(400);
    expect((await scim(tokenA, 'GET', '/Users?count=1e9')).statusCode).toBe(400);
    const capped = await scim(tokenA, 'GET', '/Users?count=99999&startIndex=-5');
    expect(capped.statusCode).toBe(200);
    expect(capped.json().startIndex).toBe(1);
    const counted = await scim(tokenA, 'GET', '/Users?count=0');
    expect(counted.json()).toMatchObject({ Resources: [], itemsPerPage: 0 });
    expect(counted.json().totalResults).toBeGreaterThan(0);

    const user = (
      await scim(tokenA, 'POST', '/Users', { schemas: [USER], userName: 'eve@hostile.example' })
    ).json();
    const group = (
      await scim(tokenA, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Hostile' })
    ).json();
    const refusals: Array<[string, Promise<LightMyRequestResponse>, number]> = [
      ['no token', scim(null, 'GET', '/Users'), 401],
      ['not JSON', scim(tokenA, 'POST', '/Users', '{"userName":'), 400],
      ['a JSON list', scim(tokenA, 'POST', '/Users', '[]'), 400],
      ['no userName', scim(tokenA, 'POST', '/Users', { schemas: [USER] }), 400],
      ['a userName of no address', scim(tokenA, 'POST', '/Users', { userName: 'not-an-email' }), 400],
      [
        'a long userName',
        scim(tokenA, 'POST', '/Users', { userName: `${'a'.repeat(10_000)}@x.example` }),
        400,
      ],
      ['NUL', scim(tokenA, 'POST', '/Users', { userName: 'nul\u0000@x.example' }), 400],
      ['an object as userName', scim(tokenA, 'POST', '/Users', { userName: { $ne: null } }), 400],
      [
        'too many emails',
        scim(tokenA, 'POST', '/Users', { userName: 'x@x.example', emails: Array(50).fill({}) }),
        400,
      ],
      ['text/plain', scim(tokenA, 'POST', '/Users', 'userName=x', 'text/plain'), 415],
      ['too large', scim(tokenA, 'POST', '/Users', { userName: 'x'.repeat(SCIM_BODY_LIMIT) }), 413],
      [
        'unknown op',
        scim(tokenA, 'PATCH', `/Users/${user.id}`, {
          schemas: [PATCH],
          Operations: [{ op: 'move', path: 'active' }],
        }),
        400,
      ],
      [
        'no operations',
        scim(tokenA, 'PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [] }),
        400,
      ],
      [
        'too many operations',
        scim(tokenA, 'PATCH', `/Users/${user.id}`, {
          schemas: [PATCH],
          Operations: Array(101).fill({ op: 'replace', path: 'active', value: true }),
        }),
        400,
      ],
      [
        'active as a word',
        scim(tokenA, 'PATCH', `/Users/${user.id}`, {
          Operations: [{ op: 'replace', path: 'active', value: 'maybe' }],
        }),
        400,
      ],
      [
        'remove without path',
        scim(tokenA, 'PATCH', `/Users/${user.id}`, { Operations: [{ op: 'remove' }] }),
        400,
      ],
      ['a group id of no UUID', scim(tokenA, 'GET', "/Groups/1' OR '1'='1"), 404],
      ['an unknown user', scim(tokenA, 'GET', '/Users/00000000-0000-0000-0000-000000000000'), 404],
      [
        'a bad member path',
        scim(tokenA, 'PATCH', `/Groups/${group.id}`, {
          Operations: [{ op: 'remove', path: 'members[value co "a"]' }],
        }),
        400,
      ],
      [
        'an unsupported group path',
        scim(tokenA, 'PATCH', `/Groups/${group.id}`, {
          Operations: [{ op: 'add', path: 'owners', value: [] }],
        }),
        400,
      ],
      [
        'too many members',
        scim(tokenA, 'PATCH', `/Groups/${group.id}`, {
          Operations: [{ op: 'add', path: 'members', value: Array(1001).fill({ value: user.id }) }],
        }),
        400,
      ],
      ['an empty displayName', scim(tokenA, 'POST', '/Groups', { displayName: ' ' }), 400],
      ['a duplicate displayName', scim(tokenA, 'POST', '/Groups', { displayName: 'hostile' }), 409],
      ['an unknown endpoint', scim(tokenA, 'GET', '/Bulk'), 404],
    ];
    for (const [what, response, status] of refusals) {
      const answer = await response;
      expect(answer.statusCode, what).toBe(status);
      expect(answer.headers['content-type'], what).toContain('application/scim+json');
      expect(answer.json(), what).toMatchObject({ schemas: [ERROR], status: String(status) });
    }
  });
});
