import type { ChangeRequest } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { changeRequests } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../errors.ts';
import { reanalyze } from '../analyses/reanalyze.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { notifyTask } from '../tasks/notify.ts';
import { queueAnalysisEvent, queueChangeRequestEvent } from '../webhooks/events.ts';
import { applyCorrection } from './apply.ts';
import { mailRequestReviewed } from './mail.ts';
import { getChangeRequest } from './read.ts';

export const REVIEW_TEXTS = {
  notOpen: 'This change request has been reviewed already.',
  notReviewer:
    'Only team leaders of the analysis’s team (not for their own requests), admins and owners review change requests.',
} as const;

interface Reviewer {
  id: number;
  name: string;
  email: string;
}

async function reviewable(ctx: AppContext, access: ProjectAccess, reviewer: Reviewer, requestId: number) {
  const request = await getChangeRequest(ctx.db, access, reviewer.id, requestId);
  if (request.status !== 'open') throw conflict(REVIEW_TEXTS.notOpen, 'not_open');
  if (!request.can_review) throw forbidden(REVIEW_TEXTS.notReviewer);
  return request;
}

const openRequest = (requestId: number) =>
  and(eq(changeRequests.id, requestId), eq(changeRequests.status, 'open'));

async function decided(ctx: AppContext, access: ProjectAccess, reviewer: Reviewer, requestId: number) {
  const request = await getChangeRequest(ctx.db, access, reviewer.id, requestId);
  ctx.logger.info(
    {
      projectId: access.project.id,
      changeRequestId: requestId,
      status: request.status,
      reviewerId: reviewer.id,
    },
    'Change request reviewed',
  );
  await mailRequestReviewed(ctx, access, request);
  return request;
}

/**
 * Approves a request. Fields: in one transaction, with the request and the analysis locked, the values are
 * set, the score recomputed and the analytics rewritten (apply.ts). Re-analysis: the request is claimed, then
 * the analysis started like the reanalyze route (the prompt's funds checked); a refusal reopens it.
 */
export async function approveChangeRequest(
  ctx: AppContext,
  access: ProjectAccess,
  reviewer: Reviewer,
  requestId: number,
  body: { values?: Record<string, string | number | boolean>; reason?: string },
): Promise<ChangeRequest> {
  const request = await reviewable(ctx, access, reviewer, requestId);
  const resolvedRequest = { id: requestId, projectId: access.project.id, taskId: request.task_id };
  const reason = body.reason?.trim() || null;
  const review = {
    status: 'approved' as const,
    reviewedBy: reviewer.id,
    reviewedAt: new Date(),
    reviewReason: reason,
  };
  if (request.kind === 'field') {
    const task = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(changeRequests)
        .set({ ...review, updatedAt: new Date() })
        .where(openRequest(requestId))
        .returning({ id: changeRequests.id });
      if (!claimed) throw conflict(REVIEW_TEXTS.notOpen, 'not_open');
      const corrected = await applyCorrection(tx, request.task_id, {
        requestId,
        reviewer: { id: reviewer.id, name: reviewer.name.trim() || reviewer.email },
        reason: reason ?? request.reason,
        edited: body.values ?? {},
      });
      await queueAnalysisEvent(ctx, tx, corrected, 'analysis.corrected');
      await queueChangeRequestEvent(ctx, tx, resolvedRequest, 'change_request.resolved');
      return corrected;
    });
    await notifyTask(ctx, task);
    return decided(ctx, access, reviewer, requestId);
  }
  const [claimed] = await ctx.db
    .update(changeRequests)
    .set({ ...review, updatedAt: new Date() })
    .where(openRequest(requestId))
    .returning({ id: changeRequests.id });
  if (!claimed) throw conflict(REVIEW_TEXTS.notOpen, 'not_open');
  try {
    const started = await reanalyze(ctx, access, reviewer.id, request.task_id, request.prompt_id as number);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(changeRequests)
        .set({ reanalysisTaskId: started.data.task_id ?? null })
        .where(eq(changeRequests.id, requestId));
      await queueChangeRequestEvent(ctx, tx, resolvedRequest, 'change_request.resolved');
    });
  } catch (error) {
    await ctx.db
      .update(changeRequests)
      .set({ status: 'open', reviewedBy: null, reviewedAt: null, reviewReason: null })
      .where(eq(changeRequests.id, requestId));
    throw error;
  }
  return decided(ctx, access, reviewer, requestId);
}

/** Rejects a request with the reviewer's reason. */
export async function rejectChangeRequest(
  ctx: AppContext,
  access: ProjectAccess,
  reviewer: Reviewer,
  requestId: number,
  reason: string,
): Promise<ChangeRequest> {
  const request = await reviewable(ctx, access, reviewer, requestId);
  await ctx.db.transaction(async (tx) => {
    const [rejected] = await tx
      .update(changeRequests)
      .set({
        status: 'rejected',
        reviewedBy: reviewer.id,
        reviewedAt: new Date(),
        reviewReason: reason.trim(),
        updatedAt: new Date(),
      })
      .where(openRequest(requestId))
      .returning({ id: changeRequests.id });
    if (!rejected) throw conflict(REVIEW_TEXTS.notOpen, 'not_open');
    await queueChangeRequestEvent(
      ctx,
      tx,
      { id: requestId, projectId: access.project.id, taskId: request.task_id },
      'change_request.resolved',
    );
  });
  return decided(ctx, access, reviewer, requestId);
}
