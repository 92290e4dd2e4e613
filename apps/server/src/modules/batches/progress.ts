import { type BatchStatus, batchStatusFromCounts } from '@parley/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { batchItems, tasks, uploadBatches } from '../../db/schema/index.ts';
import { onTaskSettled, type TaskSettledListener } from '../tasks/settled.ts';

/**
 * Recomputes a batch's counters and status from its items and their tasks: processed = items whose analysis
 * completed or was skipped, failed = items that failed or whose analysis failed (or was deleted). Called when
 * an item or its task finishes. The batch row is locked first, so that two items finishing at once are
 * counted by whichever refresh runs second (its count starts after the first has committed).
 */
export async function refreshBatch(
  db: Db,
  batchId: number,
  /** A change to apply first, in the same transaction, so nobody sees it without the new counts. */
  change?: (tx: Executor) => Promise<unknown>,
): Promise<BatchStatus | null> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select({ status: uploadBatches.status, total: uploadBatches.totalItems })
      .from(uploadBatches)
      .where(eq(uploadBatches.id, batchId))
      .for('update');
    if (!batch) return null;
    await change?.(tx);
    const linked = sql`${batchItems.status} IN ('task_created', 'duplicate')`;
    const [counts] = await tx
      .select({
        pending: sql<number>`count(*) FILTER (WHERE ${batchItems.status} = 'pending')`.mapWith(Number),
        processed:
          sql<number>`count(*) FILTER (WHERE ${linked} AND ${tasks.status} IN ('completed', 'skipped'))`.mapWith(
            Number,
          ),
        failed:
          sql<number>`count(*) FILTER (WHERE ${batchItems.status} = 'failed' OR (${linked} AND (${tasks.id} IS NULL OR ${tasks.status} = 'failed')))`.mapWith(
            Number,
          ),
      })
      .from(batchItems)
      .leftJoin(tasks, eq(tasks.id, batchItems.taskId))
      .where(eq(batchItems.batchId, batchId));
    const { pending, processed, failed } = counts!;
    let status = batchStatusFromCounts({ total: batch.total, pending, processed, failed });
    // An item waiting for a retry does not put a started batch back to pending.
    if (status === 'pending' && batch.status !== 'pending') status = 'processing';
    await tx
      .update(uploadBatches)
      .set({ status, processedItems: processed, failedItems: failed, updatedAt: new Date() })
      .where(
        and(
          eq(uploadBatches.id, batchId),
          sql`(${uploadBatches.status}, ${uploadBatches.processedItems}, ${uploadBatches.failedItems}) IS DISTINCT FROM (${status}, ${processed}::int, ${failed}::int)`,
        ),
      );
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

/** Refreshes the batches whose items use this task (none for single uploads). */
export async function refreshBatchesOfTask(db: Db, taskId: number): Promise<void> {
  const rows = await db
    .selectDistinct({ batchId: batchItems.batchId })
    .from(batchItems)
    .where(eq(batchItems.taskId, taskId));
  for (const { batchId } of rows) await refreshBatch(db, batchId);
}

const refreshOnSettled: TaskSettledListener = (ctx, task) => refreshBatchesOfTask(ctx.db, task.id);

/**
 * Bulk uploads count their items' analyses: a batch is refreshed whenever one of its tasks settles, in the
 * process where it settles. Every process that can settle a task (API, worker) subscribes at start.
 */
export function subscribeBatchProgress(): void {
  onTaskSettled(refreshOnSettled);
}
