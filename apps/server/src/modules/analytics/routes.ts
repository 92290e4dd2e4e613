import { analyticsRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { checklistReport } from './checklist.ts';
import { projectDashboard } from './dashboard.ts';
import { exploreField } from './explorer.ts';
import { listFields } from './fields.ts';
import { managerDashboard } from './manager.ts';
import { analyticsStatus } from './status.ts';

/**
 * What the analysed conversations say, for any member (team leaders: their teams' analyses only) and full API
 * keys: the dashboard, a prompt's fields, the explorer, the checklist report and the manager dashboard, over
 * analysis_field_values.
 */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');

  serve(app, routes.status, {
    preValidation: member,
    handler: async () => ({ data: await analyticsStatus(ctx) }),
  });

  serve(app, routes.dashboard, {
    preValidation: member,
    handler: async (request) => ({
      data: await projectDashboard(ctx, projectAccess(request), request.query),
    }),
  });

  serve(app, routes.fields, {
    preValidation: member,
    handler: async (request) => ({ data: await listFields(ctx, projectAccess(request), request.query) }),
  });

  serve(app, routes.explore, {
    preValidation: member,
    handler: async (request) => ({ data: await exploreField(ctx, projectAccess(request), request.query) }),
  });

  serve(app, routes.checklist, {
    preValidation: member,
    handler: async (request) => ({ data: await checklistReport(ctx, projectAccess(request), request.query) }),
  });

  serve(app, routes.managerDashboard, {
    preValidation: member,
    handler: async (request) => ({
      data: await managerDashboard(ctx, projectAccess(request), request.query),
    }),
  });
}
