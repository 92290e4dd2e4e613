import {
  OkResponse,
  ProjectIdParams,
  ProjectInput,
  ProjectListResponse,
  ProjectResponse,
  ProjectUpdate,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './service.ts';

const tags = ['projects'];

export async function projectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/projects',
    { schema: { tags, summary: "The caller's projects", response: { 200: ProjectListResponse } } },
    async (request) => ({ data: await listProjects(ctx, currentUser(request)) }),
  );

  r.post(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Create a project (the caller becomes its owner)',
        body: ProjectInput,
        response: { 201: ProjectResponse },
      },
    },
    async (request, reply) => {
      const project = await createProject(ctx, currentUser(request), request.body);
      return reply.status(201).send({ data: project });
    },
  );

  r.get(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'A project the caller can access (404 otherwise)',
        params: ProjectIdParams,
        response: { 200: ProjectResponse },
      },
    },
    async (request) => ({ data: await getProject(ctx, currentUser(request), request.params.id) }),
  );

  r.put(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Update a project (admin or owner)',
        params: ProjectIdParams,
        body: ProjectUpdate,
        response: { 200: ProjectResponse },
      },
    },
    async (request) => ({
      data: await updateProject(ctx, currentUser(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project and everything in it (owner)',
        params: ProjectIdParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await deleteProject(ctx, currentUser(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
}
