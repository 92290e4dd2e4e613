import { webhookRoutes as routes } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import {
  type Actor,
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  resendFailed,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './service.ts';

/** Who acts in a project's settings route: its project (checked by projectRole) and the user (a key's creator). */
export const actor = (request: FastifyRequest): Actor => ({
  projectId: projectAccess(request).project.id,
  userId: currentUser(request).id,
});

/** Webhook endpoints and their delivery log: admins and owners of the project (and full keys for one). */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.list, {
    preValidation: admin,
    handler: async (request) => ({ data: await listEndpoints(ctx, actor(request)) }),
  });

  serve(app, routes.create, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createEndpoint(ctx, actor(request), request.body) }),
  });

  serve(app, routes.update, {
    preValidation: admin,
    handler: async (request) => ({
      data: await updateEndpoint(ctx, actor(request), request.params.endpointId, request.body),
    }),
  });

  serve(app, routes.remove, {
    preValidation: admin,
    handler: async (request) => {
      await deleteEndpoint(ctx, actor(request), request.params.endpointId);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.rotateSecret, {
    preValidation: admin,
    handler: async (request) => ({
      data: await rotateSecret(ctx, actor(request), request.params.endpointId),
    }),
  });

  serve(app, routes.test, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(202).send({ data: await sendTestEvent(ctx, actor(request), request.params.endpointId) }),
  });

  serve(app, routes.deliveries, {
    preValidation: admin,
    handler: async (request) => ({
      data: await listDeliveries(
        ctx,
        actor(request),
        request.params.endpointId,
        request.query.page,
        request.query.page_size,
      ),
    }),
  });

  serve(app, routes.resend, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(202).send({
        data: await resendDelivery(ctx, actor(request), request.params.endpointId, request.params.deliveryId),
      }),
  });

  serve(app, routes.resendFailed, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(202).send({
        data: {
          resent: await resendFailed(
            ctx,
            actor(request),
            request.params.endpointId,
            new Date(request.body.since),
          ),
        },
      }),
  });
}
