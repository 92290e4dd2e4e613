import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from './harness.ts';

/** Routes anonymous callers may use. Everything else under /api must answer 401 to them. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
]);

let t: TestApp;
let routes: Array<{ method: string; url: string }>;
let owner: Client;
let stranger: Client;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin, so that owner and stranger are ordinary accounts
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Owned');
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
});
