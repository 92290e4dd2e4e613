import { backtestUnitsMilli, fromMilliUnits } from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isProviderAvailable, ProviderUnavailable, providerUnavailable } from '../../ai/catalog.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { reportOutage } from '../../db/outage.ts';
import { backtestItems, backtests, mediaFiles, tasks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { QUEUES, type RetryPolicy } from '../../jobs/boss.ts';
import { type Attempt, defineJob } from '../../jobs/registry.ts';
import { endFailedAttempt } from '../../jobs/retries.ts';
import { chargePaidWork, endUnpaid } from '../billing/paid-job.ts';
import { analyseWithPrompt, type PromptSnapshot } from '../pipeline/analysis.ts';
import { conversationContext } from '../pipeline/stages/analysis.ts';
import { pipelineState } from '../pipeline/state.ts';
import { privacySettings } from '../privacy/settings.ts';

const BACKTEST_JOB_TEXTS = {
  interrupted: 'The backtest was interrupted (the worker stopped while working on it) and was given up.',
  allFailed: 'No conversation could be analysed with the draft.',
  insufficientFunds: 'Insufficient funds: the backtest costs {units} units, more than the project can pay.',
  unexpected: (message: string) => `The backtest could not be completed: ${message}`,
} as const;

type BacktestError = { code: string; message: string };
type BacktestRow = typeof backtests.$inferSelect;

const unfinished = inArray(backtests.status, ['queued', 'running']);

/** Ends a backtest that has not ended as failed, releasing its hold: nothing is charged. */
async function endFailed(tx: Executor, backtestId: number, error: BacktestError): Promise<void> {
  await endUnpaid(tx, { backtestId }, async () => {
    const [failed] = await tx
      .update(backtests)
      .set({
        status: 'failed',
        errorCode: error.code,
        errorMessage: error.message,
        unitsMilli: 0,
        completedAt: new Date(),
      })
      .where(and(eq(backtests.id, backtestId), unfinished))
      .returning({ id: backtests.id });
    return failed;
  });
}

const failBacktest = (ctx: AppContext, backtestId: number, error: BacktestError) =>
  ctx.db.transaction((tx) => endFailed(tx, backtestId, error));

/**
 * Charges the conversations analysed (settling the hold) and completes the backtest, in one transaction: a
 * retried job finds it completed, and the ledger's key (backtest:N) charges it once. Nothing analysed: failed.
 */
async function completeBacktest(ctx: AppContext, backtestId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(backtests)
      .where(and(eq(backtests.id, backtestId), eq(backtests.status, 'running')))
      .for('update');
    if (!row) return;
    if (row.done === 0)
      return endFailed(tx, row.id, { code: 'all_failed', message: BACKTEST_JOB_TEXTS.allFailed });
    const paid = { projectId: row.projectId, item: { backtestId: row.id } };
    const outcome = await chargePaidWork(
      ctx,
      tx,
      paid,
      backtestUnitsMilli(fromMilliUnits(row.modelUnitsMilli), row.done),
      {
        minutesMilli: 0,
        description: `Backtest #${row.id}: ${row.done} conversations`,
      },
    );
    if (outcome.status === 'insufficient') {
      const message = BACKTEST_JOB_TEXTS.insufficientFunds.replace('{units}', outcome.units);
      return endFailed(tx, row.id, { code: 'insufficient_funds', message });
    }
    await tx
      .update(backtests)
      .set({ status: 'completed', unitsMilli: outcome.unitsMilli, completedAt: new Date() })
      .where(eq(backtests.id, row.id));
  });
}

/** Records one conversation's outcome once (a pending item only) and counts it in the backtest's progress. */
async function settleItem(
  ctx: AppContext,
  row: BacktestRow,
  itemId: number,
  outcome: { values: Record<string, unknown> } | { error: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const done = 'values' in outcome;
    const [settled] = await tx
      .update(backtestItems)
      .set(done ? { status: 'done', values: outcome.values } : { status: 'failed', error: outcome.error })
      .where(and(eq(backtestItems.id, itemId), eq(backtestItems.status, 'pending')))
      .returning({ id: backtestItems.id });
    if (!settled) return;
    await tx
      .update(backtests)
      .set(done ? { done: sql`${backtests.done} + 1` } : { failed: sql`${backtests.failed} + 1` })
      .where(eq(backtests.id, row.id));
  });
}

