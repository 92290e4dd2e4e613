import { OkResponse, ProjectIdParams } from '../api.ts';
import {
  MemberParams,
  NameListResponse,
  RepMappingApplyResponse,
  RepMappingInput,
  RepMappingListResponse,
  RepMappingParams,
  RepMappingResponse,
  TeamLeaderListResponse,
  TeamLeaderResponse,
  TeamLeaderUpdate,
} from '../settings/api.ts';
import { defineRoute } from './route.ts';

// Rep mapping and team leaders (settings tabs, admins and owners), and the project's representatives and
// departments (any member: filters).
const tags = ['rep-mapping'] as const;
const access = 'full-key';
const errors = [403, 404] as const;

const entryDoc =
  'identifier: a name, extension, email or phone number as it appears in the metadata (fields ' +
  'Representative, Agent, Extension or Email, looked up in that order). It is matched case-insensitively ' +
  'after trimming; phone numbers (7+ digits) are normalised first. representative (canonical) is required, ' +
  'department optional. Applied to every new analysis; POST …/rep-mappings/apply re-maps existing ones. ' +
  '409 duplicate_identifier when the identifier matches an existing entry.';

export const repRoutes = {
  listMappings: defineRoute({
    method: 'GET',
    path: '/projects/:id/rep-mappings',
    operationId: 'listRepMappings',
    summary: "The project's rep mapping (admin or owner)",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: RepMappingListResponse },
    errors,
  }),
  createMapping: defineRoute({
    method: 'POST',
    path: '/projects/:id/rep-mappings',
    operationId: 'createRepMapping',
    summary: 'Add a rep mapping entry (admin or owner)',
    description: entryDoc,
    tags,
    access,
    params: ProjectIdParams,
    body: RepMappingInput,
    responses: { 201: RepMappingResponse },
    errors: [...errors, 409],
  }),
  applyMappings: defineRoute({
    method: 'POST',
    path: '/projects/:id/rep-mappings/apply',
    operationId: 'applyRepMappings',
    summary: 'Re-map the existing analyses with the current mapping; answers how many changed',
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: RepMappingApplyResponse },
    errors,
  }),
  updateMapping: defineRoute({
    method: 'PUT',
    path: '/projects/:id/rep-mappings/:mappingId',
    operationId: 'updateRepMapping',
    summary: 'Change a rep mapping entry (admin or owner)',
    description: entryDoc,
    tags,
    access,
    params: RepMappingParams,
    body: RepMappingInput,
    responses: { 200: RepMappingResponse },
    errors: [...errors, 409],
  }),
  removeMapping: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/rep-mappings/:mappingId',
    operationId: 'deleteRepMapping',
    summary: 'Delete a rep mapping entry (admin or owner)',
    tags,
    access,
    params: RepMappingParams,
    responses: { 200: OkResponse },
    errors,
  }),
  representatives: defineRoute({
    method: 'GET',
    path: '/projects/:id/representatives',
    operationId: 'listRepresentatives',
    summary:
      "The project's representatives (canonical, from analyses and the rep mapping; a team leader's own)",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: NameListResponse },
    errors: [404],
  }),
  departments: defineRoute({
    method: 'GET',
    path: '/projects/:id/departments',
    operationId: 'listDepartments',
    summary: "The project's departments (canonical, from analyses and the rep mapping; a team leader's own)",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: NameListResponse },
    errors: [404],
  }),
  listTeamLeaders: defineRoute({
    method: 'GET',
    path: '/projects/:id/team-leaders',
    operationId: 'listTeamLeaders',
    summary: 'Members with the teamleader role and their assigned departments and representatives',
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: TeamLeaderListResponse },
    errors,
  }),
  getTeamLeader: defineRoute({
    method: 'GET',
    path: '/projects/:id/team-leaders/:userId',
    operationId: 'getTeamLeader',
    summary: "A team leader's assignment (400 not_team_leader for another role, 404 for a non-member)",
    tags,
    access,
    params: MemberParams,
    responses: { 200: TeamLeaderResponse },
    errors,
  }),
  setTeamLeader: defineRoute({
    method: 'PUT',
    path: '/projects/:id/team-leaders/:userId',
    operationId: 'setTeamLeader',
    summary: "Set a team leader's departments and representatives (they see only those analyses)",
    description:
      'The user must be a member with the teamleader role. A team leader sees the analyses whose department ' +
      'or representative is listed (case-insensitively) in the list, detail, media, live events and ' +
      'reanalysis; with nothing assigned, none.',
    tags,
    access,
    params: MemberParams,
    body: TeamLeaderUpdate,
    responses: { 200: TeamLeaderResponse },
    errors,
  }),
};
