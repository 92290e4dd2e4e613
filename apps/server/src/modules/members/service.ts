import {
  breaksLastOwner,
  canChangeMemberRole,
  canInviteRole,
  canRemoveMember,
  INVITE_TTL_MS,
  type Invite,
  type InviteInfo,
  inviteStatus,
  MEMBER_ROLE_LABELS,
  MEMBER_TEXTS,
  type Member,
  type MemberRole,
  roleRank,
} from '@parley/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projectInvites, projectMembers, projects, reviewAssignments, users } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import { revokeKeysOf } from '../api-keys/service.ts';
import { hashToken, newSecretToken } from '../auth/tokens.ts';
import { emailJob } from '../mail/jobs.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { lockProject, ownerCount } from '../projects/service.ts';
import { leaveOpenCalibrations } from '../reviews/calibration-state.ts';
import { dropOpenAssignments } from '../reviews/sampling-rules.ts';
import type { UserRow } from '../users/dto.ts';

type InviteRow = typeof projectInvites.$inferSelect;
type Person = { id: number; name: string; email: string } | null;

function toMemberDto(row: {
  userId: number;
  name: string;
  email: string;
  role: MemberRole;
  reviewer: boolean;
  createdAt: Date;
  deactivatedAt: Date | null;
}): Member {
  return {
    user_id: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    reviewer: row.reviewer,
    joined_at: row.createdAt.toISOString(),
    deactivated: row.deactivatedAt !== null,
  };
}

function toInviteDto(row: InviteRow, inviter: Person): Invite {
  return {
    id: row.id,
    project_id: row.projectId,
    email: row.email,
    role: row.role,
    status: inviteStatus(row),
    invited_by: inviter?.id ? inviter : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

const memberColumns = {
  userId: projectMembers.userId,
  name: users.name,
  email: users.email,
  role: projectMembers.role,
  reviewer: projectMembers.reviewer,
  createdAt: projectMembers.createdAt,
  deactivatedAt: users.deactivatedAt,
};

/** Members (owners first, then by name) and the open invitations (not accepted nor withdrawn), newest first. */
export async function listMembers(ctx: AppContext, access: ProjectAccess) {
  const memberRows = await ctx.db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, access.project.id));
  memberRows.sort(
    (a, b) =>
      roleRank(b.role) - roleRank(a.role) || a.name.localeCompare(b.name) || a.email.localeCompare(b.email),
  );
  const inviteRows = await ctx.db
    .select({ invite: projectInvites, inviter: { id: users.id, name: users.name, email: users.email } })
    .from(projectInvites)
    .leftJoin(users, eq(users.id, projectInvites.invitedBy))
    .where(
      and(
        eq(projectInvites.projectId, access.project.id),
        isNull(projectInvites.acceptedAt),
        isNull(projectInvites.revokedAt),
      ),
    )
    .orderBy(desc(projectInvites.createdAt), desc(projectInvites.id));
  return {
    members: memberRows.map(toMemberDto),
    invites: inviteRows.map((row) => toInviteDto(row.invite, row.inviter)),
  };
}

/**
 * Invites an email address with a role (owners any role, admins user/teamleader/admin). A single-use link,
 * valid 7 days, is emailed (or written to the server log without SMTP); an earlier open invitation of the
 * same address to this project is withdrawn.
 */
