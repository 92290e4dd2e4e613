import {
  DeleteProjectRequest,
  OkResponse,
  ProjectIdParams,
  ProjectInput,
  ProjectListResponse,
  ProjectResponse,
  ProjectUpdate,
  TransferOwnershipRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
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

const tags = ['projects'];

export async function projectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: projectRole(ctx, 'user') };
  const admin = { preValidation: projectRole(ctx, 'admin') };

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
      ...member,
      schema: {
        tags,
        summary: 'A project the caller can access (404 otherwise)',
        params: ProjectIdParams,
        response: { 200: ProjectResponse },
      },
    },
    async (request) => ({ data: await getProject(ctx, projectAccess(request)) }),
  );

  r.put(
    '/projects/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Update a project, general settings included (admin or owner)',
        description:
          'Fields left out keep their value. default_prompt_id must be one of the prompts of this project ' +
          '(400 prompt_not_found otherwise), or null for none.',
        params: ProjectIdParams,
        body: ProjectUpdate,
        response: { 200: ProjectResponse },
      },
    },
    async (request) => ({ data: await updateProject(ctx, projectAccess(request), request.body) }),
  );

  r.delete(
    '/projects/:id',
    {
      ...member,
      schema: {
        tags,
        summary: 'Delete a project and everything in it (owner; body {confirm_name: the project name})',
        description:
          'The typed confirmation must equal the project name (surrounding spaces ignored): 400 ' +
          'confirmation_mismatch otherwise. Members below owner get 403.',
        params: ProjectIdParams,
        body: DeleteProjectRequest.nullish(),
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await deleteProject(ctx, currentUser(request), projectAccess(request), request.body?.confirm_name);
      return { data: { ok: true as const } };
    },
  );

  r.post(
    '/projects/:id/transfer-ownership',
    {
      ...member,
      schema: {
        tags,
        summary: 'Make another member the owner; the caller (an owner) becomes admin',
        description: 'Owner only (403 otherwise); the user must be a member of the project (404 otherwise).',
        params: ProjectIdParams,
        body: TransferOwnershipRequest,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await transferOwnership(ctx, currentUser(request), projectAccess(request), request.body.user_id);
      return { data: { ok: true as const } };
    },
  );
}
