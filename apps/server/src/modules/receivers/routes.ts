import { RECEIVERS, receiverRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { projectRole } from '../projects/access.ts';
import { actor } from '../webhooks/routes.ts';
import { receiveCallEvent } from './receive.ts';
import { createReceiver, deleteReceiver, listEvents, listReceivers, updateReceiver } from './service.ts';

/** Call events one client address may post a minute: a busy call centre's, far from a flood's. */
const RECEIVE_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

/**
 * Phone-system receivers and their event log: admins and owners of the project (and full keys for one). Their
 * public address takes the providers' posts.
 */
export async function receiverRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.list, {
    preValidation: admin,
    handler: async (request) => ({ data: await listReceivers(ctx, actor(request)) }),
  });

  serve(app, routes.create, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createReceiver(ctx, actor(request), request.body) }),
  });

  serve(app, routes.update, {
    preValidation: admin,
    handler: async (request) => ({
      data: await updateReceiver(ctx, actor(request), request.params.receiverId, request.body),
    }),
  });

  serve(app, routes.delete, {
    preValidation: admin,
    handler: async (request) => {
      await deleteReceiver(ctx, actor(request), request.params.receiverId);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.events, {
    preValidation: admin,
    handler: async (request) => ({
      data: await listEvents(
        ctx,
        actor(request),
        request.params.receiverId,
        request.query.page,
        request.query.page_size,
      ),
    }),
  });

  // The receiving address reads its body as bytes (the providers sign the bytes, and Twilio posts a form): its
  // own parsers, in a context of its own so that the other routes keep parsing JSON.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'buffer', bodyLimit: RECEIVERS.bodyMaxBytes },
      (_request, body, done) => done(null, body),
    );
    serve(raw, routes.receive, {
      config: { rateLimit: RECEIVE_RATE_LIMIT },
      bodyLimit: RECEIVERS.bodyMaxBytes,
      handler: async (request) =>
        receiveCallEvent(ctx, request.params.key, {
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
          url: `${ctx.config.publicUrl.replace(/\/+$/, '')}${request.url}`,
          now: new Date(),
        }),
    });
  });
}
