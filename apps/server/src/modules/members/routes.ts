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
  OkResponse,
  ProjectIdParams,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import {
  acceptInvite,
  changeMemberRole,
  createInvite,
  inviteInfo,
  listMembers,
  removeMember,
  revokeInvite,
} from './service.ts';

const tags = ['members'];

/** The team-members tab (admins and owners) and the invitation link (public lookup, signed-in accept). */
export async function memberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: projectRole(ctx, 'user') };
  const admin = { preValidation: projectRole(ctx, 'admin') };

  r.get(
    '/projects/:id/members',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Members (name, email, role, joined) and open invitations (admin or owner)',
        params: ProjectIdParams,
        response: { 200: MembersResponse },
      },
    },
    async (request) => ({ data: await listMembers(ctx, projectAccess(request)) }),
  );

  r.post(
    '/projects/:id/invites',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Invite someone by email (owners any role; admins user, teamleader or admin)',
        description:
          'The invitee gets a single-use link PUBLIC_URL/invite?token=…, valid 7 days (by SMTP, or in the ' +
          'server log without SMTP). An earlier open invitation of the same address is withdrawn. 409 ' +
          'already_member when the address belongs to a member.',
        params: ProjectIdParams,
        body: InviteCreateRequest,
        response: { 201: InviteResponse },
      },
    },
    async (request, reply) => {
      const invite = await createInvite(ctx, projectAccess(request), currentUser(request), request.body);
      return reply.status(201).send({ data: invite });
    },
  );

  r.delete(
    '/projects/:id/invites/:inviteId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Withdraw an open invitation (admin or owner)',
        params: InviteParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await revokeInvite(ctx, projectAccess(request), request.params.inviteId);
      return { data: { ok: true as const } };
    },
  );

  r.put(
    '/projects/:id/members/:userId',
    {
      ...admin,
      schema: {
        tags,
        summary: "Change a member's role (admins cannot change owners nor make owners)",
        description: 'The last owner cannot be demoted: 409 last_owner.',
        params: MemberParams,
        body: MemberRoleUpdate,
        response: { 200: MemberResponse },
      },
    },
    async (request) => ({
      data: await changeMemberRole(ctx, projectAccess(request), request.params.userId, request.body.role),
    }),
  );

  r.delete(
    '/projects/:id/members/:userId',
    {
      ...member,
      schema: {
        tags,
        summary: 'Remove a member (owners anyone, admins anyone but owners, every member themselves)',
        description:
          'The last owner cannot be removed: 409 last_owner. The removed member’s API keys in the project are revoked.',
        params: MemberParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await removeMember(ctx, projectAccess(request), currentUser(request), request.params.userId);
      return { data: { ok: true as const } };
    },
  );

  r.get(
    '/invites/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'What an invitation link offers: project, inviter, role, email, whether that account exists',
        description:
          'Public (the token is the secret). 404 invite_not_found for an unknown token; 410 invite_used, ' +
          'invite_revoked or invite_expired.',
        params: InviteTokenParams,
        response: { 200: InviteInfoResponse },
      },
    },
    async (request) => ({ data: await inviteInfo(ctx, request.params.token) }),
  );

  r.post(
    '/invites/:token/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: the signed-in user (with the invited email) joins the project',
        description:
          'A new user signs up first (with the invited email), then accepts. 403 invite_wrong_email when signed ' +
          'in with another email; 404/410 as for the lookup. Someone already a member keeps their role.',
        params: InviteTokenParams,
        response: { 200: InviteAcceptResponse },
      },
    },
    async (request) => ({ data: await acceptInvite(ctx, currentUser(request), request.params.token) }),
  );
}
