import { changeRequestRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { calibration } from './calibration.ts';
import { createChangeRequest } from './create.ts';
import { getChangeRequest, listChangeRequests, openCount } from './read.ts';
import { approveChangeRequest, rejectChangeRequest } from './review.ts';

/**
 * Change requests for every member (each sees what scope.ts lets them), reviews for team leaders, admins and
 * owners, and the calibration figures beside the other analytics.
 */
export async function changeRequestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');
  const reviewer = projectRole(ctx, 'teamleader');

  serve(app, routes.create, {
    preValidation: member,
    handler: async (request, reply) => {
      const data = await createChangeRequest(
        ctx,
        projectAccess(request),
        currentUser(request).id,
        request.params.taskId,
        request.body,
      );
      return reply.status(201).send({ data });
    },
  });

  serve(app, routes.list, {
    preValidation: member,
    handler: async (request) => ({
      data: await listChangeRequests(ctx.db, projectAccess(request), currentUser(request).id, request.query),
    }),
  });

  serve(app, routes.openCount, {
    preValidation: member,
    handler: async (request) => ({
      data: { open: await openCount(ctx.db, projectAccess(request), currentUser(request).id) },
    }),
  });

  serve(app, routes.get, {
    preValidation: member,
    handler: async (request) => ({
      data: await getChangeRequest(
        ctx.db,
        projectAccess(request),
        currentUser(request).id,
        request.params.requestId,
      ),
    }),
  });

  serve(app, routes.approve, {
    preValidation: reviewer,
    handler: async (request) => ({
      data: await approveChangeRequest(
        ctx,
        projectAccess(request),
        currentUser(request),
        request.params.requestId,
        request.body,
      ),
    }),
  });

  serve(app, routes.reject, {
    preValidation: reviewer,
    handler: async (request) => ({
      data: await rejectChangeRequest(
        ctx,
        projectAccess(request),
        currentUser(request),
        request.params.requestId,
        request.body.reason,
      ),
    }),
  });

  serve(app, routes.calibration, {
    preValidation: member,
    handler: async (request) => ({ data: await calibration(ctx, projectAccess(request), request.query) }),
  });
}
