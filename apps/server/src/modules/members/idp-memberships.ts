import { breaksLastOwner, type MemberRole } from '@parley/contracts';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { projectMembers } from '../../db/schema/index.ts';
import { lockProject, ownerCount } from '../projects/service.ts';
import { dropMembership } from './service.ts';

/**
 * Makes a user's memberships granted by an identity provider (SSO group mappings, SCIM groups) match `roles`
 * (project id → role): missing ones are made, its own ones change role or end. Memberships made in Parley (an
 * invitation, a manager's change) are left alone. The last owner of a project is never demoted nor removed.
 * Call within a transaction; projects are locked in id order, as every member change locks them.
 */
export async function setIdpMemberships(
  tx: Executor,
  connectionId: number,
  userId: number,
  roles: ReadonlyMap<number, MemberRole>,
): Promise<void> {
  const current = await tx
    .select({
      projectId: projectMembers.projectId,
      role: projectMembers.role,
      ssoConnectionId: projectMembers.ssoConnectionId,
    })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.userId, userId),
        or(
          eq(projectMembers.ssoConnectionId, connectionId),
          inArray(projectMembers.projectId, [...roles.keys()]),
        ),
      ),
    );
  const byProject = new Map(current.map((row) => [row.projectId, row]));
  const projectIds = [...new Set([...roles.keys(), ...byProject.keys()])].sort((a, b) => a - b);
  for (const projectId of projectIds) {
    const membership = byProject.get(projectId);
    const role = roles.get(projectId) ?? null;
    if (membership && membership.ssoConnectionId !== connectionId) continue;
    if (membership?.role === role) continue;
    await lockProject(tx, projectId);
    if (!membership) {
      if (role)
        await tx.insert(projectMembers).values({ projectId, userId, role, ssoConnectionId: connectionId });
      continue;
    }
    if (breaksLastOwner(await ownerCount(tx, projectId), membership.role, role)) continue;
    if (role) {
      await tx
        .update(projectMembers)
        .set({ role })
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    } else {
      await dropMembership(tx, projectId, userId);
    }
  }
}