export async function createInvite(
  ctx: AppContext,
  access: ProjectAccess,
  inviter: UserRow,
  input: { email: string; role: MemberRole },
): Promise<Invite> {
  if (!canInviteRole(access.role, input.role)) throw forbidden(MEMBER_TEXTS.cannotInviteRole(input.role));
  const projectId = access.project.id;
  const { token, hash } = newSecretToken();
  const invite = await ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(and(eq(projectMembers.projectId, projectId), eq(users.email, input.email)));
    if (member) throw conflict(MEMBER_TEXTS.alreadyMember(input.email), 'already_member');
    await tx
      .update(projectInvites)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(projectInvites.projectId, projectId),
          eq(projectInvites.email, input.email),
          isNull(projectInvites.acceptedAt),
          isNull(projectInvites.revokedAt),
        ),
      );
    const [created] = await tx
      .insert(projectInvites)
      .values({
        projectId,
        email: input.email,
        role: input.role,
        tokenHash: hash,
        invitedBy: inviter.id,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      })
      .returning();
    return created!;
  });
  const link = `${ctx.config.publicUrl}/invite?token=${token}`;
  const who = inviter.name.trim() ? `${inviter.name.trim()} (${inviter.email})` : inviter.email;
  await emailJob.send(ctx, {
    to: input.email,
    subject: `You are invited to ${access.project.name} on Parley`,
    text: [
      `${who} invited you to join the project "${access.project.name}" on Parley as ${MEMBER_ROLE_LABELS[input.role]}.`,
      `Open this link to accept: ${link}`,
      `The link works once and expires in ${Math.round(INVITE_TTL_MS / 86_400_000)} days. ` +
        'If you have no Parley account yet, you can create one with this email address from the link.',
    ].join('\n'),
  });
  ctx.logger.info({ projectId, inviteId: invite.id, role: input.role }, 'Project invitation sent');
  return toInviteDto(invite, { id: inviter.id, name: inviter.name, email: inviter.email });
}

/** Withdraws an open invitation (its link stops working). */
export async function revokeInvite(ctx: AppContext, access: ProjectAccess, inviteId: number): Promise<void> {
  const revoked = await ctx.db
    .update(projectInvites)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(projectInvites.id, inviteId),
        eq(projectInvites.projectId, access.project.id),
        isNull(projectInvites.acceptedAt),
        isNull(projectInvites.revokedAt),
      ),
    )
    .returning({ id: projectInvites.id });
  if (revoked.length === 0) throw notFound('Invitation not found.');
}

/**
 * Changes a member's role. Admins cannot change owners' roles nor make owners; the last owner cannot be
 * demoted (409 last_owner). Changes of one project's members run one at a time (row lock on the project).
 */
export async function changeMemberRole(
  ctx: AppContext,
  access: ProjectAccess,
  targetUserId: number,
  role: MemberRole,
): Promise<Member> {
  const projectId = access.project.id;
  return ctx.db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    const [target] = await tx
      .select(memberColumns)
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, targetUserId)));
    if (!target) throw notFound(MEMBER_TEXTS.memberNotFound);
    if (!canChangeMemberRole(access.role, target.role, role)) throw forbidden(MEMBER_TEXTS.cannotChangeRole);
    if (breaksLastOwner(await ownerCount(tx, projectId), target.role, role)) {
      throw conflict(MEMBER_TEXTS.lastOwner, 'last_owner');
    }
    await tx
      .update(projectMembers)
      .set({ role })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, targetUserId)));
    return toMemberDto({ ...target, role });
  });
}

/**
 * Gives or takes a member's reviewer permission (modules/reviews): owners anyone's, admins anyone's but owners'
 * (as roles).
 */
export async function setMemberReviewer(
  ctx: AppContext,
  access: ProjectAccess,
  targetUserId: number,
  reviewer: boolean,
): Promise<Member> {
  const projectId = access.project.id;
  const where = and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, targetUserId));
  const [target] = await ctx.db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(where);
  if (!target) throw notFound(MEMBER_TEXTS.memberNotFound);
  if (!canChangeMemberRole(access.role, target.role, target.role))
    throw forbidden(MEMBER_TEXTS.cannotChangeRole);
  await ctx.db.update(projectMembers).set({ reviewer }).where(where);
  return toMemberDto({ ...target, reviewer });
}

/**
 * Removes a member (owners anyone, admins anyone but owners, any member themselves); never the last owner
 * (409 last_owner). Their team-leader assignment goes with the membership, their API keys in the project
 * are revoked, and the review assignments they had not started go (the analyses can be assigned again).
 */
export async function removeMember(
  ctx: AppContext,
  access: ProjectAccess,
  actor: UserRow,
  targetUserId: number,
): Promise<void> {
  const projectId = access.project.id;
  await ctx.db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    const [target] = await tx
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, targetUserId)));
    if (!target) throw notFound(MEMBER_TEXTS.memberNotFound);
    const actorRole = access.support ? null : access.role;
    if (!canRemoveMember(actorRole, target.role, actor.id === targetUserId)) {
      throw forbidden(access.role === 'admin' ? MEMBER_TEXTS.cannotRemove : MEMBER_TEXTS.needsManager);
    }
    if (breaksLastOwner(await ownerCount(tx, projectId), target.role, null)) {
      throw conflict(MEMBER_TEXTS.lastOwner, 'last_owner');
    }
    await dropMembership(tx, projectId, targetUserId);
  });
}

