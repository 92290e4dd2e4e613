import { type BatchStatus, batchStatusFromCounts } from '@parley/contracts';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { batchItems, tasks, uploadBatches } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { onTaskSettled, type TaskSettledListener } from '../tasks/settled.ts';
import { queueProjectEvent } from '../webhooks/events.ts';
import { type BatchRow, toBatchDto } from './dto.ts';
import { notifyBatchEvent } from './notify.ts';

/** What a refresh needs: the database, and the queue for the batch.completed webhook. */
type Refresher = Pick<AppContext, 'db' | 'boss'>;

const FINISHED: BatchStatus[] = ['completed', 'partially_completed', 'failed'];

/**
 * What an item counts as in its batch: processed when its analysis completed or was skipped, failed when the
 * item failed or its analysis failed (or was deleted), else nothing yet.
 */
const itemCountsAs = sql`CASE
  WHEN ${batchItems.status} = 'failed' THEN 'failed'
  WHEN ${batchItems.status} NOT IN ('task_created', 'duplicate') THEN 'none'
  WHEN ${tasks.status} IS NULL OR ${tasks.status} = 'failed' THEN 'failed'
  WHEN ${tasks.status} IN ('completed', 'skipped') THEN 'processed'
  ELSE 'none' END`;

const delta = (counted: string) =>
  sql.raw(`(item.now = '${counted}')::int - (item.before = '${counted}')::int`);

/**
 * One statement that compares an item's class with what its batch counts it as and, when they differ, moves
 * the item to its class and applies the difference to the batch's counters (O(1)). The item row is locked
 * first, so refreshes of the same item take turns and each sees what the previous one counted (and the task's
 * status as it was when the refresh began, after the change that asked for it). The batch row is locked only
 * by the statement's last step and until it commits, so items of a batch settling together barely wait for
 * each other. Returns the batch's new counts, or nothing when the item's class did not change.
 */
async function countItem(db: Executor, itemId: number) {
  const { rows } = await db.execute<{
    id: number;
    project_id: number;
    status: BatchRow['status'];
    total_items: number;
    processed_items: number;
    failed_items: number;
  }>(sql`
    WITH item AS (
      SELECT ${batchItems.id} AS id, ${batchItems.batchId} AS batch_id, ${batchItems.countedAs} AS before,
             ${itemCountsAs} AS now
      FROM ${batchItems} LEFT JOIN ${tasks} ON ${tasks.id} = ${batchItems.taskId}
      WHERE ${batchItems.id} = ${itemId}
      FOR UPDATE OF ${batchItems}
    ), moved AS (
      UPDATE ${batchItems} SET counted_as = item.now FROM item
      WHERE ${batchItems.id} = item.id AND item.now <> item.before
      RETURNING item.batch_id, item.before, item.now
    )
    UPDATE ${uploadBatches} SET
      processed_items = processed_items + ${delta('processed')},
      failed_items = failed_items + ${delta('failed')},
      updated_at = now()
    FROM moved AS item
    WHERE ${uploadBatches.id} = item.batch_id
    RETURNING ${uploadBatches.id}, ${uploadBatches.projectId}, ${uploadBatches.status},
              ${uploadBatches.totalItems}, ${uploadBatches.processedItems}, ${uploadBatches.failedItems}`);
  return rows[0] ?? null;
}

/**
 * Brings a batch's status in line with counts a refresh returned, unless the counts have changed since (the
 * refresh that changed them does it). Answers whether this call changed it: of refreshes that reach the same
 * counts at the same time, one does, and when the batch finished that one queues batch.completed with it (in
 * the caller's transaction, or in one of its own).
 */
async function settleStatus(
  ctx: Refresher,
  db: Executor,
  counts: NonNullable<Awaited<ReturnType<typeof countItem>>>,
) {
  // Until its first item starts a batch is pending; an item waiting for a retry does not put it back.
  const status = batchStatusFromCounts({
    total: counts.total_items,
    pending: counts.status === 'pending' ? counts.total_items : 0,
    processed: counts.processed_items,
    failed: counts.failed_items,
  });
  if (status === counts.status) return { status, changed: false };
  const change = async (tx: Executor) => {
    const [changed] = await tx
      .update(uploadBatches)
      .set({ status })
      .where(
        and(
          eq(uploadBatches.id, counts.id),
          ne(uploadBatches.status, status),
          eq(uploadBatches.processedItems, counts.processed_items),
          eq(uploadBatches.failedItems, counts.failed_items),
        ),
      )
      .returning();
    if (changed && FINISHED.includes(status)) {
      await queueProjectEvent(ctx, tx as Transaction, changed.projectId, {
        type: 'batch.completed',
        timestamp: new Date().toISOString(),
        data: toBatchDto(changed),
      });
    }
    return { status, changed: changed !== undefined };
  };
  if (!FINISHED.includes(status) || db !== ctx.db) return change(db);
  return ctx.db.transaction(change);
}

