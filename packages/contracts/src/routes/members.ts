import { OkResponse, ProjectIdParams } from '../api.ts';
import {
  InviteAcceptResponse,
  InviteCreateRequest,
  InviteInfoResponse,
  InviteParams,
  InviteResponse,
  InviteTokenParams,
  MemberParams,
  MemberResponse,
  MemberRoleUpdate,
  MembersResponse,
} from '../settings/api.ts';
import { defineRoute } from './route.ts';

// The team-members tab (admins and owners) and the invitation link (public lookup, signed-in accept).
const tags = ['members'] as const;

export const memberRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/members',
    operationId: 'listMembers',
    summary: 'Members (name, email, role, joined) and open invitations (admin or owner)',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    responses: { 200: MembersResponse },
    errors: [403, 404],
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/projects/:id/invites',
    operationId: 'createInvite',
    summary: 'Invite someone by email (owners any role; admins user, teamleader or admin)',
    description:
      'The invitee gets a single-use link PUBLIC_URL/invite?token=…, valid 7 days (by SMTP, or in the ' +
      'server log without SMTP). An earlier open invitation of the same address is withdrawn. 409 ' +
      'already_member when the address belongs to a member.',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    body: InviteCreateRequest,
    responses: { 201: InviteResponse },
    errors: [403, 404, 409],
  }),
  revokeInvite: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/invites/:inviteId',
    operationId: 'revokeInvite',
    summary: 'Withdraw an open invitation (admin or owner)',
    tags,
    access: 'full-key',
    params: InviteParams,
    responses: { 200: OkResponse },
    errors: [403, 404],
  }),
  changeRole: defineRoute({
    method: 'PUT',
    path: '/projects/:id/members/:userId',
    operationId: 'changeMemberRole',
    summary: "Change a member's role (admins cannot change owners nor make owners)",
    description: 'The last owner cannot be demoted: 409 last_owner.',
    tags,
    access: 'full-key',
    params: MemberParams,
    body: MemberRoleUpdate,
    responses: { 200: MemberResponse },
    errors: [403, 404, 409],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/members/:userId',
    operationId: 'removeMember',
    summary: 'Remove a member (owners anyone, admins anyone but owners, every member themselves)',
    description:
      'The last owner cannot be removed: 409 last_owner. The removed member’s API keys in the project are revoked ' +
      'and the review assignments they had not started are dropped; they leave the open calibration sessions ' +
      'they had not submitted to (a session then waiting for nobody closes).',
    tags,
    access: 'full-key',
    params: MemberParams,
    responses: { 200: OkResponse },
    errors: [403, 404, 409],
  }),
  inviteInfo: defineRoute({
    method: 'GET',
    path: '/invites/:token',
    operationId: 'getInvite',
    summary: 'What an invitation link offers: project, inviter, role, email, whether that account exists',
    description:
      'Public (the token is the secret). 404 invite_not_found for an unknown token; 410 invite_used, ' +
      'invite_revoked or invite_expired.',
    tags,
    access: 'public',
    params: InviteTokenParams,
    responses: { 200: InviteInfoResponse },
    errors: [404, 410],
  }),
  acceptInvite: defineRoute({
    method: 'POST',
    path: '/invites/:token/accept',
    operationId: 'acceptInvite',
    summary: 'Accept an invitation: the signed-in user (with the invited email) joins the project',
    description:
      'A new user signs up first (with the invited email), then accepts. 403 invite_wrong_email when signed ' +
      'in with another email; 404/410 as for the lookup. Someone already a member keeps their role.',
    tags,
    access: 'session',
    params: InviteTokenParams,
    responses: { 200: InviteAcceptResponse },
    errors: [403, 404, 410],
  }),
};
