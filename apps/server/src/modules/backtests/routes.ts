import { promptRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { getBacktest, listBacktests, toSummary } from './read.ts';
import { startBacktest } from './start.ts';

/** Backtests of prompt drafts: admins and owners start and read them (support staff read, as everywhere). */
export async function backtestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.startBacktest, {
    preValidation: admin,
    handler: async (request, reply) => {
      const user = currentUser(request);
      const { promptId, versionId } = request.params;
      const started = await startBacktest(
        ctx,
        projectAccess(request),
        { id: user.id, name: user.name || user.email },
        { promptId, versionId },
        request.body,
      );
      const data = { ...toSummary(started), rows: [], changes: [], changes_total: 0 };
      return reply.status(202).send({ data });
    },
  });

  serve(app, routes.listBacktests, {
    preValidation: admin,
    handler: async (request) => {
      const { promptId, versionId } = request.params;
      return { data: await listBacktests(ctx, projectAccess(request), promptId, versionId) };
    },
  });

  serve(app, routes.getBacktest, {
    preValidation: admin,
    handler: async (request) => {
      const { promptId, backtestId } = request.params;
      return { data: await getBacktest(ctx, projectAccess(request), promptId, backtestId) };
    },
  });
}
