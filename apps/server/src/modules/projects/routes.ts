import { projectRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from './access.ts';
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  transferOwnership,
  updateProject,
} from './service.ts';

export async function projectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.list, {
    handler: async (request) => ({ data: await listProjects(ctx, currentUser(request)) }),
  });

  serve(app, routes.create, {
    handler: async (request, reply) => {
      const project = await createProject(ctx, currentUser(request), request.body);
      return reply.status(201).send({ data: project });
    },
  });

  serve(app, routes.get, {
    preValidation: member,
    handler: async (request) => ({
      data: await getProject(ctx, currentUser(request), projectAccess(request)),
    }),
  });

  serve(app, routes.update, {
    preValidation: admin,
    handler: async (request) => ({ data: await updateProject(ctx, projectAccess(request), request.body) }),
  });

  serve(app, routes.remove, {
    preValidation: member,
    handler: async (request) => {
      await deleteProject(ctx, currentUser(request), projectAccess(request), request.body?.confirm_name);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.transferOwnership, {
    preValidation: member,
    handler: async (request) => {
      await transferOwnership(ctx, currentUser(request), projectAccess(request), request.body.user_id);
      return { data: { ok: true as const } };
    },
  });
}
