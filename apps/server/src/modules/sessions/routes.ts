import { sessionRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { auditRequest } from '../audit/record.ts';
import { clearSessionCookie, currentUser } from '../auth/plugin.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import { superAdminOnly } from '../auth/super-admin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { readSessionLifetimes, saveSessionLifetimes } from './lifetimes.ts';
import { listSessions, revokeSession, signOutMember } from './service.ts';

/** One's own sessions (profile), a member's (project owners), the platform's session lifetimes (super admin). */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.list, {
    handler: async (request) => ({
      data: await listSessions(ctx.db, currentUser(request).id, request.sessionToken),
    }),
  });

  serve(app, routes.revoke, {
    handler: async (request, reply) => {
      const { current } = await revokeSession(
        ctx.db,
        currentUser(request).id,
        request.params.sessionId,
        request.sessionToken,
      );
      if (current) clearSessionCookie(reply);
      return { data: { signed_out: 1 } };
    },
  });

  serve(app, routes.signOutOthers, {
    handler: async (request) => {
      const ended = await deleteUserSessions(
        ctx.db,
        currentUser(request).id,
        request.sessionToken ?? undefined,
      );
      return { data: { signed_out: ended } };
    },
  });

  serve(app, routes.signOutMember, {
    preValidation: projectRole(ctx, 'owner'),
    handler: async (request) => {
      const { userId } = request.params;
      const ended = await signOutMember(ctx.db, projectAccess(request), currentUser(request), userId);
      await auditRequest(ctx.db, request, 'member_signed_out', {
        targetId: userId,
        details: { sessions: ended },
      });
      return { data: { signed_out: ended } };
    },
  });

  serve(app, routes.lifetimes, {
    preValidation: superAdminOnly,
    handler: async () => ({ data: await readSessionLifetimes(ctx.db) }),
  });

  serve(app, routes.setLifetimes, {
    preValidation: superAdminOnly,
    handler: async (request) => ({
      data: await saveSessionLifetimes(ctx.db, request.body, currentUser(request).id),
    }),
  });
}
