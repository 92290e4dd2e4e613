import { hasRoleAtLeast, type MemberRole, roleRank, TEXTS } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { currentUser } from '../auth/plugin.ts';
import type { UserRow } from '../users/dto.ts';

export type ProjectRow = typeof projects.$inferSelect;

export interface ProjectAccess {
  project: ProjectRow;
  role: MemberRole;
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
 */
export async function requireProjectRole(
  db: Executor,
  user: UserRow,
  projectId: number,
  minimum: MemberRole,
): Promise<ProjectAccess> {
  const [row] = await db
    .select({ project: projects, membership: projectMembers.role })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, user.id)),
    )
    .where(eq(projects.id, projectId))
    .limit(1);
  const role = row ? effectiveRole(user, row.membership) : null;
  if (!row || !role) throw notFound(TEXTS.guard.notFound);
  if (!hasRoleAtLeast(role, minimum)) {
    throw forbidden(`This needs the ${minimum} role or higher in this project; yours is ${role}.`);
  }
  return { project: row.project, role };
}

const accessByRequest = new WeakMap<FastifyRequest, ProjectAccess>();

/**
 * A preValidation hook for routes under /projects/:id that runs requireProjectRole before the request's
 * params, query and body are validated, so a non-member gets 404 whatever they send. The handler reads
 * the result with projectAccess(request).
 */
export function projectRole(ctx: AppContext, minimum: MemberRole) {
  return async (request: FastifyRequest): Promise<void> => {
    const projectId = Number((request.params as { id?: string }).id);
    if (!Number.isSafeInteger(projectId) || projectId <= 0) throw notFound(TEXTS.guard.notFound);
    accessByRequest.set(request, await requireProjectRole(ctx.db, currentUser(request), projectId, minimum));
  };
}

/** The access checked by the route's projectRole hook. */
export function projectAccess(request: FastifyRequest): ProjectAccess {
  const access = accessByRequest.get(request);
  if (!access) throw new Error(`${request.routeOptions.url} has no projectRole hook`);
  return access;
}
