import { ssoRoutes as routes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ssoConnections } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { serve } from '../../http/serve.ts';
import { accountActor } from '../audit/record.ts';
import { setSignInCookies } from '../auth/devices.ts';
import { currentUser } from '../auth/plugin.ts';
import {
  addDomain,
  addMapping,
  connectionDto,
  createConnection,
  deleteConnection,
  listConnections,
  removeDomain,
  removeMapping,
  updateConnection,
  verifyDomain,
} from './connections.ts';
import { samlServiceProviderMetadata } from './saml.ts';
import { finishOidcSignIn, finishSamlSignIn, startSsoSignIn } from './sign-in.ts';

/** The cookie tying an SSO round trip to the browser that started it. */
const BROWSER_COOKIE = 'parley_sso';
const BROWSER_COOKIE_PATH = '/api/auth/sso';
const ACS_BODY_MAX_BYTES = 1_000_000;

/** Where a finished (or failed) SSO sign-in lands: the app, or the sign-in page naming what went wrong. */
async function land(
  ctx: AppContext,
  reply: FastifyReply,
  finish: () => Promise<{ user: { id: number }; token: string }>,
  request: Parameters<typeof setSignInCookies>[1],
) {
  reply.clearCookie(BROWSER_COOKIE, { path: BROWSER_COOKIE_PATH });
  try {
    const { user, token } = await finish();
    await setSignInCookies(ctx, request, reply, user.id, token);
    return reply.redirect('/', 303);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind === 'unavailable' || error.kind === 'upstream_failed') {
      ctx.logger.warn({ err: error }, 'SSO sign-in failed');
    }
    const code = error instanceof AppError ? error.code : 'sso_failed';
    if (error instanceof AppError) ctx.logger.info({ code, reason: error.message }, 'SSO sign-in refused');
    return reply.redirect(`/login?sso_error=${encodeURIComponent(code)}`, 303);
  }
}

export async function ssoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limited = { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } } };

  serve(app, routes.list, {
    handler: async (request) => ({ data: await listConnections(ctx, currentUser(request)) }),
  });
  serve(app, routes.create, {
    handler: async (request, reply) =>
      reply.status(201).send({
        data: await createConnection(ctx, currentUser(request), request.body, accountActor(request)),
      }),
  });
  serve(app, routes.get, {
    handler: async (request) => ({
      data: await connectionDto(ctx, currentUser(request), request.params.connectionId),
    }),
  });
  serve(app, routes.update, {
    handler: async (request) => ({
      data: await updateConnection(
        ctx,
        currentUser(request),
        request.params.connectionId,
        request.body,
        accountActor(request),
      ),
    }),
  });
  serve(app, routes.remove, {
    handler: async (request) => {
      await deleteConnection(ctx, currentUser(request), request.params.connectionId, accountActor(request));
      return { data: { ok: true as const } };
    },
  });
  serve(app, routes.addDomain, {
    handler: async (request, reply) =>
      reply.status(201).send({
        data: await addDomain(
          ctx,
          currentUser(request),
          request.params.connectionId,
          request.body.domain,
          accountActor(request),
        ),
      }),
  });
  serve(app, routes.verifyDomain, {
    handler: async (request) => ({
      data: await verifyDomain(
        ctx,
        currentUser(request),
        request.params,
        request.body.force === true,
        accountActor(request),
      ),
    }),
  });
  serve(app, routes.removeDomain, {
    handler: async (request) => ({
      data: await removeDomain(ctx, currentUser(request), request.params, accountActor(request)),
    }),
  });
  serve(app, routes.addMapping, {
    handler: async (request, reply) =>
      reply.status(201).send({
        data: await addMapping(
          ctx,
          currentUser(request),
          request.params.connectionId,
          request.body,
          accountActor(request),
        ),
      }),
  });
  serve(app, routes.removeMapping, {
    handler: async (request) => ({
      data: await removeMapping(ctx, currentUser(request), request.params, accountActor(request)),
    }),
  });

  serve(app, routes.start, {
    ...limited,
    handler: async (request, reply) => {
      const started = await startSsoSignIn(ctx, request.body.email);
      if (started) {
        const secure = ctx.config.publicUrl.startsWith('https://');
        reply.setCookie(BROWSER_COOKIE, started.browser, {
          path: BROWSER_COOKIE_PATH,
          httpOnly: true,
          // The SAML answer is a POST from the IdP's site: only a SameSite=None cookie comes with it, and
          // browsers take that only when Secure. Over http the cookie stays Lax (an IdP on the same site only).
          sameSite: started.protocol === 'saml' && secure ? 'none' : 'lax',
          secure,
          maxAge: 600,
        });
      }
      return { data: { sso: started !== null, redirect_url: started?.redirectUrl ?? null } };
    },
  });

  serve(app, routes.oidcCallback, {
    ...limited,
    handler: async (request, reply) => {
      // The address the provider redirected to, as the redirect URI registered with it spells it.
      const query = request.url.slice(request.url.indexOf('?'));
      const callback = new URL(
        `${ctx.config.publicUrl.replace(/\/+$/, '')}/api/auth/sso/oidc/callback${query}`,
      );
      return land(
        ctx,
        reply,
        () => finishOidcSignIn(ctx, callback, request.cookies[BROWSER_COOKIE]),
        request,
      );
    },
  });

  serve(app, routes.samlMetadata, {
    handler: async (request, reply) => {
      const [connection] = await ctx.db
        .select()
        .from(ssoConnections)
        .where(eq(ssoConnections.id, request.params.connectionId));
      if (connection?.protocol !== 'saml') throw notFound('SAML connection not found.');
      return reply.type('application/samlmetadata+xml').send(samlServiceProviderMetadata(ctx, connection));
    },
  });

  // The IdP posts a form here (HTTP-POST binding), from its own site.
  await app.register(async (form) => {
    form.removeAllContentTypeParsers();
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ACS_BODY_MAX_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    serve(form, routes.samlAcs, {
      ...limited,
      bodyLimit: ACS_BODY_MAX_BYTES,
      handler: async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const response = typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '';
        return land(
          ctx,
          reply,
          () => finishSamlSignIn(ctx, response, request.cookies[BROWSER_COOKIE]),
          request,
        );
      },
    });
  });
}
