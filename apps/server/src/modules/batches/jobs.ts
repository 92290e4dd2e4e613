import { bulkTaskMetadata } from '@parley/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { reportOutage } from '../../db/outage.ts';
import { batchItems, projects, tasks, uploadBatches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import {
  JOB_HEARTBEAT_REFRESH_SECONDS,
  JOB_HEARTBEAT_SECONDS,
  QUEUES,
  type RetryPolicy,
} from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { RetryLater } from '../../jobs/retries.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { checkPromptAndFunds } from '../tasks/request.ts';
import { DownloadError } from '../uploads/download.ts';
import { ingest } from '../uploads/service.ts';
import { UrlRefusedError } from '../uploads/ssrf.ts';
import { stageFromUrl } from '../uploads/stage.ts';
import { notifyBatchEvent } from './notify.ts';
import { markBatchStarted, refreshBatchItem } from './progress.ts';

export const ITEM_TEXTS = {
  promptMissing: 'The prompt of this batch no longer exists.',
  interrupted: 'The download was interrupted (the worker stopped while working on it) and was given up.',
  unexpected: (message: string) => `The row could not be processed: ${message}`,
} as const;

export interface ItemFailure {
  message: string;
  /** A later attempt may succeed (timeouts, unreachable servers, 5xx, 408, 429, our own outages). */
  retryable: boolean;
}

/** Sorts why a row failed: refused links, client errors and wrong files are final; passing troubles are retried. */
export function classifyItemFailure(error: unknown): ItemFailure {
  if (error instanceof UrlRefusedError) return { message: error.message, retryable: false };
  if (error instanceof DownloadError) {
    const status = error.upstreamStatus;
    const passing =
      error.statusCode === 504 ||
      (error.statusCode === 502 &&
        (status === undefined || status >= 500 || status === 408 || status === 429));
    return { message: error.message, retryable: passing };
  }
  if (error instanceof AppError) return { message: error.message, retryable: error.retryable };
  const message = error instanceof Error ? error.message : String(error);
  return { message: ITEM_TEXTS.unexpected(message), retryable: true };
}

type ItemStatus = (typeof batchItems.$inferSelect)['status'];

type ItemChange = {
  status: ItemStatus;
  error?: string | null;
  taskId?: number | null;
  representative?: SQL;
  department?: SQL;
};

/**
 * The people of the analysis a row is linked to (the one it made, or a duplicate's): a team leader's view of the
 * row goes by them from then on, as by the analysis's in the analyses list.
 */
const peopleOfTask = (taskId: number) => ({
  representative: sql`(SELECT ${tasks.representative} FROM ${tasks} WHERE ${tasks.id} = ${taskId})`,
  department: sql`(SELECT ${tasks.department} FROM ${tasks} WHERE ${tasks.id} = ${taskId})`,
});

/**
 * What an attempt may still change. A row another attempt settled stays as it is: a worker cut off mid-row whose
 * job was taken over (and done) may come back and finish its own stale attempt, which must not relabel the row.
 */
const OPEN_ITEM = (itemId: number) =>
  and(eq(batchItems.id, itemId), inArray(batchItems.status, ['pending', 'downloading']));

async function setItem(db: Executor, itemId: number, values: ItemChange): Promise<void> {
  await db
    .update(batchItems)
    .set({ ...values, updatedAt: new Date() })
    .where(OPEN_ITEM(itemId));
}

async function linkedTaskId(db: Executor, itemId: number): Promise<number | null> {
  const [row] = await db
    .select({ taskId: batchItems.taskId })
    .from(batchItems)
    .where(eq(batchItems.id, itemId));
  return row?.taskId ?? null;
}

/** Tells the live view that a row changed outside refreshBatchItem; a failure to send is logged, never thrown. */
async function announceItem(ctx: AppContext, projectId: number, batchId: number, itemId: number) {
  await notifyBatchEvent(ctx.db, { project_id: projectId, batch_id: batchId }).catch((error) =>
    ctx.logger.warn({ err: error, itemId }, 'Batch event not sent'),
  );
}

/** An item's final state and its batch's new counts, in one transaction. */
async function finishItem(ctx: AppContext, itemId: number, values: ItemChange): Promise<void> {
  await refreshBatchItem(ctx, itemId, (tx) => setItem(tx, itemId, values));
}

/**
 * One row of a bulk upload, through the same path as a link upload: the prompt and the balance are checked,
 * the link is downloaded by the SSRF-guarded download into storage, and ingest creates and queues the
 * analysis (or finds the duplicate, or skips a blacklisted number). A failure is recorded on the item only;
 * a passing one (see classifyItemFailure) is retried by the queue unless this is the last attempt.
 */
export async function processBatchItem(
  ctx: AppContext,
  itemId: number,
  options: { lastAttempt: boolean },
): Promise<void> {
  const [row] = await ctx.db
    .select({ item: batchItems, batch: uploadBatches, project: projects })
    .from(batchItems)
    .innerJoin(uploadBatches, eq(uploadBatches.id, batchItems.batchId))
    .innerJoin(projects, eq(projects.id, uploadBatches.projectId))
    .where(eq(batchItems.id, itemId));
  if (!row || (row.item.status !== 'pending' && row.item.status !== 'downloading')) return;
  const { item, batch, project } = row;
  // An earlier attempt made the row's analysis (linked in the same transaction) and stopped before settling the row.
  if (item.taskId !== null) {
    await finishItem(ctx, itemId, { status: 'task_created', error: null, ...peopleOfTask(item.taskId) });
    return;
  }
  await ctx.db
    .update(batchItems)
    .set({ status: 'downloading', attempts: sql`${batchItems.attempts} + 1`, updatedAt: new Date() })
    .where(OPEN_ITEM(itemId));
  await markBatchStarted(ctx.db, batch.id);
  await announceItem(ctx, project.id, batch.id, itemId);
  const access: ProjectAccess = { project, role: 'user' };
  try {
    if (batch.promptId === null) throw new AppError('invalid', 'prompt_not_found', ITEM_TEXTS.promptMissing);
    const metadata = bulkTaskMetadata(item);
    const prompt = await checkPromptAndFunds(ctx, access, batch.promptId, metadata);
    const staged = await stageFromUrl(ctx, project.id, item.url);
    const result = await ingest(
      ctx,
      access,
      batch.createdBy,
      { input: { prompt_id: prompt.id, priority: batch.priority, metadata, force: false }, prompt },
      staged,
      batch.apiKeyId,
      (tx, taskId) => tx.update(batchItems).set({ taskId }).where(eq(batchItems.id, itemId)),
    );
    const { data } = result.body;
    const existing = data.duplicate || data.in_progress;
    const taskId = (existing ? data.existing_task_id : data.task_id)!;
    // The analysis found may be this row's own, made by an attempt that overlapped this one.
    const made = !existing || (await linkedTaskId(ctx.db, itemId)) === taskId;
    await finishItem(ctx, itemId, {
      status: made ? 'task_created' : 'duplicate',
      taskId,
      error: null,
      ...peopleOfTask(taskId),
    });
  } catch (error) {
    // The database went away: the attempt is interrupted as if its worker had stopped (logged once, db/outage.ts).
    if (reportOutage(ctx.db, error)) throw error;
    const failure = classifyItemFailure(error);
    if (failure.retryable && !options.lastAttempt) {
      ctx.logger.warn({ itemId, error: failure.message }, 'Batch item failed; it will be retried');
      await setItem(ctx.db, itemId, { status: 'pending', error: failure.message });
      await announceItem(ctx, project.id, batch.id, itemId);
      throw new RetryLater(failure.message, { cause: error });
    }
    ctx.logger.info({ itemId, error: failure.message }, 'Batch item failed');
    await finishItem(ctx, itemId, { status: 'failed', error: failure.message });
  }
}

/** Marks an item failed whose job was given up (its attempts kept being interrupted: the worker stopped). */
export async function failInterruptedItem(ctx: AppContext, itemId: number): Promise<void> {
  const [row] = await ctx.db
    .update(batchItems)
    .set({ status: 'failed', error: ITEM_TEXTS.interrupted, updatedAt: new Date() })
    .where(OPEN_ITEM(itemId))
    .returning({ id: batchItems.id });
  if (row) await refreshBatchItem(ctx, row.id);
}

/** A download that failed for a passing reason (timeout, 5xx) is tried twice more, 30 s and 60 s later. */
const BATCH_ITEMS_RETRIES: RetryPolicy = { retries: 2, delaySeconds: 30 };

/**
 * One row of a bulk upload: BATCH_CONCURRENCY downloads at a time per worker process (retried per
 * BATCH_ITEMS_RETRIES and the rule of jobs/retries.ts). A worker that stops (or is cut off) is noticed by
 * the heartbeat within seconds and another takes its rows over (JOB_HEARTBEAT_SECONDS); given-up jobs fail
 * their items.
 */
export const batchItemJob = defineJob({
  name: QUEUES.batchItems,
  payload: z.object({ itemId: z.number().int() }),
  handler: (ctx, { itemId }, { lastAttempt }) => processBatchItem(ctx, itemId, { lastAttempt }),
  queue: { heartbeatSeconds: JOB_HEARTBEAT_SECONDS, expireInSeconds: 3600 },
  retries: {
    policy: BATCH_ITEMS_RETRIES,
    givenUpQueue: QUEUES.batchItemsGivenUp,
    giveUp: (ctx, { itemId }) => failInterruptedItem(ctx, itemId),
    heartbeatRefreshSeconds: JOB_HEARTBEAT_REFRESH_SECONDS,
  },
  concurrency: ({ batches }) => batches.concurrency,
});
