import {
  type AnalysisReviews,
  computeFinalScore,
  correctableFields,
  isAiValue,
  mayReviewAnalyses,
  meanScore,
  proposedValueProblem,
  type ResultValue,
  type Review,
  type SaveReview,
  sameRepresentative,
  valueAtPath,
  withValueAtPath,
} from '@parley/contracts';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { reviewAnswers, reviews, tasks } from '../../db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { requireTask } from '../analyses/detail.ts';
import { answeredResult } from '../change-requests/result.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { representativesOf } from '../projects/team-scope.ts';
import type { TaskRow } from '../tasks/rows.ts';
import { queueAnalysisProjectEvent } from '../webhooks/events.ts';
import { recordAgreementAnswers } from './agreement-answers.ts';
import { blindAnalyses, closeWhenAllSubmitted, openCalibrationOf } from './calibration-state.ts';

export const REVIEW_TEXTS = {
  notReviewer:
    'Only team leaders of the analysis’s team, admins, owners and members with the reviewer permission review analyses.',
  ownAnalysis: 'You are the representative of this analysis; someone else reviews it.',
  notCompleted: 'Only a completed analysis can be reviewed.',
  noResult: 'This analysis has no result fields to review.',
  notAField: '"{path}" is not a result field of this analysis that can be reviewed.',
  badValue: 'The answer for "{path}" {problem}.',
  repeated: '"{path}" is named twice.',
  submitted: 'Your review of this analysis has been submitted and cannot change.',
  noDraft: 'You have no draft review of this analysis.',
  reviewNotFound: 'Review not found.',
  notRepresentative: 'Only the representative of the analysis acknowledges its reviews.',
  acknowledged: 'This review has been acknowledged already.',
} as const;

interface Person {
  id: number;
  name: string;
  email: string;
}

type ReviewRow = typeof reviews.$inferSelect;
type AnswerRow = typeof reviewAnswers.$inferSelect;

const invalid = (message: string) => new AppError('unprocessable', 'invalid_value', message);
const displayName = (user: Person) => user.name.trim() || user.email;

/** What the caller may do with an analysis's reviews. */
async function standing(ctx: AppContext, access: ProjectAccess, user: Person, task: TaskRow) {
  const representative = (await representativesOf(ctx.db, [access.project.id], user.email)).get(
    access.project.id,
  );
  const isRepresentative = sameRepresentative(representative, task.representative);
  const canReview =
    !access.support && !isRepresentative && mayReviewAnalyses(access.role, access.reviewer === true);
  return { canReview, isRepresentative };
}

function toReview(row: ReviewRow, answers: AnswerRow[]): Review {
  return {
    id: row.id,
    task_id: row.taskId,
    status: row.status,
    reviewer: { id: row.reviewerId, name: row.reviewerName },
    prompt_version_id: row.promptVersionId,
    answers: answers.map((answer) => ({
      path: answer.path,
      field_type: answer.fieldType,
      ai_value: answer.aiValue ?? null,
      value: answer.value ?? null,
      changed: !isAiValue(answer.value ?? null, answer.aiValue ?? null),
      comment: answer.comment,
    })),
    moments: row.moments,
    comment: row.comment,
    ai_score: row.aiScore,
    score: row.scoreDetail,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by:
      row.acknowledgedAt === null ? null : { id: row.acknowledgedBy, name: row.acknowledgedByName ?? '' },
  };
}

