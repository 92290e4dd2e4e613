import { hasRoleAtLeast } from '@parley/contracts';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { changeRequests } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';

/**
 * Which change requests a caller sees (on a query that joins tasks): admins, owners and support staff all;
 * team leaders their own and those on the analyses of their teams; users their own. Undefined: all.
 */
export function requestVisibility(access: ProjectAccess, userId: number): SQL | undefined {
  if (hasRoleAtLeast(access.role, 'admin')) return undefined;
  const own = eq(changeRequests.requestedBy, userId);
  if (access.role === 'teamleader') return or(own, taskVisibilityCondition(access) ?? sql`true`);
  return and(own, taskVisibilityCondition(access));
}

/**
 * Whether the caller reviews a request on an analysis they see: admins and owners any (also their own, as
 * they could correct it anyway); team leaders those on their teams' analyses, never their own requests.
 * Support staff read only (the project guard refuses their writes).
 */
export function mayReview(
  access: ProjectAccess,
  userId: number,
  request: { requestedBy: number | null },
  taskVisible: boolean,
): boolean {
  if (access.support) return false;
  if (hasRoleAtLeast(access.role, 'admin')) return true;
  return access.role === 'teamleader' && taskVisible && request.requestedBy !== userId;
}

/** SQL: whether the request's task is among the analyses the caller sees (true for admins and owners). */
export function taskVisibleSql(access: ProjectAccess): SQL<boolean> {
  const condition = taskVisibilityCondition(access);
  return condition ? sql<boolean>`coalesce((${condition}), false)` : sql<boolean>`true`;
}
