import { analysisUnitsMilli, fromMilliUnits, taskError } from '@parley/contracts';
import { charge } from '../../billing/charge.ts';
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
  const outcome = await charge(run.ctx, run.task.projectId, run.taskId, units, {
    minutesMilli: content,
    description: `Analysis #${run.taskId}: ${run.media.fileName}`.slice(0, 300),
  });
  if (outcome.status === 'insufficient') {
    throw new PipelineFailure(taskError('insufficient_funds', { units: fromMilliUnits(units).toString() }));
  }
  await write(run, () => completeTask(run.ctx, run.taskId, outcome.invoice.unitsMilli));
}
