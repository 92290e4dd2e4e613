import {
  MemberParams,
  NameListResponse,
  OkResponse,
  ProjectIdParams,
  RepMappingApplyResponse,
  RepMappingInput,
  RepMappingListResponse,
  RepMappingParams,
  RepMappingResponse,
  TeamLeaderListResponse,
  TeamLeaderResponse,
  TeamLeaderUpdate,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
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

const tags = ['rep-mapping'];

/**
 * Rep mapping and team leaders (settings tabs, admins and owners), and the project's representatives and
 * departments (any member: filters).
 */
export async function repRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: projectRole(ctx, 'user') };
  const admin = { preValidation: projectRole(ctx, 'admin') };
  const entryDoc =
    'identifier: a name, extension, email or phone number as it appears in the metadata (fields ' +
    'Representative, Agent, Extension or Email, looked up in that order). It is matched case-insensitively ' +
    'after trimming; phone numbers (7+ digits) are normalised first. representative (canonical) is required, ' +
    'department optional. Applied to every new analysis; POST …/rep-mappings/apply re-maps existing ones. ' +
    '409 duplicate_identifier when the identifier matches an existing entry.';

  r.get(
    '/projects/:id/rep-mappings',
    {
      ...admin,
      schema: {
        tags,
        summary: "The project's rep mapping (admin or owner)",
        params: ProjectIdParams,
        response: { 200: RepMappingListResponse },
      },
    },
    async (request) => ({ data: await listMappings(ctx, projectAccess(request)) }),
  );

  r.post(
    '/projects/:id/rep-mappings',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add a rep mapping entry (admin or owner)',
        description: entryDoc,
        params: ProjectIdParams,
        body: RepMappingInput,
        response: { 201: RepMappingResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createMapping(ctx, projectAccess(request), request.body) }),
  );

  r.post(
    '/projects/:id/rep-mappings/apply',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Re-map the existing analyses with the current mapping; answers how many changed',
        params: ProjectIdParams,
        response: { 200: RepMappingApplyResponse },
      },
    },
    async (request) => ({ data: { changed: await applyMappings(ctx, projectAccess(request)) } }),
  );

  r.put(
    '/projects/:id/rep-mappings/:mappingId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Change a rep mapping entry (admin or owner)',
        description: entryDoc,
        params: RepMappingParams,
        body: RepMappingInput,
        response: { 200: RepMappingResponse },
      },
    },
    async (request) => ({
      data: await updateMapping(ctx, projectAccess(request), request.params.mappingId, request.body),
    }),
  );

  r.delete(
    '/projects/:id/rep-mappings/:mappingId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a rep mapping entry (admin or owner)',
        params: RepMappingParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await deleteMapping(ctx, projectAccess(request), request.params.mappingId);
      return { data: { ok: true as const } };
    },
  );

  for (const [path, field] of [
    ['representatives', 'representative'],
    ['departments', 'department'],
  ] as const) {
    r.get(
      `/projects/:id/${path}`,
      {
        ...member,
        schema: {
          tags,
          summary: `The project's ${path} (canonical, from analyses and the rep mapping; a team leader's own)`,
          params: ProjectIdParams,
          response: { 200: NameListResponse },
        },
      },
      async (request) => ({ data: await distinctNames(ctx, projectAccess(request), field) }),
    );
  }

  r.get(
    '/projects/:id/team-leaders',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Members with the teamleader role and their assigned departments and representatives',
        params: ProjectIdParams,
        response: { 200: TeamLeaderListResponse },
      },
    },
    async (request) => ({ data: await listTeamLeaders(ctx, projectAccess(request)) }),
  );

  r.get(
    '/projects/:id/team-leaders/:userId',
    {
      ...admin,
      schema: {
        tags,
        summary: "A team leader's assignment (400 not_team_leader for another role, 404 for a non-member)",
        params: MemberParams,
        response: { 200: TeamLeaderResponse },
      },
    },
    async (request) => ({ data: await getTeamLeader(ctx, projectAccess(request), request.params.userId) }),
  );

  r.put(
    '/projects/:id/team-leaders/:userId',
    {
      ...admin,
      schema: {
        tags,
        summary: "Set a team leader's departments and representatives (they see only those analyses)",
        description:
          'The user must be a member with the teamleader role. A team leader sees the analyses whose department ' +
          'or representative is listed (case-insensitively) in the list, detail, media, live events and ' +
          'reanalysis; with nothing assigned, none.',
        params: MemberParams,
        body: TeamLeaderUpdate,
        response: { 200: TeamLeaderResponse },
      },
    },
    async (request) => ({
      data: await setTeamLeader(
        ctx,
        projectAccess(request),
        currentUser(request),
        request.params.userId,
        request.body,
      ),
    }),
  );
}
