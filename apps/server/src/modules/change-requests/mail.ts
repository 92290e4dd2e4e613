import type { ChangeRequest } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectMembers, tasks, teamLeaderAssignments, users } from '../../db/schema/index.ts';
import { emailJob } from '../mail/jobs.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { conditionOf } from '../tasks/visibility.ts';

/**
 * Who reviews a request on this analysis: the project's admins and owners, and the team leaders whose
 * assignment covers its department or representative; never the requester.
 */
async function reviewerEmails(ctx: AppContext, projectId: number, request: ChangeRequest): Promise<string[]> {
  const rows = await ctx.db
    .select({
      userId: users.id,
      email: users.email,
      role: projectMembers.role,
      departments: teamLeaderAssignments.departments,
      representatives: teamLeaderAssignments.representatives,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .leftJoin(
      teamLeaderAssignments,
      and(
        eq(teamLeaderAssignments.projectId, projectMembers.projectId),
        eq(teamLeaderAssignments.userId, projectMembers.userId),
      ),
    )
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        inArray(projectMembers.role, ['teamleader', 'admin', 'owner']),
      ),
    );
  const reviewers: string[] = [];
  for (const row of rows) {
    if (row.userId === request.requester.id) continue;
    if (row.role === 'teamleader') {
      const assignment = row.departments && {
        departments: row.departments,
        representatives: row.representatives!,
      };
      const [seen] = await ctx.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.id, request.task_id), conditionOf({ kind: 'team', assignment }, tasks)));
      if (!seen) continue;
    }
    reviewers.push(row.email);
  }
  return reviewers;
}

const link = (ctx: AppContext, request: ChangeRequest) =>
  `${ctx.config.publicUrl}/projects/${request.project_id}/change-requests?request=${request.id}`;

const what = (request: ChangeRequest) =>
  request.kind === 'field'
    ? `a change of ${request.items.map((item) => item.path).join(', ')}`
    : `a new analysis with the prompt "${request.prompt_name ?? request.prompt_id}"`;

/** Tells the reviewers of the analysis that a request was opened. */
export async function mailRequestOpened(
  ctx: AppContext,
  access: ProjectAccess,
  request: ChangeRequest,
): Promise<void> {
  const analysis = request.title ?? `analysis ${request.task_id}`;
  const who = request.requester.name.trim() || request.requester.email;
  for (const to of await reviewerEmails(ctx, access.project.id, request)) {
    await emailJob.send(ctx, {
      to,
      subject: `Change request on "${analysis}" in ${access.project.name}`,
      text: [
        `${who} asks for ${what(request)} of "${analysis}" in the project "${access.project.name}" on Parley.`,
        `Reason: ${request.reason}`,
        `Review it here: ${link(ctx, request)}`,
      ].join('\n'),
    });
  }
}

/** Tells the requester how their request was decided. */
export async function mailRequestReviewed(
  ctx: AppContext,
  access: ProjectAccess,
  request: ChangeRequest,
): Promise<void> {
  if (!request.requester.email || request.requester.id === request.reviewer?.id) return;
  const analysis = request.title ?? `analysis ${request.task_id}`;
  const decision = request.status === 'approved' ? 'approved' : 'rejected';
  await emailJob.send(ctx, {
    to: request.requester.email,
    subject: `Your change request on "${analysis}" was ${decision}`,
    text: [
      `${request.reviewer?.name || 'A reviewer'} ${decision} your request for ${what(request)} of "${analysis}" in the project "${access.project.name}".`,
      ...(request.review_reason ? [`Reason: ${request.review_reason}`] : []),
      `See it here: ${link(ctx, request)}`,
    ].join('\n'),
  });
}
