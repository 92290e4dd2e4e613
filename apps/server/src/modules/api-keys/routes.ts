import {
  ApiKeyCreateRequest,
  ApiKeyCreateResponse,
  ApiKeyListResponse,
  ApiKeyParams,
  ApiKeyResponse,
  ProjectIdParams,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

const tags = ['api-keys'];

/**
 * API keys of a project (spec 2 §2.2, §3-§5): admins and owners list, create and revoke them. Keys themselves
 * cannot manage keys (a session is needed), so a leaked key cannot make new ones.
 */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: projectRole(ctx, 'admin') };

  r.get(
    '/projects/:id/api-keys',
    {
      ...admin,
      schema: {
        tags,
        summary: "The project's API keys with their creators, newest first (admin or owner)",
        params: ProjectIdParams,
        response: { 200: ApiKeyListResponse },
      },
    },
    async (request) => ({ data: await listApiKeys(ctx, projectAccess(request)) }),
  );

  r.post(
    '/projects/:id/api-keys',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Create an API key acting as the caller in this project; the secret (api_key) is shown only now',
        description:
          'type full: the key can do what its creator can do in this project (their current role). type media: ' +
          'it can only upload (file, chunks, link, CSV batch) and read the status and results of its own uploads.',
        params: ProjectIdParams,
        body: ApiKeyCreateRequest,
        response: { 201: ApiKeyCreateResponse },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(ctx, projectAccess(request), currentUser(request), request.body);
      return reply.status(201).send({ data: created });
    },
  );

  const revoke = async (request: { params: { keyId: number } } & Parameters<typeof projectAccess>[0]) => ({
    data: await revokeApiKey(ctx, projectAccess(request), currentUser(request), request.params.keyId),
  });

  r.post(
    '/projects/:id/api-keys/:keyId/revoke',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Revoke an API key (admin or owner); requests with it answer 401 from now on',
        params: ApiKeyParams,
        response: { 200: ApiKeyResponse },
      },
    },
    async (request) => revoke(request),
  );

  r.delete(
    '/projects/:id/api-keys/:keyId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Revoke an API key (the same as POST …/revoke; the key stays listed as revoked)',
        params: ApiKeyParams,
        response: { 200: ApiKeyResponse },
      },
    },
    async (request) => revoke(request),
  );
}
