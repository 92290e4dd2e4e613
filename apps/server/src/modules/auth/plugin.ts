import { API_KEY_TEXTS, type ApiKeyType, SESSION_COOKIE, type SignInMethod, TEXTS } from '@parley/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unauthorized } from '../../errors.ts';
import { bearerToken } from '../../http/bearer.ts';
import { pathId } from '../../http/path-id.ts';
import { authenticateApiKey } from '../api-keys/authenticate.ts';
import type { UserRow } from '../users/dto.ts';
import { userForSession } from './sessions.ts';

/** The API key a request authenticated with. */
export interface ApiKeyScope {
  id: number;
  projectId: number;
  type: ApiKeyType;
}

/**
 * Who is asking, for the one project check (requireProjectRole): the request's method and path (support
 * staff may only read, and every request of theirs is audited) and its API key (a key works in its own
 * project only). Bound to the request's user object, which is loaded fresh for every request.
 */
export interface RequestViewer {
  method: string;
  path: string;
  apiKey: ApiKeyScope | null;
  /** How the request's session was opened (null for API keys and sessions older than the record). */
  signInMethod: SignInMethod | null;
  /** Projects whose support audit already has this request. */
  audited: Set<number>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (session cookie) or the creator of the API key, or null for anonymous requests. */
    user: UserRow | null;
    sessionToken: string | null;
    /** The API key of a request with `Authorization: Bearer <key>`. */
    apiKey: ApiKeyScope | null;
  }
}

const viewers = new WeakMap<UserRow, RequestViewer>();

/** The request behind a user object of the auth hook (undefined for users loaded elsewhere, e.g. jobs). */
export function viewerOf(user: UserRow): RequestViewer | undefined {
  return viewers.get(user);
}

/** The signed-in user of a route that is not public (the hook has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The cookie lasts as long as the session may (its absolute lifetime); the server ends it sooner when idle. */
export function setSessionCookie(
  ctx: AppContext,
  reply: FastifyReply,
  token: string,
  maxAgeDays: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https://'),
    maxAge: maxAgeDays * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * What a key may reach: the routes of its own project (another project's id answers 404, as for a stranger)
 * that its definition opens to keys (route.access: 'media-key' for both types, 'full-key' for full keys);
 * 'session' routes (account, admin, key and support-access management) answer 403.
 */
function checkKeyRoute(request: FastifyRequest, key: ApiKeyScope): void {
  const url = request.routeOptions.url;
  if (!url || isPublicRoute(request) || url.startsWith('/api/docs')) return;
  if (url === '/api/projects/:id' || url.startsWith('/api/projects/:id/')) {
    const projectId = pathId(request);
    if (projectId !== key.projectId) throw notFound(TEXTS.guard.notFound);
  }
  const access = request.routeOptions.config?.route?.access;
  if (access === 'media-key') return;
  if (key.type === 'media') throw forbidden(API_KEY_TEXTS.mediaOnly);
  if (access !== 'full-key') throw forbidden(API_KEY_TEXTS.notForRoute);
}

/** Anonymous callers may use the route (its definition says 'public'). */
function isPublicRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config?.route?.access === 'public';
}

/**
 * Authenticates every /api request: `Authorization: Bearer <api key>` when present (it wins over a cookie; an
 * unknown or revoked key answers 401 at once), else the session cookie. Anything under /api that is not
 * marked public answers 401 to anonymous callers.
 */
export const authPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0]!;
    const bearer = bearerToken(request.headers.authorization);
    if (bearer !== null) {
      const found = await authenticateApiKey(ctx, bearer);
      request.user = found.user;
      request.apiKey = found.key;
      viewers.set(found.user, {
        method: request.method,
        path,
        apiKey: found.key,
        signInMethod: null,
        audited: new Set(),
      });
      checkKeyRoute(request, found.key);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const session = await userForSession(ctx.db, token, request.ip);
      if (session) {
        request.user = session.user;
        request.sessionToken = token;
        viewers.set(session.user, {
          method: request.method,
          path,
          apiKey: null,
          signInMethod: session.signInMethod,
          audited: new Set(),
        });
      }
    }
    if (request.user || isPublicRoute(request) || request.url.startsWith('/api/docs')) return;
    throw unauthorized();
  });
});
