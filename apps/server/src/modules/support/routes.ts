import { supportRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { accountActor } from '../audit/record.ts';
import { currentUser } from '../auth/plugin.ts';
import { superAdminOnly } from '../auth/super-admin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { resetTwoFactor } from '../two-factor/reset.ts';
import {
  grantSupportAccess,
  listUsers,
  revokeSupportAccess,
  setUserRole,
  supportAccessStatus,
  supportAuditPage,
  supportProjects,
  toAdminUserDto,
} from './service.ts';

/**
 * Support access (spec 2 §2.2 support-access tab): the owner grants support staff (accounts with the role
 * 'support') time-limited read-only access and reads the audit of their requests; support staff list the
 * projects they can read; super admins give accounts the support role.
 */
export async function supportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = projectRole(ctx, 'admin');
  const owner = projectRole(ctx, 'owner');

  serve(app, routes.status, {
    preValidation: admin,
    handler: async (request) => ({ data: await supportAccessStatus(ctx, projectAccess(request).project.id) }),
  });

  serve(app, routes.grant, {
    preValidation: owner,
    handler: async (request) => ({
      data: await grantSupportAccess(
        ctx,
        projectAccess(request),
        currentUser(request),
        request.body.duration,
        request.body.unit,
      ),
    }),
  });

  serve(app, routes.revoke, {
    preValidation: owner,
    handler: async (request) => ({
      data: await revokeSupportAccess(ctx, projectAccess(request), currentUser(request)),
    }),
  });

  serve(app, routes.audit, {
    preValidation: owner,
    handler: async (request) => ({
      data: await supportAuditPage(ctx, projectAccess(request), request.query.page, request.query.page_size),
    }),
  });

  serve(app, routes.projects, {
    handler: async (request) => ({ data: await supportProjects(ctx, currentUser(request)) }),
  });

  serve(app, routes.listUsers, {
    preValidation: superAdminOnly,
    handler: async (request) => ({ data: await listUsers(ctx, request.query) }),
  });

  serve(app, routes.setUserRole, {
    preValidation: superAdminOnly,
    handler: async (request) => ({
      data: await setUserRole(ctx, currentUser(request), request.params.userId, request.body.role),
    }),
  });

  serve(app, routes.resetUserTwoFactor, {
    preValidation: superAdminOnly,
    handler: async (request) => ({
      data: toAdminUserDto(await resetTwoFactor(ctx, accountActor(request), request.params.userId), false),
    }),
  });
}
