import { topicRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { periodOf } from './period.ts';
import { getTopicRun, listTopicRuns, saveTopicSettings, toRun } from './read.ts';
import { estimateTopicRun, startTopicRun } from './start.ts';

/**
 * Topics: every member reads the runs and their topics (examples within what they may see); admins and owners
 * (and full keys acting for one) estimate and start runs and opt in to the monthly run.
 */
export async function topicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.listRuns, {
    preValidation: member,
    handler: async (request) => listTopicRuns(ctx, projectAccess(request)),
  });

  serve(app, routes.getRun, {
    preValidation: member,
    handler: async (request) => ({
      data: await getTopicRun(ctx, projectAccess(request), request.params.runId),
    }),
  });

  serve(app, routes.estimate, {
    preValidation: admin,
    handler: async (request) => ({
      data: await estimateTopicRun(ctx, projectAccess(request).project, request.query),
    }),
  });

  serve(app, routes.start, {
    preValidation: admin,
    handler: async (request, reply) => {
      const user = currentUser(request);
      const row = await startTopicRun(ctx, {
        project: projectAccess(request).project,
        period: periodOf(request.body),
        trigger: 'manual',
        requestedBy: { id: user.id, name: user.name || user.email },
      });
      return reply.status(202).send({ data: toRun(row) });
    },
  });

  serve(app, routes.settings, {
    preValidation: admin,
    handler: async (request) => ({
      data: await saveTopicSettings(ctx, projectAccess(request), request.body.monthly),
    }),
  });
}
