import { type MemberRole, roleRank } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ssoGroupMappings } from '../../db/schema/index.ts';
import { setIdpMemberships } from '../members/idp-memberships.ts';

/** Every group matches the mapping group name '*'. */
export const ALL_MEMBERS_GROUP = '*';

/** Project id → the highest role the connection's mappings give any of `groups` (and '*'). */
export async function rolesForGroups(
  db: Executor,
  connectionId: number,
  groups: readonly string[],
): Promise<Map<number, MemberRole>> {
  const held = new Set([...groups, ALL_MEMBERS_GROUP]);
  const mappings = await db
    .select({
      groupName: ssoGroupMappings.groupName,
      projectId: ssoGroupMappings.projectId,
      role: ssoGroupMappings.role,
    })
    .from(ssoGroupMappings)
    .where(eq(ssoGroupMappings.connectionId, connectionId));
  const roles = new Map<number, MemberRole>();
  for (const mapping of mappings) {
    if (!held.has(mapping.groupName)) continue;
    const current = roles.get(mapping.projectId);
    if (!current || roleRank(mapping.role) > roleRank(current)) roles.set(mapping.projectId, mapping.role);
  }
  return roles;
}

/**
 * Gives a user the project roles their IdP groups map to (just-in-time sign-in, SCIM group changes); the
 * memberships the connection granted before and no group maps any more end. Call within a transaction.
 */
export async function syncGroupMemberships(
  tx: Executor,
  connectionId: number,
  userId: number,
  groups: readonly string[],
): Promise<void> {
  await setIdpMemberships(tx, connectionId, userId, await rolesForGroups(tx, connectionId, groups));
}
