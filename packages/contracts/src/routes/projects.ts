import {
  OkResponse,
  ProjectIdParams,
  ProjectInput,
  ProjectListResponse,
  ProjectResponse,
  ProjectUpdate,
} from '../api.ts';
import { DeleteProjectRequest, TransferOwnershipRequest } from '../settings/api.ts';
import { defineRoute } from './route.ts';

// Projects and their general settings (spec 1 §6, spec 2 §2.2). A project the caller cannot see answers 404.
const tags = ['projects'] as const;

export const projectRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/projects',
    operationId: 'listProjects',
    summary: "The caller's projects",
    tags,
    access: 'full-key',
    responses: { 200: ProjectListResponse },
    errors: [],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/projects',
    operationId: 'createProject',
    summary: 'Create a project (the caller becomes its owner)',
    tags,
    access: 'session',
    body: ProjectInput,
    responses: { 201: ProjectResponse },
    errors: [],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/projects/:id',
    operationId: 'getProject',
    summary: 'A project the caller can access (404 otherwise)',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    responses: { 200: ProjectResponse },
    errors: [404],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/projects/:id',
    operationId: 'updateProject',
    summary: 'Update a project, general settings included (admin or owner)',
    description:
      'Fields left out keep their value. default_prompt_id must be one of the prompts of this project ' +
      '(400 prompt_not_found otherwise), or null for none.',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    body: ProjectUpdate,
    responses: { 200: ProjectResponse },
    errors: [403, 404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/projects/:id',
    operationId: 'deleteProject',
    summary: 'Delete a project and everything in it (owner; body {confirm_name: the project name})',
    description:
      'The typed confirmation must equal the project name (surrounding spaces ignored): 400 ' +
      'confirmation_mismatch otherwise. Members below owner get 403.',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    body: DeleteProjectRequest.nullish(),
    responses: { 200: OkResponse },
    errors: [403, 404],
  }),
  transferOwnership: defineRoute({
    method: 'POST',
    path: '/projects/:id/transfer-ownership',
    operationId: 'transferProjectOwnership',
    summary: 'Make another member the owner; the caller (an owner) becomes admin',
    description: 'Owner only (403 otherwise); the user must be a member of the project (404 otherwise).',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    body: TransferOwnershipRequest,
    responses: { 200: OkResponse },
    errors: [403, 404, 409],
  }),
};
