import { trackerRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import {
  analysisTrackerHits,
  answer,
  createTracker,
  deleteTracker,
  listTrackers,
  updateTracker,
} from './service.ts';
import { estimateApply, startApply } from './smart-apply.ts';
import { queueTrackerRun } from './smart-run.ts';
import { trackerStats } from './stats.ts';

/**
 * A project's trackers: every member reads them, their hits and hit rates (team leaders over their teams'
 * analyses); admins and owners (and full keys acting for one) create, change and delete them, and apply smart
 * ones to past analyses (priced).
 */
export async function trackerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.list, {
    preValidation: member,
    handler: async (request) => ({ data: await listTrackers(ctx, projectAccess(request)) }),
  });

  serve(app, routes.create, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(201).send({
        data: await createTracker(ctx, projectAccess(request), currentUser(request).id, request.body),
      }),
  });

  serve(app, routes.update, {
    preValidation: admin,
    handler: async (request) => ({
      data: await updateTracker(ctx, projectAccess(request), request.params.trackerId, request.body),
    }),
  });

  serve(app, routes.delete, {
    preValidation: admin,
    handler: async (request) => {
      await deleteTracker(ctx, projectAccess(request), request.params.trackerId);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.stats, {
    preValidation: member,
    handler: async (request) => ({ data: await trackerStats(ctx.db, projectAccess(request), request.query) }),
  });

  serve(app, routes.analysisHits, {
    preValidation: member,
    handler: async (request) => ({
      data: await analysisTrackerHits(ctx, projectAccess(request), request.params.taskId),
    }),
  });

  serve(app, routes.applyEstimate, {
    preValidation: admin,
    handler: async (request) => ({
      data: await estimateApply(ctx, projectAccess(request), request.params.trackerId, request.query),
    }),
  });

  serve(app, routes.apply, {
    preValidation: admin,
    handler: async (request, reply) => {
      const access = projectAccess(request);
      const row = await startApply(
        ctx,
        access,
        currentUser(request).id,
        request.params.trackerId,
        request.body,
        (tx, runId) => queueTrackerRun(ctx, tx, runId),
      );
      return reply.status(202).send({ data: await answer(ctx, access, row) });
    },
  });
}