async function withAnswers(db: Executor, rows: ReviewRow[]): Promise<Review[]> {
  if (rows.length === 0) return [];
  const answers = await db
    .select()
    .from(reviewAnswers)
    .where(
      inArray(
        reviewAnswers.reviewId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(reviewAnswers.id));
  return rows.map((row) =>
    toReview(
      row,
      answers.filter((answer) => answer.reviewId === row.id),
    ),
  );
}

/**
 * An analysis's submitted reviews, the caller's draft, and what the caller may do. A participant of the
 * analysis's open calibration session who has not submitted reviews blind: no one else's review is shown.
 */
export async function analysisReviews(
  ctx: AppContext,
  access: ProjectAccess,
  user: Person,
  taskId: number,
): Promise<AnalysisReviews> {
  const { task } = await requireTask(ctx, access, taskId);
  const rows = await ctx.db
    .select()
    .from(reviews)
    .where(
      and(eq(reviews.taskId, task.id), or(eq(reviews.status, 'submitted'), eq(reviews.reviewerId, user.id))),
    )
    .orderBy(asc(reviews.submittedAt), asc(reviews.id));
  const all = await withAnswers(ctx.db, rows);
  const submitted = all.filter((review) => review.status === 'submitted');
  const ownSubmitted = submitted.some((review) => review.reviewer.id === user.id);
  const session = await openCalibrationOf(ctx.db, task.id, user.id);
  const blind = session !== null && !ownSubmitted;
  const shown = blind ? [] : submitted;
  const { canReview, isRepresentative } = await standing(ctx, access, user, task);
  return {
    can_review: canReview && task.status === 'completed' && !ownSubmitted,
    is_representative: isRepresentative,
    reviews: shown,
    draft: all.find((review) => review.status === 'draft') ?? null,
    human_score: meanScore(shown.map((review) => review.score.score)),
    calibration: session && { id: session.id, name: session.name, blind },
  };
}

/** The reviewer's answers checked against the fields of the prompt that answered, and the human score. */
async function answered(ctx: AppContext, task: TaskRow, body: z.output<typeof SaveReview>) {
  if (task.status !== 'completed') throw conflict(REVIEW_TEXTS.notCompleted, 'not_completed');
  const result = await answeredResult(ctx.db, task);
  if (!result) throw conflict(REVIEW_TEXTS.noResult, 'no_result');
  const fields = correctableFields(result.prompt.content);
  const given = new Map<string, (typeof body.answers)[number]>();
  for (const answer of body.answers) {
    if (given.has(answer.path)) throw invalid(REVIEW_TEXTS.repeated.replace('{path}', answer.path));
    const field = fields.find((entry) => entry.path === answer.path)?.field;
    if (!field) throw invalid(REVIEW_TEXTS.notAField.replace('{path}', answer.path));
    const problem = answer.value === undefined ? null : proposedValueProblem(field, answer.value);
    if (problem) {
      throw invalid(REVIEW_TEXTS.badValue.replace('{path}', answer.path).replace('{problem}', problem));
    }
    given.set(answer.path, answer);
  }
  let values = result.values;
  const rows = fields.map(({ path, field }) => {
    const aiValue: ResultValue = valueAtPath(result.values, path) ?? null;
    const answer = given.get(path);
    const value: ResultValue =
      answer?.value === undefined
        ? aiValue
        : typeof answer.value === 'string'
          ? answer.value.trim()
          : answer.value;
    if (value !== aiValue) values = withValueAtPath(values, path, value);
    return { path, fieldType: field.type, aiValue, value, comment: answer?.comment?.trim() || null };
  });
  const { content, finalScore, maxScore, knockoutCap } = result.prompt;
  return { rows, score: computeFinalScore(finalScore, content, values, maxScore, knockoutCap) };
}

/**
 * Saves the caller's review of an analysis they may review: a draft (replaced by each save) or, with submit,
 * the final one. The review row is locked while it is checked, so a submitted review never changes.
 */
export async function saveReview(
  ctx: AppContext,
  access: ProjectAccess,
  user: Person,
  taskId: number,
  body: z.output<typeof SaveReview>,
): Promise<Review> {
  const { task } = await requireTask(ctx, access, taskId);
  const { canReview, isRepresentative } = await standing(ctx, access, user, task);
  if (!canReview) {
    throw forbidden(isRepresentative ? REVIEW_TEXTS.ownAnalysis : REVIEW_TEXTS.notReviewer);
  }
  const { rows, score } = await answered(ctx, task, body);
  const now = new Date();
  const fields = {
    reviewerName: displayName(user),
    promptVersionId: task.chosenPromptVersionId ?? task.promptVersionId,
    status: body.submit ? ('submitted' as const) : ('draft' as const),
    comment: body.comment?.trim() || null,
    moments: [...body.moments].sort((a, b) => a.seconds - b.seconds),
    aiScore: task.finalScore,
    score: score.score,
    scoreDetail: score,
    updatedAt: now,
    submittedAt: body.submit ? now : null,
  };
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reviews)
      .values({ ...fields, projectId: access.project.id, taskId: task.id, reviewerId: user.id })
      .onConflictDoNothing({ target: [reviews.taskId, reviews.reviewerId] })
      .returning({ id: reviews.id });
    let reviewId = created?.id;
    if (reviewId === undefined) {
      const [existing] = await tx
        .select({ id: reviews.id, status: reviews.status })
        .from(reviews)
        .where(and(eq(reviews.taskId, task.id), eq(reviews.reviewerId, user.id)))
        .for('update');
      if (!existing || existing.status === 'submitted')
        throw conflict(REVIEW_TEXTS.submitted, 'review_submitted');
      reviewId = existing.id;
      await tx.update(reviews).set(fields).where(eq(reviews.id, reviewId));
      await tx.delete(reviewAnswers).where(eq(reviewAnswers.reviewId, reviewId));
    }
    await tx.insert(reviewAnswers).values(rows.map((row) => ({ ...row, reviewId: reviewId! })));
    if (body.submit) {
      await recordAgreementAnswers(tx, sql`r.id = ${reviewId}`);
      await queueReviewEvent(ctx, tx, reviewId, 'review.submitted');
      await closeWhenAllSubmitted(tx, task.id, user.id);
    }
    return reviewId;
  });
  if (body.submit) {
    ctx.logger.info({ projectId: access.project.id, taskId: task.id, reviewId: id }, 'Review submitted');
  }
  return (await withAnswers(ctx.db, await ctx.db.select().from(reviews).where(eq(reviews.id, id))))[0]!;
}

