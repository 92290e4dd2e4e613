import { automationRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { projectRole } from '../projects/access.ts';
import { actor } from '../webhooks/routes.ts';
import { createRule, deleteRule, listFirings, listRules, updateRule } from './service.ts';

/** Automation rules and their firing log: admins and owners of the project (and full keys for one). */
export async function automationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.list, {
    preValidation: admin,
    handler: async (request) => ({ data: await listRules(ctx, actor(request)) }),
  });

  serve(app, routes.create, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createRule(ctx, actor(request), request.body) }),
  });

  serve(app, routes.update, {
    preValidation: admin,
    handler: async (request) => ({
      data: await updateRule(ctx, actor(request), request.params.ruleId, request.body),
    }),
  });

  serve(app, routes.delete, {
    preValidation: admin,
    handler: async (request) => {
      await deleteRule(ctx, actor(request), request.params.ruleId);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.firings, {
    preValidation: admin,
    handler: async (request) => ({
      data: await listFirings(
        ctx,
        actor(request),
        request.params.ruleId,
        request.query.page,
        request.query.page_size,
      ),
    }),
  });
}