/** What a refresh did: the batch's status after it, and whether this refresh changed that status. */
export interface BatchRefresh {
  status: BatchStatus;
  changed: boolean;
}

/**
 * Brings a batch's counters and status up to date with one of its items (see countItem). A change of the
 * item or of the counts is announced to the live view, once. Returns null when the counts did not change.
 */
export async function refreshBatchItem(
  ctx: Refresher,
  itemId: number,
  /** A change to the item to apply first, in the same transaction, so nobody sees it without the new counts. */
  change?: (tx: Executor) => Promise<unknown>,
): Promise<BatchRefresh | null> {
  const { db } = ctx;
  if (change) {
    return db.transaction(async (tx) => {
      await change(tx);
      const counts = await countItem(tx, itemId);
      const refresh = counts && (await settleStatus(ctx, tx, counts));
      await announce(tx, itemId);
      return refresh;
    });
  }
  const counts = await countItem(db, itemId);
  if (!counts) return null;
  const refresh = await settleStatus(ctx, db, counts);
  await notifyBatchEvent(db, { project_id: counts.project_id, batch_id: counts.id });
  return refresh;
}

/** Announces a change of the item's row (when the transaction commits). */
async function announce(tx: Executor, itemId: number) {
  const [batch] = await tx
    .select({ id: uploadBatches.id, projectId: uploadBatches.projectId })
    .from(uploadBatches)
    .innerJoin(batchItems, eq(batchItems.batchId, uploadBatches.id))
    .where(eq(batchItems.id, itemId));
  if (batch) await notifyBatchEvent(tx, { project_id: batch.projectId, batch_id: batch.id });
}

/** How many items one recount brings up to date at most (the next recount takes the rest). */
const RECOUNT_LIMIT = 1000;

/**
 * Brings unfinished batches in line with their items' analyses when a refresh was lost: a batch is refreshed by
 * a 'task settled' listener after the task's commit, and a listener that fails (the database cut for a moment)
 * is only logged, so a batch whose last analysis settled then would stay 'processing' forever. Items whose
 * count is behind are refreshed; a batch whose counts are complete but whose status was not settled (its
 * process stopped between the two) is settled. Returns how many items and batches it changed.
 */
export async function recountUnfinishedBatches(ctx: Refresher): Promise<{ items: number; batches: number }> {
  const behind = await ctx.db
    .select({ id: batchItems.id })
    .from(batchItems)
    .innerJoin(uploadBatches, eq(uploadBatches.id, batchItems.batchId))
    .leftJoin(tasks, eq(tasks.id, batchItems.taskId))
    .where(and(notInArray(uploadBatches.status, FINISHED), sql`${batchItems.countedAs} <> ${itemCountsAs}`))
    .limit(RECOUNT_LIMIT);
  let items = 0;
  for (const { id } of behind) if (await refreshBatchItem(ctx, id)) items += 1;
  const complete = await ctx.db
    .select({
      id: uploadBatches.id,
      project_id: uploadBatches.projectId,
      status: uploadBatches.status,
      total_items: uploadBatches.totalItems,
      processed_items: uploadBatches.processedItems,
      failed_items: uploadBatches.failedItems,
    })
    .from(uploadBatches)
    .where(
      and(
        notInArray(uploadBatches.status, FINISHED),
        sql`${uploadBatches.processedItems} + ${uploadBatches.failedItems} >= ${uploadBatches.totalItems}`,
      ),
    );
  let batches = 0;
  for (const counts of complete) if ((await settleStatus(ctx, ctx.db, counts)).changed) batches += 1;
  return { items, batches };
}

/** A batch whose first item starts is processing. */
export async function markBatchStarted(db: AppContext['db'], batchId: number): Promise<void> {
  await db
    .update(uploadBatches)
    .set({ status: 'processing', updatedAt: new Date() })
    .where(and(eq(uploadBatches.id, batchId), eq(uploadBatches.status, 'pending')));
}

/** Refreshes the batch items that use this task (none for single uploads). */
export async function refreshBatchesOfTask(ctx: Refresher, taskId: number): Promise<void> {
  const rows = await ctx.db
    .select({ id: batchItems.id })
    .from(batchItems)
    .where(eq(batchItems.taskId, taskId));
  for (const { id } of rows) await refreshBatchItem(ctx, id);
}

const refreshOnSettled: TaskSettledListener = (ctx, task) => refreshBatchesOfTask(ctx, task.id);

/**
 * Bulk uploads count their items' analyses: a batch is refreshed whenever one of its tasks settles, in the
 * process where it settles. Every process that can settle a task (API, worker) subscribes at start.
 */
export function subscribeBatchProgress(): void {
  onTaskSettled(refreshOnSettled);
}
