import { repIdentifierKey, type TeamAssignment } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { repMappings, teamLeaderAssignments } from '../../db/schema/index.ts';

/** A team leader's assignment in a project, or null when none was saved (they then see no analyses). */
export async function teamAssignmentOf(
  db: Executor,
  projectId: number,
  userId: number,
): Promise<TeamAssignment | null> {
  const [row] = await db
    .select({
      departments: teamLeaderAssignments.departments,
      representatives: teamLeaderAssignments.representatives,
    })
    .from(teamLeaderAssignments)
    .where(and(eq(teamLeaderAssignments.projectId, projectId), eq(teamLeaderAssignments.userId, userId)));
  return row ?? null;
}

/**
 * The representative a member is in each of these projects: the one the rep mapping gives their email (an
 * identifier like any other). Projects without such an entry are left out.
 */
export async function representativesOf(
  db: Executor,
  projectIds: number[],
  email: string,
): Promise<Map<number, string>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({ projectId: repMappings.projectId, representative: repMappings.representative })
    .from(repMappings)
    .where(
      and(inArray(repMappings.projectId, projectIds), eq(repMappings.identifierKey, repIdentifierKey(email))),
    );
  return new Map(rows.map((row) => [row.projectId, row.representative]));
}
