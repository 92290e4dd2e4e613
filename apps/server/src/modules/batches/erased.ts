import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { batchItems } from '../../db/schema/index.ts';

/**
 * The bulk-upload rows of erased analyses (modules/data-requests) keep their place and status in the batch,
 * without the URL and metadata of the CSV row.
 */
export async function forgetBatchRows(tx: Executor, taskIds: number[]): Promise<void> {
  if (taskIds.length === 0) return;
  await tx.update(batchItems).set({ url: '', metadata: {} }).where(inArray(batchItems.taskId, taskIds));
}
