import {
  ANALYSIS_EXPORT_CONTENT_TYPES,
  analysisExportFileName,
  analysisRoutes as routes,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { auditRequest } from '../audit/record.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { analysisDetail } from './detail.ts';
import { createTaskEventHub } from './events.ts';
import { exportAnalyses } from './export.ts';
import { deleteFailedTask, listFailedTasks, retryFailedTasks } from './failed.ts';
import { listAnalyses } from './list.ts';
import { sendMedia } from './media.ts';
import { reanalyze } from './reanalyze.ts';
import { setSpeakerRoles } from './speaker-roles.ts';
import { EventStreams } from './sse.ts';
import { liveEventFilter } from './visibility.ts';

/**
 * The read side of analyses (list, detail, media, live events), reanalysis and the speakers' roles for any
 * member, and failed tasks for admins and owners. Team leaders see only the analyses of their assignment and
 * media keys only their own uploads, in every one of these routes (visibility.ts).
 */
export async function analysisRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');
  const admin = projectRole(ctx, 'admin');
  const hub = createTaskEventHub(ctx.db, ctx.logger);
  const streams = new EventStreams(hub);
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => hub.close());

  serve(app, routes.list, {
    preValidation: member,
    handler: async (request) => ({
      data: await listAnalyses(ctx, projectAccess(request), request.query, currentUser(request).id),
    }),
  });

  serve(app, routes.export, {
    preValidation: member,
    handler: async (request, reply) => {
      const access = projectAccess(request);
      const { format, ...filters } = request.query;
      // A client that goes away stops the export before its next batch.
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      const stream = await exportAnalyses(ctx, access, filters, {
        format,
        signal: gone.signal,
        onEnd: (rows, finished) =>
          request.log.info({ projectId: access.project.id, format, rows, finished }, 'analyses export ended'),
      });
      await auditRequest(ctx.db, request, 'analyses_exported', {
        details: { format, ...exportFilters(filters) },
      });
      const fileName = analysisExportFileName(access.project.id, new Date(), format);
      return reply
        .type(ANALYSIS_EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  serve(app, routes.events, {
    preValidation: member,
    handler: async (request, reply) => {
      const access = projectAccess(request);
      const viewer = { access, userId: currentUser(request).id };
      return streams.serve(access.project.id, request, reply, liveEventFilter(ctx.db, viewer));
    },
  });

  serve(app, routes.detail, {
    preValidation: member,
    handler: async (request) => ({
      data: await analysisDetail(ctx, projectAccess(request), request.params.taskId),
    }),
  });

  serve(app, routes.media, {
    preValidation: member,
    handler: async (request, reply) => {
      const { range } = request.headers;
      // A player asks for many ranges of one recording: a reading from its start is one play or download.
      if (!range || /^bytes=0-/.test(range)) {
        await auditRequest(ctx.db, request, 'media_accessed', { targetId: request.params.taskId });
      }
      return sendMedia(ctx, projectAccess(request), request.params.taskId, range, reply);
    },
  });

  serve(app, routes.reanalyze, {
    preValidation: member,
    handler: async (request, reply) => {
      const access = projectAccess(request);
      const body = await reanalyze(
        ctx,
        access,
        currentUser(request).id,
        request.params.taskId,
        request.body.prompt_id,
      );
      return reply.status(201).send(body);
    },
  });

  serve(app, routes.speakerRoles, {
    preValidation: member,
    handler: async (request) => ({
      data: await setSpeakerRoles(ctx, projectAccess(request), request.params.taskId, request.body.roles),
    }),
  });

  serve(app, routes.failed, {
    preValidation: admin,
    handler: async (request) => ({
      data: await listFailedTasks(ctx, projectAccess(request), request.query),
    }),
  });

  serve(app, routes.retry, {
    preValidation: admin,
    handler: async (request) => ({
      data: { retried: await retryFailedTasks(ctx, projectAccess(request), request.body.task_ids) },
    }),
  });

  serve(app, routes.deleteFailed, {
    preValidation: admin,
    handler: async (request) => {
      await deleteFailedTask(ctx, projectAccess(request), request.params.taskId);
      return { data: { ok: true as const } };
    },
  });
}

/** The filters of an export as the audit trail keeps them (flat values, the set ones only). */
function exportFilters(filters: Record<string, unknown>): Record<string, string | number | boolean> {
  const flat: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      flat[key] = value;
    else if (Array.isArray(value) && value.length > 0) flat[key] = value.join(',');
  }
  return flat;
}
