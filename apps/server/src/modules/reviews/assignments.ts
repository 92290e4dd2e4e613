import type {
  Assignment,
  AssignmentStatus,
  AssignmentsOverviewResponse,
  AssignmentsQuery,
  QueueQuery,
  ReviewerProgress,
  ReviewQueueResponse,
} from '@parley/contracts';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { mediaFiles, prompts, reviewAssignments, reviews, tasks, users } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { weekOf } from './sampling.ts';

/** An assignment's status, derived from its reviewer's review of the analysis (never stored). */
const status = sql<AssignmentStatus>`CASE ${reviews.status}
  WHEN 'submitted' THEN 'done' WHEN 'draft' THEN 'in_progress' ELSE 'open' END`;
const statusRank = sql`CASE ${reviews.status} WHEN 'submitted' THEN 2 WHEN 'draft' THEN 1 ELSE 0 END`;
const reviewerName = sql<string>`coalesce(nullif(btrim(${users.name}), ''), ${users.email})`;
const joinReview = and(
  eq(reviews.taskId, reviewAssignments.taskId),
  eq(reviews.reviewerId, reviewAssignments.reviewerId),
);

function statusCondition(wanted: AssignmentStatus | undefined): SQL | undefined {
  if (wanted === 'done') return sql`${reviews.status} = 'submitted'`;
  if (wanted === 'in_progress') return sql`${reviews.status} = 'draft'`;
  if (wanted === 'open') return sql`${reviews.id} IS NULL`;
  return undefined;
}

interface Page {
  page: number;
  per_page: number;
}

/** One page of the assignments matching `where` (open first, then in progress, then done; oldest first). */
async function assignmentPage(ctx: AppContext, where: SQL, paging: Page) {
  const rows = await ctx.db
    .select({
      id: reviewAssignments.id,
      taskId: reviewAssignments.taskId,
      ruleId: reviewAssignments.ruleId,
      ruleName: reviewAssignments.ruleName,
      reviewerId: reviewAssignments.reviewerId,
      reviewerName,
      week: reviewAssignments.week,
      status,
      assignedAt: reviewAssignments.assignedAt,
      submittedAt: reviews.submittedAt,
      title: tasks.title,
      fileName: mediaFiles.fileName,
      representative: tasks.representative,
      department: tasks.department,
      promptName: prompts.scriptName,
      finalScore: tasks.finalScore,
      conversationAt: tasks.conversationAt,
    })
    .from(reviewAssignments)
    .innerJoin(tasks, eq(tasks.id, reviewAssignments.taskId))
    .innerJoin(users, eq(users.id, reviewAssignments.reviewerId))
    .leftJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .leftJoin(prompts, eq(prompts.id, tasks.promptId))
    .leftJoin(reviews, joinReview)
    .where(where)
    .orderBy(statusRank, asc(reviewAssignments.assignedAt), asc(reviewAssignments.id))
    .limit(paging.per_page)
    .offset((paging.page - 1) * paging.per_page);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(reviewAssignments)
    .leftJoin(reviews, joinReview)
    .where(where);
  const data: Assignment[] = rows.map((row) => ({
    id: row.id,
    task_id: row.taskId,
    rule: { id: row.ruleId, name: row.ruleName },
    reviewer: { id: row.reviewerId, name: row.reviewerName },
    week: row.week,
    status: row.status,
    assigned_at: row.assignedAt.toISOString(),
    done_at: row.status === 'done' ? (row.submittedAt?.toISOString() ?? null) : null,
    analysis: {
      title: row.title,
      file_name: row.fileName ?? null,
      representative: row.representative,
      department: row.department,
      prompt_name: row.promptName ?? null,
      final_score: row.finalScore,
      conversation_at: row.conversationAt.toISOString(),
    },
  }));
  return { data, total: total?.n ?? 0 };
}

/** Progress of each reviewer with assignments matching `where`, by name. */
async function progress(ctx: AppContext, where: SQL): Promise<ReviewerProgress[]> {
  const rows = await ctx.db
    .select({
      id: reviewAssignments.reviewerId,
      name: reviewerName,
      done: sql<number>`count(*) FILTER (WHERE ${reviews.status} = 'submitted')::int`,
      inProgress: sql<number>`count(*) FILTER (WHERE ${reviews.status} = 'draft')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(reviewAssignments)
    .innerJoin(users, eq(users.id, reviewAssignments.reviewerId))
    .leftJoin(reviews, joinReview)
    .where(where)
    .groupBy(reviewAssignments.reviewerId, users.name, users.email)
    .orderBy(reviewerName, reviewAssignments.reviewerId);
  return rows.map((row) => ({
    reviewer: { id: row.id, name: row.name },
    done: row.done,
    in_progress: row.inProgress,
    total: row.total,
  }));
}

interface Person {
  id: number;
  name: string;
  email: string;
}

/** The caller's assignments of a week and their progress (an empty queue for a member without any). */
export async function reviewQueue(
  ctx: AppContext,
  access: ProjectAccess,
  user: Person,
  query: z.output<typeof QueueQuery>,
): Promise<ReviewQueueResponse> {
  const week = await weekOf(ctx.db, access.project.timezone, query.week);
  const mine = and(
    eq(reviewAssignments.projectId, access.project.id),
    eq(reviewAssignments.week, week),
    eq(reviewAssignments.reviewerId, user.id),
  )!;
  const page = await assignmentPage(ctx, and(mine, statusCondition(query.status))!, query);
  const [own] = await progress(ctx, mine);
  return {
    data: page.data,
    meta: {
      week,
      progress: own ?? {
        reviewer: { id: user.id, name: user.name.trim() || user.email },
        done: 0,
        in_progress: 0,
        total: 0,
      },
      page: query.page,
      per_page: query.per_page,
      total: page.total,
    },
  };
}

/** Every assignment of a week (filtered) and the progress of every reviewer with one (admins and owners). */
export async function assignmentsOverview(
  ctx: AppContext,
  access: ProjectAccess,
  query: z.output<typeof AssignmentsQuery>,
): Promise<AssignmentsOverviewResponse> {
  const week = await weekOf(ctx.db, access.project.timezone, query.week);
  const inWeek = and(eq(reviewAssignments.projectId, access.project.id), eq(reviewAssignments.week, week))!;
  const filtered = and(
    inWeek,
    query.reviewer_id !== undefined ? eq(reviewAssignments.reviewerId, query.reviewer_id) : undefined,
    query.rule_id !== undefined ? eq(reviewAssignments.ruleId, query.rule_id) : undefined,
    statusCondition(query.status),
  )!;
  const page = await assignmentPage(ctx, filtered, query);
  return {
    data: page.data,
    meta: {
      week,
      reviewers: await progress(ctx, inWeek),
      page: query.page,
      per_page: query.per_page,
      total: page.total,
    },
  };
}
