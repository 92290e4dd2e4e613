import { repRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import {
  applyMappings,
  createMapping,
  deleteMapping,
  distinctNames,
  getTeamLeader,
  listMappings,
  listTeamLeaders,
  setTeamLeader,
  updateMapping,
} from './service.ts';

/**
 * Rep mapping and team leaders (settings tabs, admins and owners), and the project's representatives and
 * departments (any member: filters).
 */
export async function repRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.listMappings, {
    preValidation: admin,
    handler: async (request) => ({ data: await listMappings(ctx, projectAccess(request)) }),
  });

  serve(app, routes.createMapping, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createMapping(ctx, projectAccess(request), request.body) }),
  });

  serve(app, routes.applyMappings, {
    preValidation: admin,
    handler: async (request) => ({ data: { changed: await applyMappings(ctx, projectAccess(request)) } }),
  });

  serve(app, routes.updateMapping, {
    preValidation: admin,
    handler: async (request) => ({
      data: await updateMapping(ctx, projectAccess(request), request.params.mappingId, request.body),
    }),
  });

  serve(app, routes.removeMapping, {
    preValidation: admin,
    handler: async (request) => {
      await deleteMapping(ctx, projectAccess(request), request.params.mappingId);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.representatives, {
    preValidation: member,
    handler: async (request) => ({
      data: await distinctNames(ctx, projectAccess(request), 'representative'),
    }),
  });

  serve(app, routes.departments, {
    preValidation: member,
    handler: async (request) => ({ data: await distinctNames(ctx, projectAccess(request), 'department') }),
  });

  serve(app, routes.listTeamLeaders, {
    preValidation: admin,
    handler: async (request) => ({ data: await listTeamLeaders(ctx, projectAccess(request)) }),
  });

  serve(app, routes.getTeamLeader, {
    preValidation: admin,
    handler: async (request) => ({
      data: await getTeamLeader(ctx, projectAccess(request), request.params.userId),
    }),
  });

  serve(app, routes.setTeamLeader, {
    preValidation: admin,
    handler: async (request) => ({
      data: await setTeamLeader(
        ctx,
        projectAccess(request),
        currentUser(request),
        request.params.userId,
        request.body,
      ),
    }),
  });
}
