import { analysisUnitsMilli, taskError } from '@parley/contracts';
import { chargePaidWork } from '../../billing/paid-job.ts';
import { completeTask } from '../../tasks/state.ts';
import type { PromptSnapshot } from '../analysis.ts';
import { PipelineFailure } from '../failures.ts';
import { type TaskRun, write } from '../task-run.ts';
import { contentUnitsMilli, promptUnitsMilli } from '../units.ts';

/** Charges what the analysis cost (settling its hold) and completes the task. */
export async function chargeStage(run: TaskRun, prompt: PromptSnapshot): Promise<void> {
  const lvaRan = run.task.lva?.status === 'completed';
  const content = contentUnitsMilli(run);
  const units = analysisUnitsMilli(content, promptUnitsMilli(run, prompt, lvaRan));
  const paid = { projectId: run.task.projectId, item: { taskId: run.taskId } };
  const outcome = await run.ctx.db.transaction((tx) =>
    chargePaidWork(run.ctx, tx, paid, units, {
      minutesMilli: content,
      description: `Analysis #${run.taskId}: ${run.media.fileName}`.slice(0, 300),
    }),
  );
  if (outcome.status === 'insufficient') {
    throw new PipelineFailure(taskError('insufficient_funds', { units: outcome.units }));
  }
  await write(run, () => completeTask(run.ctx, run.taskId, outcome.unitsMilli));
}
