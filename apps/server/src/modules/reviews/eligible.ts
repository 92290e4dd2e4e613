import { mayReviewAnalyses, sameRepresentative } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { projectMembers, tasks, users } from '../../db/schema/index.ts';
import { memberVisibility, type ProjectRow } from '../projects/access.ts';
import { representativesOf } from '../projects/team-scope.ts';
import { conditionOf } from '../tasks/visibility.ts';

// Who may review which analysis, shared by the sampling rules and calibration sessions: members who may
// review (mayReviewAnalyses), on the analyses they see and of which they are not the representative.

export interface Reviewer {
  id: number;
  name: string;
  email: string;
  role: (typeof projectMembers.$inferSelect)['role'];
  reviewer: boolean;
}

export interface ReviewedAnalysis {
  id: number;
  representative: string | null;
}

/** Why a reviewer may not take an analysis: they do not see it, or they are its representative. */
export type Barrier = 'hidden' | 'representative';

/**
 * The members among `ids` (every member when null) who may review analyses, by id. Support staff and super
 * admins are not members and never review.
 */
export async function reviewersAmong(
  db: Executor,
  projectId: number,
  ids: number[] | null,
): Promise<Reviewer[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: projectMembers.role,
      reviewer: projectMembers.reviewer,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(eq(projectMembers.projectId, projectId), ids ? inArray(projectMembers.userId, ids) : undefined),
    )
    .orderBy(users.id);
  return rows.filter((row) => mayReviewAnalyses(row.role, row.reviewer));
}

/**
 * What keeps a reviewer from each analysis (null: nothing): the visibility rule of the analyses list
 * (projects/access.ts memberVisibility) and the rep mapping of their email.
 */
export async function barriers(
  db: Executor,
  project: ProjectRow,
  reviewer: Reviewer,
  analyses: ReviewedAnalysis[],
): Promise<Map<number, Barrier | null>> {
  if (analyses.length === 0) return new Map();
  const visibility = await memberVisibility(db, project, reviewer.role, reviewer, null);
  const condition = conditionOf(visibility, tasks);
  const ids = analyses.map((task) => task.id);
  const visible = condition
    ? new Set(
        (
          await db
            .select({ id: tasks.id })
            .from(tasks)
            .where(and(inArray(tasks.id, ids), condition))
        ).map((row) => row.id),
      )
    : null;
  const own = (await representativesOf(db, [project.id], reviewer.email)).get(project.id);
  return new Map(
    analyses.map((task) => {
      if (visible && !visible.has(task.id)) return [task.id, 'hidden'];
      if (sameRepresentative(own, task.representative)) return [task.id, 'representative'];
      return [task.id, null];
    }),
  );
}
