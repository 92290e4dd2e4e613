/**
 * Method and path of the routes a first visit to the web app calls (the session check, the sign-in page's
 * sign-in, Google and SSO buttons), without their schemas: the web calls them through a client that does not
 * load zod (apps/web/src/shared/api/transport.ts). routes/auth.ts and routes/sso.ts define those routes from
 * these.
 */
export const firstVisitEndpoints = {
  session: { method: 'GET', path: '/auth/session' },
  installation: { method: 'GET', path: '/auth/installation' },
  login: { method: 'POST', path: '/auth/login' },
  googleAvailable: { method: 'GET', path: '/auth/google' },
  googleStart: { method: 'POST', path: '/auth/google/start' },
  ssoStart: { method: 'POST', path: '/auth/sso/start' },
} as const;

export type Endpoint = (typeof firstVisitEndpoints)[keyof typeof firstVisitEndpoints];