/** Discards the caller's draft review of an analysis they see. */
export async function discardDraft(
  ctx: AppContext,
  access: ProjectAccess,
  user: Person,
  taskId: number,
): Promise<Review> {
  const { task } = await requireTask(ctx, access, taskId);
  const [draft] = await ctx.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.taskId, task.id), eq(reviews.reviewerId, user.id), eq(reviews.status, 'draft')));
  if (!draft) throw notFound(REVIEW_TEXTS.noDraft);
  const [review] = await withAnswers(ctx.db, [draft]);
  await ctx.db.delete(reviews).where(and(eq(reviews.id, draft.id), eq(reviews.status, 'draft')));
  return review!;
}

/** The analysis's representative acknowledges a submitted review (once; the time is kept). */
export async function acknowledgeReview(
  ctx: AppContext,
  access: ProjectAccess,
  user: Person,
  reviewId: number,
): Promise<Review> {
  const [row] = await ctx.db
    .select({ taskId: reviews.taskId })
    .from(reviews)
    .where(
      and(
        eq(reviews.id, reviewId),
        eq(reviews.projectId, access.project.id),
        eq(reviews.status, 'submitted'),
      ),
    );
  if (!row) throw notFound(REVIEW_TEXTS.reviewNotFound);
  const { task } = await requireTask(ctx, access, row.taskId);
  const { isRepresentative } = await standing(ctx, access, user, task);
  if (!isRepresentative || access.support) throw forbidden(REVIEW_TEXTS.notRepresentative);
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(reviews)
      .set({ acknowledgedAt: new Date(), acknowledgedBy: user.id, acknowledgedByName: displayName(user) })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.acknowledgedAt)))
      .returning();
    if (!updated) throw conflict(REVIEW_TEXTS.acknowledged, 'already_acknowledged');
    return queueReviewEvent(ctx, tx, updated.id, 'review.acknowledged');
  });
}

/** review.submitted / review.acknowledged, in the transaction that makes the change: the review as answered. */
async function queueReviewEvent(
  ctx: AppContext,
  tx: Transaction,
  reviewId: number,
  type: 'review.submitted' | 'review.acknowledged',
): Promise<Review> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId));
  const [review] = await withAnswers(tx, [row!]);
  await queueAnalysisProjectEvent(
    ctx,
    tx,
    row!.projectId,
    { type, timestamp: new Date().toISOString(), data: review! },
    row!.taskId,
  );
  return review!;
}

/** The analyses list's Reviewed filter: whether an analysis has a submitted review (an index probe each). */
export function reviewedCondition(reviewed: 'yes' | 'no'): SQL {
  const exists = sql`EXISTS (SELECT 1 FROM ${reviews} r WHERE r.task_id = ${tasks.id} AND r.status = 'submitted')`;
  return reviewed === 'yes' ? exists : sql`NOT ${exists}`;
}

/**
 * The human score (mean of the submitted reviews') of each of these analyses that has one; none for those the
 * viewer reviews blind in a calibration session (null viewer: a webhook's receiver, not a person).
 */
export async function humanScores(
  db: Executor,
  taskIds: number[],
  viewerId: number | null,
): Promise<Map<number, number | null>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .select({ taskId: reviews.taskId, score: reviews.score })
    .from(reviews)
    .where(and(inArray(reviews.taskId, taskIds), eq(reviews.status, 'submitted')));
  const blind = viewerId === null ? new Set<number>() : await blindAnalyses(db, taskIds, viewerId);
  const byTask = new Map<number, (number | null)[]>();
  for (const row of rows) {
    if (!blind.has(row.taskId)) byTask.set(row.taskId, [...(byTask.get(row.taskId) ?? []), row.score]);
  }
  return new Map([...byTask].map(([taskId, scores]) => [taskId, meanScore(scores)]));
}
