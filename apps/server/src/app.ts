import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { reportOutage } from './db/outage.ts';
import { registerCompression } from './http/compression.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import { errorBody, registerErrorHandler } from './http/errors.ts';
import { RequestLogController, requestLogSerializer } from './http/log.ts';
import { openApiDocument, openApiTransform, openApiTransformObject } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { validatorCompiler } from './http/validation.ts';
import { registerWebApp } from './http/web.ts';
import { registerMetrics } from './metrics/http.ts';
import { analysisRoutes } from './modules/analyses/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authPlugin } from './modules/auth/plugin.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { automationRoutes } from './modules/automations/routes.ts';
import { backtestRoutes } from './modules/backtests/routes.ts';
import { subscribeBatchProgress } from './modules/batches/progress.ts';
import { batchRoutes } from './modules/batches/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { blacklistRoutes } from './modules/blacklist/routes.ts';
import { changeRequestRoutes } from './modules/change-requests/routes.ts';
import { dataRequestRoutes } from './modules/data-requests/routes.ts';
import { googleSignInRoutes } from './modules/google/routes.ts';
import { googleDriveRoutes } from './modules/google-drive/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { helpRoutes } from './modules/help/routes.ts';
import { insightRoutes } from './modules/insights/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { modelRoutes } from './modules/models/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { promptRoutes } from './modules/prompts/routes.ts';
import { receiverRoutes } from './modules/receivers/routes.ts';
import { repRoutes } from './modules/reps/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { scimTokenRoutes } from './modules/scim/routes.ts';
import { scimServer } from './modules/scim/server.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { topicRoutes } from './modules/topics/routes.ts';
import { trackerRoutes } from './modules/trackers/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { WEB_DIST_DIR } from './paths.ts';
import { registerRequestTracing } from './telemetry/http.ts';

export interface AppOptions {
  /** Serve the built web app from this folder (default apps/web/dist when it exists). */
  webDir?: string | null;
}

/** The HTTP API under /api, its OpenAPI document, /metrics, SCIM at /scim/v2, and the built web app with SPA fallback. */
export async function buildApp(ctx: AppContext, options: AppOptions = {}): Promise<FastifyInstance> {
  // Requests settle tasks too (an upload of a blacklisted number, a failed queueing).
  subscribeBatchProgress();
  const app = Fastify({
    loggerInstance: ctx.logger.child({}, { serializers: { req: requestLogSerializer } }) as FastifyBaseLogger,
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  // First: the request's span holds every later hook, and error answers get its id.
  registerRequestTracing(app, ctx.config.tracing !== null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, (error) => reportOutage(ctx.db, error));
  await registerSecurityHeaders(app, ctx.config.publicUrl);
  registerCsrfProtection(app, ctx.config.publicUrl);
  registerTextGuard(app);
  registerMetrics(app, ctx);

  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('rate_limited', `Too many attempts. Please wait ${context.after} and try again.`),
    }),
  });
  await app.register(fastifySwagger, {
    openapi: openApiDocument(ctx.config.publicUrl),
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  // No external validator: the docs call nothing but this server.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', validatorUrl: false });
  await app.register(authPlugin, ctx);

  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        if (route.config?.route) return;
        throw new Error(
          `${route.method} ${route.url}: API routes are registered from their definition in packages/contracts/src/routes with serve()`,
        );
      });
      await api.register(healthRoutes, ctx);
      await api.register(authRoutes, ctx);
      await api.register(googleSignInRoutes, ctx);
      await api.register(twoFactorRoutes, ctx);
      await api.register(userRoutes, ctx);
      await api.register(sessionRoutes, ctx);
      await api.register(projectRoutes, ctx);
      await api.register(modelRoutes, ctx);
      await api.register(promptRoutes, ctx);
      await api.register(backtestRoutes, ctx);
      await api.register(billingRoutes, ctx);
      await api.register(helpRoutes, ctx);
      await api.register(uploadRoutes, ctx);
      await api.register(analysisRoutes, ctx);
      await api.register(analyticsRoutes, ctx);
      await api.register(changeRequestRoutes, ctx);
      await api.register(reviewRoutes, ctx);
      await api.register(insightRoutes, ctx);
      await api.register(batchRoutes, ctx);
      await api.register(blacklistRoutes, ctx);
      await api.register(memberRoutes, ctx);
      await api.register(apiKeyRoutes, ctx);
      await api.register(repRoutes, ctx);
      await api.register(privacyRoutes, ctx);
      await api.register(auditRoutes, ctx);
      await api.register(dataRequestRoutes, ctx);
      await api.register(supportRoutes, ctx);
      await api.register(googleDriveRoutes, ctx);
      await api.register(webhookRoutes, ctx);
      await api.register(automationRoutes, ctx);
      await api.register(receiverRoutes, ctx);
      await api.register(trackerRoutes, ctx);
      await api.register(topicRoutes, ctx);
      await api.register(searchRoutes, ctx);
      await api.register(scimTokenRoutes, ctx);

      await api.register(ssoRoutes, ctx);
    },
    { prefix: '/api' },
  );
  await scimServer(app, ctx);

  await registerWebApp(app, options.webDir === undefined ? WEB_DIST_DIR : options.webDir);
  return app;
}
