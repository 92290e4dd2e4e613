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
import { requireTask } from '../analyses/detail.ts';
import { auditRequest } from '../audit/record.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole, projectRoleOfMembers } from '../projects/access.ts';
import { serveOriginalMedia } from './original-media.ts';
import { retentionPreview } from './preview.ts';
import { privacySettings, updatePrivacySettings } from './settings.ts';

export const PRIVACY_TEXTS = {
  noOriginal: 'This analysis keeps no original transcript.',
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
  // Support staff see a granted project as admins do, but never its originals.
  const ownAdmin = projectRoleOfMembers(ctx, 'admin');
  serveOriginalMedia(app, ctx, ownAdmin);

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

  serve(app, routes.retentionPreview, {
    preValidation: admin,
    handler: async (request) => ({ data: await retentionPreview(ctx.db, projectAccess(request).project.id) }),
  });

  serve(app, routes.originalTranscript, {
    preValidation: ownAdmin,
    handler: async (request) => {
      const { task } = await requireTask(ctx, projectAccess(request), request.params.taskId);
      const transcript = readTranscript(task.transcriptOriginal);
      if (!transcript) throw notFound(PRIVACY_TEXTS.noOriginal);
      await auditRequest(ctx.db, request, 'original_transcript_read', { targetId: task.id });
      return { data: { transcript } };
    },
  });
}
