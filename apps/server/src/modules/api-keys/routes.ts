import { apiKeyRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { auditRequest } from '../audit/record.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

/**
 * API keys of a project (spec 2 §2.2, §3-§5): admins and owners list, create and revoke them. Keys themselves
 * cannot manage keys (the routes' access is 'session'), so a leaked key cannot make new ones.
 */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.list, {
    preValidation: admin,
    handler: async (request) => ({ data: await listApiKeys(ctx, projectAccess(request)) }),
  });

  serve(app, routes.create, {
    preValidation: admin,
    handler: async (request, reply) => {
      const created = await createApiKey(ctx, projectAccess(request), currentUser(request), request.body);
      await auditRequest(ctx.db, request, 'api_key_created', {
        targetId: created.id,
        details: { name: created.name, type: created.type },
      });
      return reply.status(201).send({ data: created });
    },
  });

  for (const route of [routes.revoke, routes.remove]) {
    serve(app, route, {
      preValidation: admin,
      handler: async (request) => {
        const revoked = await revokeApiKey(
          ctx,
          projectAccess(request),
          currentUser(request),
          request.params.keyId,
        );
        await auditRequest(ctx.db, request, 'api_key_revoked', { targetId: request.params.keyId });
        return { data: revoked };
      },
    });
  }
}
