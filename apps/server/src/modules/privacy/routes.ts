import type { Readable } from 'node:stream';
import {
  type AuditDetails,
  type PrivacySettings,
  readTranscript,
  privacyRoutes as routes,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { serve } from '../../http/serve.ts';
import { ObjectNotFoundError, storageOf } from '../../storage/index.ts';
import { requireTask } from '../analyses/detail.ts';
import { auditRequest } from '../audit/record.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { privacySettings, updatePrivacySettings } from './settings.ts';

export const PRIVACY_TEXTS = {
  noOriginal: 'This analysis keeps no original transcript.',
  noOriginalMedia: 'This analysis keeps no original recording.',
} as const;

/** The settings as the audit trail keeps them: flat values, the ones not set left out. */
const settingsDetails = (settings: PrivacySettings): AuditDetails => {
  const details: AuditDetails = { redaction_types: settings.redaction_types.join(',') };
  for (const [key, value] of Object.entries(settings)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      details[key] = value;
  }
  return details;
};

/** A project's privacy settings (settings → Privacy, admins and owners). */
export async function privacyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.get, {
    preValidation: admin,
    handler: async (request) => ({ data: await privacySettings(ctx.db, projectAccess(request).project.id) }),
  });

  serve(app, routes.update, {
    preValidation: admin,
    handler: async (request) => {
      const saved = await updatePrivacySettings(
        ctx,
        projectAccess(request),
        currentUser(request).id,
        request.body,
      );
      await auditRequest(ctx.db, request, 'privacy_settings_changed', { details: settingsDetails(saved) });
      return { data: saved };
    },
  });

  serve(app, routes.originalTranscript, {
    preValidation: admin,
    handler: async (request) => {
      const { task } = await requireTask(ctx, projectAccess(request), request.params.taskId);
      const transcript = readTranscript(task.transcriptOriginal);
      if (!transcript) throw notFound(PRIVACY_TEXTS.noOriginal);
      await auditRequest(ctx.db, request, 'original_transcript_read', { targetId: task.id });
      return { data: { transcript } };
    },
  });

  // The upload kept beside its redacted copy: a download for admins and owners, never the player's file.
  serve(app, routes.originalMedia, {
    preValidation: admin,
    handler: async (request, reply) => {
      const { task, media } = await requireTask(ctx, projectAccess(request), request.params.taskId);
      if (!media.originalStorageKey || media.removedAt) throw notFound(PRIVACY_TEXTS.noOriginalMedia);
      let stream: Readable;
      try {
        stream = await storageOf(ctx.config).get(media.originalStorageKey);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) throw notFound(PRIVACY_TEXTS.noOriginalMedia);
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
