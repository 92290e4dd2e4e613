import { SESSION_COOKIE, SESSION_TTL_MS } from '@parley/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../http/errors.ts';
import type { UserRow } from '../users/dto.ts';
import { userForSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for anonymous requests. */
    user: UserRow | null;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** Anonymous callers may use this route. */
    public?: boolean;
  }
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

/**
 * Resolves the session cookie on every /api request. Anything under /api that is not marked public
 * answers 401 to anonymous callers.
 */
export const authPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.user = await userForSession(ctx.db, token);
      if (request.user) request.sessionToken = token;
    }
    if (request.user || request.routeOptions.config?.public || request.url.startsWith('/api/docs')) return;
    throw unauthorized();
  });
});
