import {
  BACKTEST,
  type BacktestRequest,
  backtestUnitsMilli,
  fromMilliUnits,
  toMilliUnits,
} from '@parley/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { backtestItems, backtests, promptVersions, reviews, tasks } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { lockProject } from '../billing/ledger.ts';
import { holdPaidWork } from '../billing/paid-job.ts';
import { insightModel } from '../insights/create.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { findPromptRow } from '../prompts/service.ts';
import { VERSION_TEXTS } from '../prompts/version-service.ts';
import type { PromptSnapshot } from '../prompts/versions.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';
import { backtestJob } from './job.ts';

export const BACKTEST_TEXTS = {
  notDraft: 'Only the draft can be backtested: this version is published or superseded.',
  nothingReviewed: 'No reviewed conversation of this prompt has a transcript to backtest the draft on.',
  running:
    'A backtest of this project is queued or running: start the next one when it has finished (one at a time per project).',
  insufficientFunds: 'Insufficient funds: this backtest costs {units} units, more than the project can pay.',
} as const;

export type BacktestRow = typeof backtests.$inferSelect;
/** A backtest with its version's number and hash now (the hash tells whether the draft was saved since). */
export type BacktestWithVersion = { backtest: BacktestRow; number: number; hash: string };

/** The draft of the prompt with this id, as saved now (404 another prompt's or project's, 409 not the draft). */
async function draftVersion(tx: Executor, access: ProjectAccess, promptId: number, versionId: number) {
  const [version] = await tx
    .select()
    .from(promptVersions)
    .where(
      and(
        eq(promptVersions.projectId, access.project.id),
        eq(promptVersions.promptId, promptId),
        eq(promptVersions.id, versionId),
      ),
    )
    .for('share');
  if (!version) throw notFound(VERSION_TEXTS.notFound);
  if (version.state !== 'draft') throw conflict(BACKTEST_TEXTS.notDraft, 'version_not_draft');
  return version;
}

/**
 * The prompt's last `limit` conversations with a submitted review that the caller sees and that have a
 * transcript or text, newest submission first; a conversation reviewed twice counts once, by its latest review.
 */
async function reviewedConversations(tx: Executor, access: ProjectAccess, promptId: number, limit: number) {
  const latest = tx
    .selectDistinctOn([reviews.taskId], {
      taskId: reviews.taskId,
      reviewId: sql<number>`${reviews.id}`.as('review_id'),
      submittedAt: reviews.submittedAt,
    })
    .from(reviews)
    .innerJoin(tasks, eq(tasks.id, reviews.taskId))
    .innerJoin(promptVersions, eq(promptVersions.id, reviews.promptVersionId))
    .where(
      and(
        eq(reviews.projectId, access.project.id),
        eq(reviews.status, 'submitted'),
        eq(promptVersions.promptId, promptId),
        sql`(${tasks.transcript} IS NOT NULL OR ${tasks.transcriptText} <> '')`,
        taskVisibilityCondition(access),
      ),
    )
    .orderBy(reviews.taskId, desc(reviews.submittedAt), desc(reviews.id))
    .as('latest');
  return tx
    .select({ taskId: latest.taskId, reviewId: latest.reviewId })
    .from(latest)
    .orderBy(desc(latest.submittedAt), desc(latest.reviewId))
    .limit(limit);
}

/** 409 backtest_running when the project has BACKTEST.activePerProject backtests unfinished (under its lock). */
async function ensureNoneRunning(tx: Executor, projectId: number): Promise<void> {
  const [active] = await tx
    .select({ n: count() })
    .from(backtests)
    .where(and(eq(backtests.projectId, projectId), inArray(backtests.status, ['queued', 'running'])));
  if ((active?.n ?? 0) >= BACKTEST.activePerProject)
    throw conflict(BACKTEST_TEXTS.running, 'backtest_running');
}

/**
 * Starts a backtest of the draft: under the project's lock, stores it with its conversations, holds its price
 * (402 insufficient_funds when the project cannot pay it beside the work in progress) and queues its job, in
 * one transaction, as insights do. The price is the catalog's units of the draft's model per conversation
 * (insightModel: 400 for a model the catalog no longer offers, 503 without the provider's credentials),
 * not the draft's saved unitsMilli, which includes the voice-analysis surcharge a backtest does not pay.
 */
export async function startBacktest(
  ctx: AppContext,
  access: ProjectAccess,
  user: { id: number; name: string | null },
  ids: { promptId: number; versionId: number },
  request: z.output<typeof BacktestRequest>,
): Promise<BacktestWithVersion> {
  await findPromptRow(ctx, access, ids.promptId);
  return ctx.db.transaction(async (tx) => {
    const version = await draftVersion(tx, access, ids.promptId, ids.versionId);
    const draft = version.data as unknown as PromptSnapshot;
    const target = insightModel(ctx.config, { provider: draft.provider, model: draft.model });
    const picked = await reviewedConversations(tx, access, ids.promptId, request.conversations);
    if (picked.length === 0) throw conflict(BACKTEST_TEXTS.nothingReviewed, 'nothing_reviewed');
    const unitsMilli = backtestUnitsMilli(target.units, picked.length);
    await lockProject(tx, access.project.id);
    await ensureNoneRunning(tx, access.project.id);
    const [row] = await tx
      .insert(backtests)
      .values({
        projectId: access.project.id,
        promptId: ids.promptId,
        versionId: version.id,
        versionHash: version.hash,
        draft: version.data,
        modelUnitsMilli: toMilliUnits(target.units),
        conversations: request.conversations,
        total: picked.length,
        unitsMilli,
        requestedBy: user.id,
        requestedByName: user.name,
      })
      .returning();
    await tx.insert(backtestItems).values(picked.map((item) => ({ backtestId: row!.id, ...item })));
    if (
      !(await holdPaidWork(tx, { projectId: access.project.id, item: { backtestId: row!.id } }, unitsMilli))
    ) {
      const units = fromMilliUnits(unitsMilli).toLocaleString('en-US', { maximumFractionDigits: 3 });
      throw new AppError(
        'payment_required',
        'insufficient_funds',
        BACKTEST_TEXTS.insufficientFunds.replace('{units}', units),
      );
    }
    await backtestJob.send(ctx, { backtestId: row!.id }, { tx, singletonKey: `backtest:${row!.id}` });
    return { backtest: row!, number: version.number, hash: version.hash };
  });
}
