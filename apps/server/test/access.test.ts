import { API_KEY_TEXTS, SUPPORT_TEXTS } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from './harness.ts';
import { createKey, type KeyClient, keyClient } from './settings.ts';

/** Routes anonymous callers may use. Everything else under /api must answer 401 to them. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  // The second step of a sign-in: its pending sign-in's cookie is the caller's proof (modules/two-factor).
  'POST /api/auth/two-factor',
  'POST /api/auth/two-factor/passkey-options',
  'POST /api/auth/confirm',
  'POST /api/auth/sign-in-link',
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/invites/{token}',
  'POST /api/auth/google/start',
  'POST /api/auth/google/callback',
  // Anonymous visitors get 200 with user null (the web app asks on every page); keys are checked below.
  'GET /api/auth/session',
  // Only whether any account exists: a fresh installation opens sign-up.
  'GET /api/auth/installation',
  // A phone system's call events: the provider's signature is their authentication (modules/receivers).
  'POST /api/receivers/{key}',
  // Single sign-on: whether an email's domain uses it, and a SAML connection's SP metadata (given to the IdP).
  'POST /api/auth/sso/start',
  'GET /api/auth/sso/saml/{connectionId}/metadata',
]);

/** What a media key may call (spec 2 §3): uploading, and the status and results of its own uploads. */
const MEDIA_KEY_ROUTES = new Set([
  'GET /api/projects/{id}/upload-prompts',
  'POST /api/projects/{id}/uploads',
  'POST /api/projects/{id}/uploads/chunks',
  'POST /api/projects/{id}/uploads/url',
  'POST /api/projects/{id}/batches',
  'GET /api/projects/{id}/batches',
  'GET /api/projects/{id}/batches/template.csv',
  'GET /api/projects/{id}/batches/{batchId}/items',
  'GET /api/projects/{id}/analyses',
  'GET /api/projects/{id}/analyses/export',
  'GET /api/projects/{id}/analyses/{taskId}',
  'GET /api/projects/{id}/analyses/{taskId}/media',
]);

let t: TestApp;
let routes: Array<{ method: string; url: string }>;
let owner: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
let support: Client;
let mediaKey: KeyClient;
let fullKey: KeyClient;

beforeAll(async () => {
  t = await startTestApp();
  const superAdmin = await signUp(t.app); // the super admin, so that owner and stranger are ordinary accounts
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  support = await signUp(t.app);
  await superAdmin.request({
    method: 'PUT',
    url: `/api/admin/users/${support.userId}`,
    payload: { role: 'support' },
  });
  projectId = await createProject(owner, 'Owned');
  otherProjectId = await createProject(owner, 'Also owned');
  mediaKey = keyClient(t.app, (await createKey(owner, projectId, 'media')).key);
  fullKey = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url })),
  );
});
afterAll(async () => {
  await t.close();
});

const fill = (url: string, id: number) => url.replace(/\{[a-zA-Z]*[iI]d\}/g, String(id));

