import type { AppContext } from '../../context.ts';
import { workAnalysisQueue } from '../tasks/worker.ts';
import { runTask } from './run.ts';
import type { PipelineDeps } from './task-run.ts';

/** Registers this process as an analysis worker: each job of the analysis queue runs one task's pipeline. */
export async function workAnalysis(ctx: AppContext, deps: PipelineDeps = {}): Promise<void> {
  await workAnalysisQueue(ctx, (taskId, attempt) => runTask(ctx, taskId, attempt, deps));
}
