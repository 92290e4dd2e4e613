import {
  GeneratedPromptResponse,
  GeneratePromptRequest,
  OkResponse,
  ProjectIdParams,
  PromptByNameQuery,
  PromptListResponse,
  PromptParams,
  PromptResponse,
  SavePromptRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { generatePrompt } from './generation.ts';
import {
  createPrompt,
  deletePrompt,
  getPrompt,
  getPromptByName,
  listPrompts,
  updatePrompt,
} from './service.ts';

const tags = ['prompts'];

/** Analysis prompts of a project: any member reads them; admins and owners write and generate. */
export async function promptRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: projectRole(ctx, 'user') };
  const admin = { preValidation: projectRole(ctx, 'admin') };

  r.get(
    '/projects/:id/prompts',
    {
      ...member,
      schema: {
        tags,
        summary: "The project's prompts, by name",
        params: ProjectIdParams,
        response: { 200: PromptListResponse },
      },
    },
    async (request) => ({ data: await listPrompts(ctx, projectAccess(request)) }),
  );

  r.get(
    '/projects/:id/prompts/by-name',
    {
      ...member,
      schema: {
        tags,
        summary: 'A prompt by its name (edit and clone load it this way)',
        params: ProjectIdParams,
        querystring: PromptByNameQuery,
        response: { 200: PromptResponse },
      },
    },
    async (request) => ({ data: await getPromptByName(ctx, projectAccess(request), request.query.name) }),
  );

  r.get(
    '/projects/:id/prompts/:promptId',
    {
      ...member,
      schema: { tags, summary: 'A prompt', params: PromptParams, response: { 200: PromptResponse } },
    },
    async (request) => ({ data: await getPrompt(ctx, projectAccess(request), request.params.promptId) }),
  );

  r.post(
    '/projects/:id/prompts',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a prompt (admin or owner); cloning posts a copy to the target project',
        params: ProjectIdParams,
        body: SavePromptRequest,
        response: { 201: PromptResponse },
      },
    },
    async (request, reply) => {
      const prompt = await createPrompt(ctx, projectAccess(request), request.body);
      return reply.status(201).send({ data: prompt });
    },
  );

  r.put(
    '/projects/:id/prompts/:promptId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Replace a prompt (admin or owner); its name cannot change',
        params: PromptParams,
        body: SavePromptRequest,
        response: { 200: PromptResponse },
      },
    },
    async (request) => ({
      data: await updatePrompt(ctx, projectAccess(request), request.params.promptId, request.body),
    }),
  );

  r.delete(
    '/projects/:id/prompts/:promptId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a prompt (admin or owner)',
        params: PromptParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await deletePrompt(ctx, projectAccess(request), request.params.promptId);
      return { data: { ok: true as const } };
    },
  );

  r.post(
    '/projects/:id/prompts/generate',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Write a prompt with AI from a description, or improve an existing one (not saved)',
        params: ProjectIdParams,
        body: GeneratePromptRequest,
        response: { 200: GeneratedPromptResponse },
      },
    },
    async (request) => ({
      data: await generatePrompt(ctx, projectAccess(request), currentUser(request).id, request.body),
    }),
  );
}
