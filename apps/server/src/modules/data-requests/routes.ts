import { dataRequestRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { auditRequest } from '../audit/record.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRoleOfMembers } from '../projects/access.ts';
import { erasePerson } from './erase.ts';
import { exportPerson } from './export.ts';
import { searchPerson } from './search.ts';

/** Access and erasure for one person (settings → Data requests): admins and owners, or a full API key. */
export async function dataRequestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Support staff see a granted project as admins do, but never one person's data.
  const admin = projectRoleOfMembers(ctx, 'admin');

  serve(app, routes.search, {
    preValidation: admin,
    handler: async (request) => ({
      data: await searchPerson(ctx, projectAccess(request).project.id, request.body),
    }),
  });

  serve(app, routes.export, {
    preValidation: admin,
    handler: async (request, reply) => {
      const access = projectAccess(request);
      const zip = await exportPerson(ctx, access, request.query.task_ids, request.log);
      await auditRequest(ctx.db, request, 'person_data_exported', {
        details: { analyses: zip.analyses, media: zip.media, task_ids: request.query.task_ids.join(',') },
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="person-data-${access.project.id}-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(zip.stream);
    },
  });

  serve(app, routes.erase, {
    preValidation: admin,
    handler: async (request) => ({
      data: await erasePerson(ctx, projectAccess(request), currentUser(request).id, request.body, request),
    }),
  });
}
