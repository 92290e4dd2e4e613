import { type BatchStatus, batchStatusFromCounts } from '@parley/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { batchItems, tasks, uploadBatches } from '../../db/schema/index.ts';
import { onTaskSettled, type TaskSettledListener } from '../tasks/settled.ts';
import { notifyBatchEvent } from './notify.ts';

type TaskStatus = (typeof tasks.$inferSelect)['status'];
type ItemStatus = (typeof batchItems.$inferSelect)['status'];
type CountedAs = (typeof batchItems.$inferSelect)['countedAs'];

/**
 * What an item counts as in its batch: processed when its analysis completed or was skipped, failed when the
 * item failed or its analysis failed (or was deleted), else nothing yet.
 */
export function itemCountsAs(itemStatus: ItemStatus, taskStatus: TaskStatus | null): CountedAs {
  if (itemStatus === 'failed') return 'failed';
  if (itemStatus !== 'task_created' && itemStatus !== 'duplicate') return 'none';
  if (taskStatus === null || taskStatus === 'failed') return 'failed';
  return taskStatus === 'completed' || taskStatus === 'skipped' ? 'processed' : 'none';
}

const delta = (from: CountedAs, to: CountedAs, counted: CountedAs) =>
  (to === counted ? 1 : 0) - (from === counted ? 1 : 0);

/**
 * Brings a batch's counters and status up to date with one of its items, in O(1): the item's class is
 * compared with what the batch counts it as, and only the difference is applied. The batch row is locked
 * first (as every change of an item's class does), so two items finishing at once are both counted. A change
 * of the item or of the counts is announced to the live view when the transaction commits.
 */
export async function refreshBatchItem(
  db: Db,
  itemId: number,
  /** A change to the item to apply first, in the same transaction, so nobody sees it without the new counts. */
  change?: (tx: Executor) => Promise<unknown>,
): Promise<BatchStatus | null> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select({
        id: uploadBatches.id,
        projectId: uploadBatches.projectId,
        status: uploadBatches.status,
        total: uploadBatches.totalItems,
      })
      .from(uploadBatches)
      .where(
        sql`${uploadBatches.id} = (SELECT ${batchItems.batchId} FROM ${batchItems} WHERE ${batchItems.id} = ${itemId})`,
      )
      .for('update');
    if (!batch) return null;
    await change?.(tx);
    const [item] = await tx
      .select({ status: batchItems.status, countedAs: batchItems.countedAs, taskStatus: tasks.status })
      .from(batchItems)
      .leftJoin(tasks, eq(tasks.id, batchItems.taskId))
      .where(eq(batchItems.id, itemId));
    if (!item) return null;
    const now = itemCountsAs(item.status, item.taskStatus);
    const recount = now !== item.countedAs;
    if (change || recount) await notifyBatchEvent(tx, { project_id: batch.projectId, batch_id: batch.id });
    if (!recount) return batch.status;
    await tx.update(batchItems).set({ countedAs: now }).where(eq(batchItems.id, itemId));
    const [counts] = await tx
      .update(uploadBatches)
      .set({
        processedItems: sql`${uploadBatches.processedItems} + ${delta(item.countedAs, now, 'processed')}::int`,
        failedItems: sql`${uploadBatches.failedItems} + ${delta(item.countedAs, now, 'failed')}::int`,
        updatedAt: new Date(),
      })
      .where(eq(uploadBatches.id, batch.id))
      .returning({ processed: uploadBatches.processedItems, failed: uploadBatches.failedItems });
    const { processed, failed } = counts!;
    // Until its first item starts a batch is pending; an item waiting for a retry does not put it back.
    const pending = batch.status === 'pending' ? batch.total : 0;
    const status = batchStatusFromCounts({ total: batch.total, pending, processed, failed });
    if (status !== batch.status) {
      await tx.update(uploadBatches).set({ status }).where(eq(uploadBatches.id, batch.id));
    }
    return status;
  });
}

/** A batch whose first item starts is processing. */
export async function markBatchStarted(db: Db, batchId: number): Promise<void> {
  await db
    .update(uploadBatches)
    .set({ status: 'processing', updatedAt: new Date() })
    .where(and(eq(uploadBatches.id, batchId), eq(uploadBatches.status, 'pending')));
}

/** Refreshes the batch items that use this task (none for single uploads). */
export async function refreshBatchesOfTask(db: Db, taskId: number): Promise<void> {
  const rows = await db.select({ id: batchItems.id }).from(batchItems).where(eq(batchItems.taskId, taskId));
  for (const { id } of rows) await refreshBatchItem(db, id);
}

const refreshOnSettled: TaskSettledListener = (ctx, task) => refreshBatchesOfTask(ctx.db, task.id);

/**
 * Bulk uploads count their items' analyses: a batch is refreshed whenever one of its tasks settles, in the
 * process where it settles. Every process that can settle a task (API, worker) subscribes at start.
 */
export function subscribeBatchProgress(): void {
  onTaskSettled(refreshOnSettled);
}
