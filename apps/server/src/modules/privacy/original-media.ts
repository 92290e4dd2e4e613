import type { Readable } from 'node:stream';
import { privacyRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { serve } from '../../http/serve.ts';
import { ObjectNotFoundError, storageOf } from '../../storage/index.ts';
import { requireTask } from '../analyses/detail.ts';
import { auditRequest } from '../audit/record.ts';
import { projectAccess, type projectRoleOfMembers } from '../projects/access.ts';

export const ORIGINAL_MEDIA_TEXTS = {
  none: 'This analysis keeps no original recording.',
} as const;

/**
 * The recording as uploaded, kept beside its redacted copy when the project keeps originals: a download for the
 * project's own admins and owners (not support staff), each one audited; never the player's file.
 */
export function serveOriginalMedia(
  app: FastifyInstance,
  ctx: AppContext,
  ownAdmin: ReturnType<typeof projectRoleOfMembers>,
): void {
  serve(app, routes.originalMedia, {
    preValidation: ownAdmin,
    handler: async (request, reply) => {
      const { task, media } = await requireTask(ctx, projectAccess(request), request.params.taskId);
      if (!media.originalStorageKey || media.removedAt) throw notFound(ORIGINAL_MEDIA_TEXTS.none);
      let stream: Readable;
      try {
        stream = await storageOf(ctx.config).get(media.originalStorageKey);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) throw notFound(ORIGINAL_MEDIA_TEXTS.none);
        throw error;
      }
      await auditRequest(ctx.db, request, 'media_accessed', {
        targetId: task.id,
        details: { original: true },
      });
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(media.fileName)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
}
