import { privacyRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { privacySettings, updatePrivacySettings } from './settings.ts';

/** A project's privacy settings (settings → Privacy, admins and owners). */
export async function privacyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.get, {
    preValidation: admin,
    handler: async (request) => ({ data: await privacySettings(ctx.db, projectAccess(request).project.id) }),
  });

  serve(app, routes.update, {
    preValidation: admin,
    handler: async (request) => ({
      data: await updatePrivacySettings(ctx, projectAccess(request), currentUser(request).id, request.body),
    }),
  });
}
