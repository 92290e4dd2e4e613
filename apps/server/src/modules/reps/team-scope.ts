import type { TeamAssignment } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { teamLeaderAssignments } from '../../db/schema/index.ts';

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