/**
 * Whether an error ends the conversation's item (the others go on): a provider's refusal of this one, or a
 * passing trouble on the last attempt. A provider without credentials ends the backtest (the project's money
 * is checked when it is charged); a passing trouble before the last attempt retries the job, which skips the
 * conversations settled.
 */
function failsItemOnly(error: unknown, lastAttempt: boolean): boolean {
  if (error instanceof ProviderUnavailable) return false;
  const retryable = error instanceof AppError ? error.retryable : true;
  return !retryable || lastAttempt;
}

async function analysePending(ctx: AppContext, row: BacktestRow, attempt: Attempt): Promise<void> {
  const draft = row.draft as unknown as PromptSnapshot;
  if (!isProviderAvailable(ctx.config, draft.provider)) throw providerUnavailable(draft.provider);
  const privacy = await privacySettings(ctx.db, row.projectId);
  const pending = await ctx.db
    .select({ id: backtestItems.id, task: tasks, media: mediaFiles })
    .from(backtestItems)
    .innerJoin(tasks, eq(tasks.id, backtestItems.taskId))
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .where(and(eq(backtestItems.backtestId, row.id), eq(backtestItems.status, 'pending')))
    .orderBy(backtestItems.id);
  for (const { id, task, media } of pending) {
    attempt.signal.throwIfAborted();
    const context = conversationContext({ task, media, state: pipelineState(task.pipeline), privacy });
    try {
      const { analysis } = await analyseWithPrompt(ctx, draft, context, {
        purpose: 'backtest',
        projectId: row.projectId,
        userId: row.requestedBy,
        signal: attempt.signal,
      });
      await settleItem(ctx, row, id, { values: analysis.values });
    } catch (error) {
      if (reportOutage(ctx.db, error) || !failsItemOnly(error, attempt.lastAttempt)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      ctx.logger.info(
        { backtestId: row.id, taskId: task.id, error: message },
        'Backtest conversation failed',
      );
      await settleItem(ctx, row, id, { error: message });
    }
  }
}

/**
 * One attempt at a backtest: analyse its pending conversations with the draft it started with, one at a time
 * (progress is counted per conversation), then charge and complete. Idempotent and resumable: an ended
 * backtest is left alone, a retried one skips the conversations already settled.
 */
export async function runBacktest(ctx: AppContext, backtestId: number, attempt: Attempt): Promise<void> {
  const [row] = await ctx.db
    .update(backtests)
    .set({ status: 'running', startedAt: sql`coalesce(${backtests.startedAt}, now())` })
    .where(and(eq(backtests.id, backtestId), unfinished))
    .returning();
  if (!row) return;
  try {
    await analysePending(ctx, row, attempt);
    await completeBacktest(ctx, backtestId);
  } catch (error) {
    await endFailedAttempt(ctx, error, attempt, {
      name: 'Backtest',
      ids: { backtestId },
      unexpectedMessage: BACKTEST_JOB_TEXTS.unexpected,
      fail: (failure) => failBacktest(ctx, backtestId, failure),
    });
  }
}

/** An attempt that failed for a passing reason is tried twice more, 30 s and 60 s later (as insights are). */
const BACKTEST_RETRIES: RetryPolicy = { retries: 2, delaySeconds: 30 };

/**
 * One backtest (retried per BACKTEST_RETRIES and jobs/retries.ts). A stopped worker's backtest is resumed by
 * another; one whose attempts kept being interrupted fails, its hold released. Its conversations are
 * analysed one after another, so an attempt may run long.
 */
export const backtestJob = defineJob({
  name: QUEUES.backtests,
  payload: z.object({ backtestId: z.number().int() }),
  handler: (ctx, { backtestId }, attempt) => runBacktest(ctx, backtestId, attempt),
  queue: { heartbeatSeconds: 30, expireInSeconds: 4 * 3600 },
  retries: {
    policy: BACKTEST_RETRIES,
    givenUpQueue: QUEUES.backtestsGivenUp,
    giveUp: (ctx, { backtestId }) =>
      failBacktest(ctx, backtestId, { code: 'interrupted', message: BACKTEST_JOB_TEXTS.interrupted }),
  },
  concurrency: 2,
});
