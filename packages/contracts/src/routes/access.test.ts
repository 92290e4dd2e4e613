import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from './index.ts';

const name = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const withAccess = (access: string) =>
  ALL_ROUTES.filter((route) => route.access === access)
    .map(name)
    .sort();

describe('who may call each route', () => {
  it('opens to anonymous callers only sign-in and sign-up, the session, whether any account exists, health and readiness, reading an invitation, the phone-system receivers (signed by their provider), and single sign-on (starting it, the answers of identity providers, the SP metadata)', () => {
    expect(withAccess('public')).toEqual(
      [
        'GET /health',
        'GET /health/ready',
        'POST /auth/signup',
        'POST /auth/login',
        'POST /auth/two-factor',
        'POST /auth/two-factor/passkey-options',
        'POST /auth/confirm',
        'POST /auth/sign-in-link',
        'POST /auth/logout',
        'GET /auth/session',
        'GET /auth/installation',
        'POST /auth/forgot-password',
        'POST /auth/reset-password',
        'GET /auth/google',
        'POST /auth/google/start',
        'POST /auth/google/callback',
        'GET /invites/:token',
        'POST /receivers/:key',
        'POST /auth/sso/start',
        'GET /auth/sso/oidc/callback',
        'POST /auth/sso/saml/acs',
        'GET /auth/sso/saml/:connectionId/metadata',
      ].sort(),
    );
  });

  it('lets media keys only upload and read the status and results of their uploads', () => {
    expect(withAccess('media-key')).toEqual(
      [
        'GET /projects/:id/upload-prompts',
        'POST /projects/:id/uploads',
        'POST /projects/:id/uploads/chunks',
        'POST /projects/:id/uploads/url',
        'POST /projects/:id/batches',
        'GET /projects/:id/batches',
        'GET /projects/:id/batches/template.csv',
        'GET /projects/:id/batches/:batchId/items',
        'GET /projects/:id/analyses',
        'GET /projects/:id/analyses/export',
        'GET /projects/:id/analyses/:taskId',
        'GET /projects/:id/analyses/:taskId/media',
      ].sort(),
    );
  });

  it("lets full keys use their project's routes, never key, support-access, two-factor rule or session management", () => {
    const projectRoutes = ALL_ROUTES.filter((route) => route.path.startsWith('/projects/:id'));
    const closed = projectRoutes.filter((route) => route.access === 'session').map(name);
    expect(closed.length).toBeGreaterThan(0);
    for (const path of closed) {
      expect(path).toMatch(
        /^\S+ \/projects\/:id\/(api-keys|support-access|two-factor-policy|members\/:userId\/sign-out)(\/|$)/,
      );
    }
    const keyManagement = projectRoutes.filter((route) =>
      /\/(api-keys|support-access|two-factor-policy)(\/|$)/.test(route.path),
    );
    for (const route of keyManagement) expect([name(route), route.access]).toEqual([name(route), 'session']);
  });

  it('lets full keys outside projects read the account, the project list, models, help, tariffs and the blacklist', () => {
    const outside = ALL_ROUTES.filter(
      (route) => !route.path.startsWith('/projects/:id') && route.access === 'full-key',
    );
    for (const route of outside) {
      expect(name(route)).toMatch(
        /^(GET \/auth\/me|GET \/projects|\S+ \/(blacklist|blacklist-import|billing|models|knowledge-base)(\/\S*)?)$/,
      );
    }
    expect(outside.map(name)).toEqual(
      expect.arrayContaining(['GET /auth/me', 'GET /projects', 'POST /blacklist']),
    );
  });
});
