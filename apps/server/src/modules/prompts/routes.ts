import { promptRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { generatePrompt } from './generation.ts';
import {
  createPrompt,
  deletePrompt,
  dismissModelNotice,
  getPrompt,
  getPromptByName,
  listPrompts,
  updatePrompt,
} from './service.ts';

/** Analysis prompts of a project: any member reads them; admins and owners write and generate. */
export async function promptRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.list, {
    preValidation: member,
    handler: async (request) => ({ data: await listPrompts(ctx, projectAccess(request)) }),
  });

  serve(app, routes.getByName, {
    preValidation: member,
    handler: async (request) => ({
      data: await getPromptByName(ctx, projectAccess(request), request.query.name),
    }),
  });

  serve(app, routes.get, {
    preValidation: member,
    handler: async (request) => ({
      data: await getPrompt(ctx, projectAccess(request), request.params.promptId),
    }),
  });

  serve(app, routes.create, {
    preValidation: admin,
    handler: async (request, reply) => {
      const prompt = await createPrompt(ctx, projectAccess(request), request.body);
      return reply.status(201).send({ data: prompt });
    },
  });

  serve(app, routes.update, {
    preValidation: admin,
    handler: async (request) => ({
      data: await updatePrompt(ctx, projectAccess(request), request.params.promptId, request.body),
    }),
  });

  serve(app, routes.dismissModelNotice, {
    preValidation: admin,
    handler: async (request) => ({
      data: await dismissModelNotice(ctx, projectAccess(request), request.params.promptId),
    }),
  });

  serve(app, routes.remove, {
    preValidation: admin,
    handler: async (request) => {
      await deletePrompt(ctx, projectAccess(request), request.params.promptId);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.generate, {
    preValidation: admin,
    handler: async (request) => ({
      data: await generatePrompt(ctx, projectAccess(request), currentUser(request).id, request.body),
    }),
  });
}
