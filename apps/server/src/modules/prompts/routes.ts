import { promptRoutes as routes } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { apiKeyName } from '../api-keys/service.ts';
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
import {
  discardDraft,
  getVersion,
  listVersions,
  publishVersion,
  restoreVersion,
  saveDraft,
} from './version-service.ts';
import type { VersionAuthor } from './versions.ts';

/** Who saves a version: the member, and the name of the API key when they called with one. */
async function authorOf(ctx: AppContext, request: FastifyRequest): Promise<VersionAuthor> {
  const userId = currentUser(request).id;
  return { userId, apiKeyName: request.apiKey ? await apiKeyName(ctx.db, request.apiKey.id) : null };
}

/**
 * Analysis prompts of a project and their versions: any member reads them; admins and owners write, generate,
 * save drafts, publish and restore.
 */
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
      const prompt = await createPrompt(
        ctx,
        projectAccess(request),
        request.body,
        await authorOf(ctx, request),
      );
      return reply.status(201).send({ data: prompt });
    },
  });

  serve(app, routes.update, {
    preValidation: admin,
    handler: async (request) => ({
      data: await updatePrompt(
        ctx,
        projectAccess(request),
        request.params.promptId,
        request.body,
        await authorOf(ctx, request),
      ),
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

  serve(app, routes.listVersions, {
    preValidation: member,
    handler: async (request) =>
      listVersions(ctx, projectAccess(request), request.params.promptId, request.query),
  });

  serve(app, routes.getVersion, {
    preValidation: member,
    handler: async (request) => ({
      data: await getVersion(
        ctx.db,
        projectAccess(request),
        request.params.promptId,
        request.params.versionId,
      ),
    }),
  });

  serve(app, routes.saveDraft, {
    preValidation: admin,
    handler: async (request) => ({
      data: await saveDraft(
        ctx,
        projectAccess(request),
        request.params.promptId,
        request.body,
        await authorOf(ctx, request),
      ),
    }),
  });

  serve(app, routes.discardDraft, {
    preValidation: admin,
    handler: async (request) => {
      await discardDraft(ctx, projectAccess(request), request.params.promptId);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.publishVersion, {
    preValidation: admin,
    handler: async (request) => ({
      data: await publishVersion(
        ctx,
        projectAccess(request),
        request.params.promptId,
        request.params.versionId,
        await authorOf(ctx, request),
      ),
    }),
  });

  serve(app, routes.restoreVersion, {
    preValidation: admin,
    handler: async (request, reply) => {
      const draft = await restoreVersion(
        ctx,
        projectAccess(request),
        request.params.promptId,
        request.params.versionId,
        await authorOf(ctx, request),
      );
      return reply.status(201).send({ data: draft });
    },
  });
}
