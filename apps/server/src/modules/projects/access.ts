import {
  hasRoleAtLeast,
  isReadMethod,
  type MemberRole,
  roleRank,
  SUPPORT_TEXTS,
  TEXTS,
  type TeamAssignment,
  type UiLanguage,
} from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { pathId } from '../../http/path-id.ts';
import { type ApiKeyScope, currentUser, viewerOf } from '../auth/plugin.ts';
import { assertTwoFactorRule } from '../two-factor/policy.ts';
import type { UserRow } from '../users/dto.ts';
import { hasActiveSupportGrant, recordSupportAccess } from './support-grants.ts';
import { representativesOf, teamAssignmentOf } from './team-scope.ts';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * Which analyses (tasks) and batches the caller sees: all of them; only those uploaded with one API key (a
 * media key); or a team's: those whose department or representative is in the assignment (none without one),
 * a team leader's, or an agent's own representative (memberVisibility; tasks/visibility.ts turns it into SQL).
 */
export type TaskVisibility =
  | { kind: 'all' }
  | { kind: 'apiKey'; apiKeyId: number }
  | { kind: 'team'; assignment: TeamAssignment | null };

export interface ProjectAccess {
  project: ProjectRow;
  role: MemberRole;
  /** The API key the request authenticated with; null or absent for sessions and background work. */
  apiKey?: ApiKeyScope | null;
  /** Absent: all (background work, admins ...). */
  visibility?: TaskVisibility;
  /** Support staff reading the project through the owner's grant (read-only, the admin's view). */
  support?: boolean;
  /** The membership's reviewer permission (modules/reviews); absent: none. */
  reviewer?: boolean;
  /**
   * The caller's UI language: what the server writes on their behalf (the default fields it adds to a
   * prompt) is in it. Absent: English (background work).
   */
  language?: UiLanguage;
}

/**
 * Which analyses a member sees in a project (the one rule every query of analyses, figures, insights and
 * change requests applies through visibilityCondition): a media key those it uploaded; a team leader those of
 * their assignment; with the project's agents_see_own, a user those of the representative the rep mapping
 * gives their email (none when it gives none); everyone else all.
 */
export async function memberVisibility(
  db: Executor,
  project: ProjectRow,
  role: MemberRole,
  user: Pick<UserRow, 'id' | 'email'>,
  apiKey: ApiKeyScope | null,
): Promise<TaskVisibility> {
  if (apiKey?.type === 'media') return { kind: 'apiKey', apiKeyId: apiKey.id };
  if (role === 'teamleader') {
    return { kind: 'team', assignment: await teamAssignmentOf(db, project.id, user.id) };
  }
  if (role === 'user' && project.agentsSeeOwn) {
    const representative = (await representativesOf(db, [project.id], user.email)).get(project.id);
    return {
      kind: 'team',
      assignment: representative ? { departments: [], representatives: [representative] } : null,
    };
  }
  return { kind: 'all' };
}

/**
 * The caller's effective role in a project: their membership, raised to admin for super admins.
 * Null when they have no access at all.
 */
export function effectiveRole(user: UserRow, membership: MemberRole | null): MemberRole | null {
  if (!user.isSuperAdmin) return membership;
  if (membership && roleRank(membership) >= roleRank('admin')) return membership;
  return 'admin';
}

/**
 * Every project-scoped route goes through here. A project the caller cannot see answers 404 with the
 * guard's text (whether it exists or not is not revealed); a role below `minimum` answers 403.
 *
 * - An API key works only in its own project (404 elsewhere) and acts with its creator's current role.
 * - Support staff (users.role 'support') who are not members see a project while its owner's grant runs:
 *   reads (GET, HEAD) with the admin's view, never owner-only routes, never writes (403, read-only); every
 *   such request is written to the project's support audit.
 * - Team leaders, media keys and (with the project's agents_see_own) users get a narrowed `visibility`.
 * - In a project that requires two-factor sign-in, a signed-in admin or owner without a second factor gets 403
 *   (modules/two-factor/policy.ts).
 */
export async function requireProjectRole(
  db: Executor,
  user: UserRow,
  projectId: number,
  minimum: MemberRole,
): Promise<ProjectAccess> {
  const viewer = viewerOf(user);
  const apiKey = viewer?.apiKey ?? null;
  if (apiKey && apiKey.projectId !== projectId) throw notFound(TEXTS.guard.notFound);
  const [row] = await db
    .select({ project: projects, membership: projectMembers.role, reviewer: projectMembers.reviewer })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, user.id)),
    )
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw notFound(TEXTS.guard.notFound);
  let role = effectiveRole(user, row.membership);
  let support = false;
  if (!role && user.role === 'support' && !apiKey && (await hasActiveSupportGrant(db, projectId))) {
    role = 'admin';
    support = true;
  }
  if (!role) throw notFound(TEXTS.guard.notFound);
  if (support) {
    const read = viewer !== undefined && isReadMethod(viewer.method);
    const allowed = read && minimum !== 'owner';
    if (viewer && !viewer.audited.has(projectId)) {
      viewer.audited.add(projectId);
      await recordSupportAccess(db, {
        projectId,
        userId: user.id,
        method: viewer.method,
        path: viewer.path,
        allowed,
      });
    }
    if (!read) throw forbidden(SUPPORT_TEXTS.readOnly, 'read_only');
  }
  if (!hasRoleAtLeast(role, minimum)) {
    throw forbidden(`This needs the ${minimum} role or higher in this project; yours is ${role}.`);
  }
  if (viewer && !apiKey) await assertTwoFactorRule(db, row.project, user, role);
  const visibility = await memberVisibility(db, row.project, role, user, apiKey);
  return {
    project: row.project,
    role,
    apiKey,
    visibility,
    support,
    reviewer: row.reviewer === true,
    language: user.language,
  };
}

const accessByRequest = new WeakMap<FastifyRequest, ProjectAccess>();

/**
 * A preValidation hook for routes under /projects/:id that runs requireProjectRole before the request's
 * params, query and body are validated, so a non-member gets 404 whatever they send. The handler reads
 * the result with projectAccess(request).
 */
export function projectRole(ctx: AppContext, minimum: MemberRole) {
  return async (request: FastifyRequest): Promise<void> => {
    const projectId = pathId(request);
    if (projectId === null) throw notFound(TEXTS.guard.notFound);
    accessByRequest.set(request, await requireProjectRole(ctx.db, currentUser(request), projectId, minimum));
  };
}

/**
 * projectRole for what support staff may not read even while the owner's grant runs: originals and one person's
 * data are for the project's own admins and owners.
 */
export function projectRoleOfMembers(ctx: AppContext, minimum: MemberRole) {
  const check = projectRole(ctx, minimum);
  return async (request: FastifyRequest): Promise<void> => {
    await check(request);
    if (projectAccess(request).support) throw forbidden(MEMBERS_ONLY);
  };
}

export const MEMBERS_ONLY =
  "Only the project's own members can read this; support access does not include it.";

/** The access checked by the route's projectRole hook. */
export function projectAccess(request: FastifyRequest): ProjectAccess {
  const access = accessByRequest.get(request);
  if (!access) throw new Error(`${request.routeOptions.url} has no projectRole hook`);
  return access;
}
