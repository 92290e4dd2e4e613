import { reviewRoutes, memberRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { auditRequest } from '../audit/record.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import {
  acceptInvite,
  changeMemberRole,
  createInvite,
  inviteInfo,
  listMembers,
  removeMember,
  revokeInvite,
  setMemberReviewer,
} from './service.ts';

/** The team-members tab (admins and owners) and the invitation link (public lookup, signed-in accept). */
export async function memberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.list, {
    preValidation: admin,
    handler: async (request) => ({ data: await listMembers(ctx, projectAccess(request)) }),
  });

  serve(app, routes.invite, {
    preValidation: admin,
    handler: async (request, reply) => {
      const invite = await createInvite(ctx, projectAccess(request), currentUser(request), request.body);
      return reply.status(201).send({ data: invite });
    },
  });

  serve(app, routes.revokeInvite, {
    preValidation: admin,
    handler: async (request) => {
      await revokeInvite(ctx, projectAccess(request), request.params.inviteId);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.changeRole, {
    preValidation: admin,
    handler: async (request) => {
      const { userId } = request.params;
      const changed = await changeMemberRole(ctx, projectAccess(request), userId, request.body.role);
      await auditRequest(ctx.db, request, 'member_role_changed', {
        targetId: userId,
        details: { role: request.body.role },
      });
      return { data: changed };
    },
  });

  serve(app, reviewRoutes.setReviewer, {
    preValidation: admin,
    handler: async (request) => {
      const { userId } = request.params;
      const changed = await setMemberReviewer(ctx, projectAccess(request), userId, request.body.reviewer);
      await auditRequest(ctx.db, request, 'member_role_changed', {
        targetId: userId,
        details: { reviewer: request.body.reviewer },
      });
      return { data: changed };
    },
  });

  serve(app, routes.remove, {
    preValidation: member,
    handler: async (request) => {
      await removeMember(ctx, projectAccess(request), currentUser(request), request.params.userId);
      await auditRequest(ctx.db, request, 'member_removed', { targetId: request.params.userId });
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.inviteInfo, {
    handler: async (request) => ({ data: await inviteInfo(ctx, request.params.token) }),
  });

  serve(app, routes.acceptInvite, {
    handler: async (request) => ({
      data: await acceptInvite(ctx, currentUser(request), request.params.token),
    }),
  });
}
