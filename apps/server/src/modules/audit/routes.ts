import { Readable } from 'node:stream';
import { privacyRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { auditCsv, listAudit } from './trail.ts';

/** A project's audit trail (admins and owners): a page at a time, or all of it as CSV. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.audit, {
    preValidation: admin,
    handler: async (request) => listAudit(ctx.db, projectAccess(request).project.id, request.query),
  });

  serve(app, routes.auditExport, {
    preValidation: admin,
    handler: async (request, reply) => {
      const projectId = projectAccess(request).project.id;
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-project-${projectId}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsv(ctx.db, projectId)));
    },
  });
}