describe('every API route', () => {
  it('is documented in OpenAPI (the inventory below is complete)', () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  it('answers 401 to anonymous callers unless it is public', async () => {
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: fill(route.url, projectId),
        payload: {},
      });
      expect({ key, status: response.statusCode }).toEqual({ key, status: 401 });
    }
  });

  it("answers 404 to a signed-in stranger for every route of someone else's project", async () => {
    const projectRoutes = routes.filter((route) => route.url.startsWith('/api/projects/{'));
    expect(projectRoutes.length).toBeGreaterThan(0);
    for (const route of projectRoutes) {
      const key = `${route.method} ${route.url}`;
      const response = await stranger.request({
        method: route.method as 'GET',
        url: fill(route.url, projectId),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ key, status: response.statusCode }).toEqual({ key, status: 404 });
    }
    expect((await owner.request({ method: 'GET', url: `/api/projects/${projectId}` })).statusCode).toBe(200);
  });

  it('answers 403 to anyone but a super admin for every /api/admin route', async () => {
    const adminRoutes = routes.filter((route) => route.url.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const key = `${route.method} ${route.url}`;
      const response = await owner.request({
        method: route.method as 'GET',
        url: fill(route.url, projectId),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ key, status: response.statusCode }).toEqual({ key, status: 403 });
    }
  });

  const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

  it('answers 403 to a media key on every route but the upload and status routes of its project', async () => {
    let allowed = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      const response = await mediaKey.request({
        method: route.method as 'GET',
        url: fill(route.url, projectId),
        payload: bodyFor(route.method),
      });
      if (MEDIA_KEY_ROUTES.has(key)) {
        allowed += 1;
        expect({ key, status: response.statusCode }).not.toEqual({ key, status: 403 });
        expect({ key, status: response.statusCode }).not.toEqual({ key, status: 401 });
      } else {
        expect({ key, status: response.statusCode }).toEqual({ key, status: 403 });
        expect(response.json().error.message).toBe(API_KEY_TEXTS.mediaOnly);
      }
    }
    expect(allowed).toBe(MEDIA_KEY_ROUTES.size);
  });

  it('tells a key what GET /auth/me tells it: a media key learns nothing about its creator', async () => {
    const media = await mediaKey.request({ method: 'GET', url: '/api/auth/session' });
    expect(media.statusCode).toBe(403);
    expect(media.json().error.message).toBe(API_KEY_TEXTS.mediaOnly);
    expect(media.body).not.toContain('@');
    const full = await fullKey.request({ method: 'GET', url: '/api/auth/session' });
    const me = await fullKey.request({ method: 'GET', url: '/api/auth/me' });
    expect(full.statusCode).toBe(200);
    expect(full.json().data.user).toEqual(me.json().data);
  });

  it('answers 404 to any key on every route of another project, even one its creator owns', async () => {
    const projectRoutes = routes.filter((route) => route.url.startsWith('/api/projects/{'));
    for (const client of [mediaKey, fullKey]) {
      for (const route of projectRoutes) {
        const key = `${route.method} ${route.url}`;
        const response = await client.request({
          method: route.method as 'GET',
          url: fill(route.url, otherProjectId),
          payload: bodyFor(route.method),
        });
        expect({ key, status: response.statusCode }).toEqual({ key, status: 404 });
      }
    }
  });

  it('answers 404 to support staff without a grant, and 403 to every write with one', async () => {
    const projectRoutes = routes.filter((route) => route.url.startsWith('/api/projects/{'));
    for (const route of projectRoutes) {
      const key = `${route.method} ${route.url}`;
      const response = await support.request({
        method: route.method as 'GET',
        url: fill(route.url, projectId),
        payload: bodyFor(route.method),
      });
      expect({ key, status: response.statusCode }).toEqual({ key, status: 404 });
    }
    await owner.request({
      method: 'POST',
      url: `/api/projects/${projectId}/support-access`,
      payload: { duration: 1, unit: 'hours' },
    });
    for (const route of projectRoutes) {
      const key = `${route.method} ${route.url}`;
      if (route.url.endsWith('/analyses/events')) continue; // a stream: it stays open
      const response = await support.request({
        method: route.method as 'GET',
        url: fill(route.url, projectId),
        payload: bodyFor(route.method),
      });
      if (route.method === 'GET') {
        // The support audit is the owner's; originals and a person's data are for the project's own admins and owners.
        const ownerOnly = [
          '/support-access/audit',
          '/original-media',
          '/original-transcript',
          '/data-requests/export',
        ].some((end) => route.url.endsWith(end));
        if (ownerOnly) expect({ key, status: response.statusCode }).toEqual({ key, status: 403 });
        else expect({ key, status: response.statusCode }).not.toEqual({ key, status: 403 });
      } else {
        expect({ key, status: response.statusCode }).toEqual({ key, status: 403 });
        expect(response.json().error.message).toBe(SUPPORT_TEXTS.readOnly);
      }
    }
  });
});
