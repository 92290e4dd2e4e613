import type { AppContext } from '../../context.ts';
import { workAnalysisQueue } from '../tasks/worker.ts';
import { runTask } from './run.ts';
import type { PipelineDeps } from './task-run.ts';
import { removeOrphanWorkFolders } from './work-folders.ts';

/**
 * Registers this process as an analysis worker: each job of the analysis queue runs one task's pipeline.
 * First removes the work folders that stopped processes left behind.
 */
export async function workAnalysis(ctx: AppContext, deps: PipelineDeps = {}): Promise<void> {
  const orphans = await removeOrphanWorkFolders(ctx.config.dataDir);
  if (orphans.length > 0) ctx.logger.info({ folders: orphans }, 'Removed work folders of stopped processes');
  await workAnalysisQueue(ctx, (taskId, attempt) => runTask(ctx, taskId, attempt, deps));
}
