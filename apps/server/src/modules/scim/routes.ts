import { scimRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { accountActor } from '../audit/record.ts';
import { currentUser } from '../auth/plugin.ts';
import { auditSso } from '../sso/audit.ts';
import { managedConnection } from '../sso/connections.ts';
import { createScimToken, provisioning, revokeScimToken } from './provisioning.ts';

/** The SCIM token of an SSO connection, managed by its owner or the super admin. */
export async function scimTokenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.get, {
    handler: async (request) => {
      const connection = await managedConnection(ctx, currentUser(request), request.params.connectionId);
      return { data: await provisioning(ctx, connection.id) };
    },
  });

  serve(app, routes.createToken, {
    handler: async (request, reply) => {
      const user = currentUser(request);
      const connection = await managedConnection(ctx, user, request.params.connectionId);
      const created = await createScimToken(ctx, connection.id, user);
      request.log.info({ connectionId: connection.id, userId: user.id }, 'SCIM token generated');
      await auditSso(ctx.db, connection.id, accountActor(request), 'scim_token_generated');
      return reply.status(201).send({ data: created });
    },
  });

  serve(app, routes.revokeToken, {
    handler: async (request) => {
      const connection = await managedConnection(ctx, currentUser(request), request.params.connectionId);
      const revoked = await revokeScimToken(ctx, connection.id);
      await auditSso(ctx.db, connection.id, accountActor(request), 'scim_token_revoked');
      return { data: revoked };
    },
  });
}
