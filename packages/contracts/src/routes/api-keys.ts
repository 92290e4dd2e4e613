import { ProjectIdParams } from '../api.ts';
import {
  ApiKeyCreateRequest,
  ApiKeyCreateResponse,
  ApiKeyListResponse,
  ApiKeyParams,
  ApiKeyResponse,
} from '../settings/api.ts';
import { defineRoute } from './route.ts';

// API keys of a project (spec 2 §2.2, §3-§5): admins and owners list, create and revoke them. Keys themselves
// cannot manage keys (a session is needed), so a leaked key cannot make new ones.
const tags = ['api-keys'] as const;
const access = 'session';
const errors = [403, 404] as const;

export const apiKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/api-keys',
    operationId: 'listApiKeys',
    summary: "The project's API keys with their creators, newest first (admin or owner)",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: ApiKeyListResponse },
    errors,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/projects/:id/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key acting as the caller in this project; the secret (api_key) is shown only now',
    description:
      'type full: the key can do what its creator can do in this project (their current role). type media: ' +
      'it can only upload (file, chunks, link, CSV batch) and read the status and results of its own uploads.',
    tags,
    access,
    params: ProjectIdParams,
    body: ApiKeyCreateRequest,
    responses: { 201: ApiKeyCreateResponse },
    errors,
  }),
  revoke: defineRoute({
    method: 'POST',
    path: '/projects/:id/api-keys/:keyId/revoke',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key (admin or owner); requests with it answer 401 from now on',
    tags,
    access,
    params: ApiKeyParams,
    responses: { 200: ApiKeyResponse },
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/api-keys/:keyId',
    operationId: 'deleteApiKey',
    summary: 'Revoke an API key (the same as POST …/revoke; the key stays listed as revoked)',
    tags,
    access,
    params: ApiKeyParams,
    responses: { 200: ApiKeyResponse },
    errors,
  }),
};
