import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { driveFiles } from '../../db/schema/index.ts';

/**
 * The Drive files of erased analyses (modules/data-requests) lose their names and folders; the row stays, so
 * the next sync does not take the file again.
 */
export async function forgetDriveFiles(tx: Executor, taskIds: number[]): Promise<void> {
  if (taskIds.length === 0) return;
  await tx.update(driveFiles).set({ name: '', path: [] }).where(inArray(driveFiles.taskId, taskIds));
}
