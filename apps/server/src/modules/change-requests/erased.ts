import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analysisCorrections, changeRequests } from '../../db/schema/index.ts';

/**
 * Erased analyses (modules/data-requests) lose their change requests and corrections: reviewers' reasons,
 * quoted transcript moments and corrected values are about the conversation. Their items go with the requests.
 */
export async function forgetChangeRequests(tx: Executor, taskIds: number[]): Promise<void> {
  if (taskIds.length === 0) return;
  await tx.delete(analysisCorrections).where(inArray(analysisCorrections.taskId, taskIds));
  await tx.delete(changeRequests).where(inArray(changeRequests.taskId, taskIds));
}