/** Ends a membership with what hangs on it: the member's API keys in the project, open review work. */
export async function dropMembership(tx: Executor, projectId: number, userId: number): Promise<void> {
  await tx
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  await revokeKeysOf(tx, projectId, userId);
  await dropOpenAssignments(
    tx,
    and(eq(reviewAssignments.projectId, projectId), eq(reviewAssignments.reviewerId, userId)),
  );
  await leaveOpenCalibrations(tx, projectId, userId);
}

const inviter = alias(users, 'inviter');

/** An invitation by the token of its link, refused when unknown (404), used, withdrawn or expired (410). */
function usableInvite(row: InviteRow | undefined): InviteRow {
  if (!row) throw new AppError('not_found', 'invite_not_found', MEMBER_TEXTS.inviteNotFound);
  switch (inviteStatus(row)) {
    case 'accepted':
      throw new AppError('gone', 'invite_used', MEMBER_TEXTS.inviteUsed);
    case 'revoked':
      throw new AppError('gone', 'invite_revoked', MEMBER_TEXTS.inviteRevoked);
    case 'expired':
      throw new AppError('gone', 'invite_expired', MEMBER_TEXTS.inviteExpired);
    default:
      return row;
  }
}

/** Whether a link's token is of an open invitation for this email: holding it proves the email is theirs. */
export async function isOpenInviteFor(db: Executor, token: string, email: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(projectInvites)
    .where(eq(projectInvites.tokenHash, hashToken(token)));
  return row !== undefined && row.email === email && inviteStatus(row) === 'pending';
}

/** What the invitation page shows (public: whoever holds the link). */
export async function inviteInfo(ctx: AppContext, token: string): Promise<InviteInfo> {
  const [row] = await ctx.db
    .select({
      invite: projectInvites,
      projectName: projects.name,
      inviterName: inviter.name,
      inviterEmail: inviter.email,
    })
    .from(projectInvites)
    .innerJoin(projects, eq(projects.id, projectInvites.projectId))
    .leftJoin(inviter, eq(inviter.id, projectInvites.invitedBy))
    .where(eq(projectInvites.tokenHash, hashToken(token)));
  const invite = usableInvite(row?.invite);
  const [account] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, invite.email));
  return {
    project_id: invite.projectId,
    project_name: row!.projectName,
    email: invite.email,
    role: invite.role,
    inviter_name: row!.inviterName,
    inviter_email: row!.inviterEmail,
    account_exists: account !== undefined,
    expires_at: invite.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation: the signed-in user must have the invited email (403 otherwise). They join with the
 * invited role (someone already a member keeps their role); the link is used up.
 */
export async function acceptInvite(
  ctx: AppContext,
  user: UserRow,
  token: string,
): Promise<{ project_id: number; role: MemberRole }> {
  const joined = await ctx.db.transaction((tx) => joinByInvite(tx, user, token));
  ctx.logger.info({ projectId: joined.project_id, userId: user.id }, 'Invitation accepted');
  return joined;
}

/** acceptInvite's work inside the caller's transaction (sign-up joins the invited project in its own). */
export async function joinByInvite(
  tx: Executor,
  user: UserRow,
  token: string,
): Promise<{ project_id: number; role: MemberRole }> {
  const [row] = await tx
    .select()
    .from(projectInvites)
    .where(eq(projectInvites.tokenHash, hashToken(token)))
    .for('update');
  const invite = usableInvite(row);
  if (invite.email !== user.email.toLowerCase()) {
    throw new AppError('forbidden', 'invite_wrong_email', MEMBER_TEXTS.inviteWrongEmail(invite.email));
  }
  await tx
    .insert(projectMembers)
    .values({ projectId: invite.projectId, userId: user.id, role: invite.role })
    .onConflictDoNothing();
  const [membership] = await tx
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, invite.projectId), eq(projectMembers.userId, user.id)));
  await tx
    .update(projectInvites)
    .set({ acceptedAt: new Date(), acceptedBy: user.id })
    .where(eq(projectInvites.id, invite.id));
  return { project_id: invite.projectId, role: membership!.role };
}
