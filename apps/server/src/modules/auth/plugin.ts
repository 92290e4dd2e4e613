import {
  API_KEY_TEXTS,
  type ApiKeyType,
  isFullKeyGlobalRoute,
  isKeyManagementRoute,
  isMediaKeyRoute,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  TEXTS,
} from '@parley/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
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
  interface FastifyContextConfig {
    /** Anonymous callers may use this route. */
    public?: boolean;
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

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The token of an `Authorization: Bearer <token>` header; null without one (other schemes are ignored). */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  return match[1]?.trim() ?? '';
}

/**
 * What a key may reach: the routes of its own project (another project's id answers 404, as for a stranger),
 * never key or support-access management; a media key only MEDIA_KEY_ROUTES (403 otherwise); a full key
 * outside /projects/{id} only a few reads and the project-checked blacklist and billing calls.
 */
function checkKeyRoute(request: FastifyRequest, key: ApiKeyScope): void {
  const url = request.routeOptions.url;
  if (!url || request.routeOptions.config?.public || url.startsWith('/api/docs')) return;
  const method = request.method;
  if (url === '/api/projects/:id' || url.startsWith('/api/projects/:id/')) {
    const projectId = Number((request.params as { id?: string } | undefined)?.id);
    if (projectId !== key.projectId) throw notFound(TEXTS.guard.notFound);
    if (key.type === 'media' && !isMediaKeyRoute(method, url)) throw forbidden(API_KEY_TEXTS.mediaOnly);
    if (isKeyManagementRoute(url)) throw forbidden(API_KEY_TEXTS.notForRoute);
    return;
  }
  if (key.type === 'media') {
    if (!isMediaKeyRoute(method, url)) throw forbidden(API_KEY_TEXTS.mediaOnly);
    return;
  }
  if (!isFullKeyGlobalRoute(method, url)) throw forbidden(API_KEY_TEXTS.notForRoute);
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
      viewers.set(found.user, { method: request.method, path, apiKey: found.key, audited: new Set() });
      checkKeyRoute(request, found.key);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.user = await userForSession(ctx.db, token);
      if (request.user) {
        request.sessionToken = token;
        viewers.set(request.user, { method: request.method, path, apiKey: null, audited: new Set() });
      }
    }
    if (request.user || request.routeOptions.config?.public || request.url.startsWith('/api/docs')) return;
    throw unauthorized();
  });
});
