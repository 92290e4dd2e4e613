import { insightRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { createInsight } from './create.ts';
import { fieldContext } from './field-context.ts';
import { deleteInsight, getInsight, listInsights, toSummary } from './history.ts';

/**
 * AI insights (spec 2 §2.4, §3): any member asks (team leaders over their teams' analyses, seeing their own
 * insights only) and full API keys; admins and owners delete.
 */
export async function insightRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');

  serve(app, routes.fieldContext, {
    preValidation: member,
    handler: async (request) => ({ data: await fieldContext(ctx, projectAccess(request), request.query) }),
  });

  serve(app, routes.create, {
    preValidation: member,
    handler: async (request, reply) => {
      const user = currentUser(request);
      const row = await createInsight(ctx, projectAccess(request), user.id, request.body);
      const by = { id: user.id, name: user.name, email: user.email };
      return reply.status(202).send({ data: { ...toSummary(ctx.config, row, by), answer: null } });
    },
  });

  serve(app, routes.list, {
    preValidation: member,
    handler: async (request) => ({
      data: await listInsights(ctx, projectAccess(request), currentUser(request).id, request.query),
    }),
  });

  serve(app, routes.get, {
    preValidation: member,
    handler: async (request) => ({
      data: await getInsight(ctx, projectAccess(request), currentUser(request).id, request.params.insightId),
    }),
  });

  serve(app, routes.remove, {
    preValidation: projectRole(ctx, 'admin'),
    handler: async (request) => {
      const { insightId } = request.params;
      await deleteInsight(ctx, projectAccess(request), currentUser(request).id, insightId);
      return { data: { ok: true as const } };
    },
  });
}
