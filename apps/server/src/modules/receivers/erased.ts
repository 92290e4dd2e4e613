import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { receiverEvents } from '../../db/schema/index.ts';

/**
 * The call events of erased analyses (modules/data-requests) lose the metadata their mapping made (names,
 * numbers); the row stays, so a repeat of the event is not taken again.
 */
export async function forgetReceiverEvents(tx: Executor, taskIds: number[]): Promise<void> {
  if (taskIds.length === 0) return;
  await tx.update(receiverEvents).set({ metadata: {} }).where(inArray(receiverEvents.taskId, taskIds));
}
