import { analysisUnitsMilli, fromMilliUnits, taskError } from '@parley/contracts';
import { isEmloConfigured } from '../../../ai/emlo.ts';
import { reserve } from '../../billing/holds.ts';
import type { PromptSnapshot } from '../analysis.ts';
import { PipelineFailure } from '../failures.ts';
import { isAudio, type TaskRun } from '../task-run.ts';
import { contentUnitsMilli, lvaOption, promptUnitsMilli } from '../units.ts';

/**
 * Before paying providers: holds what this analysis will cost as far as it is known (with LVA when it
 * will run, with the chosen prompt once a classification has chosen one), or fails for lack of funds.
 */
export async function hold(run: TaskRun, prompt: PromptSnapshot): Promise<void> {
  const lvaWillRun = isAudio(run) && lvaOption(run, prompt) !== 'none' && isEmloConfigured(run.ctx.config);
  const units = analysisUnitsMilli(contentUnitsMilli(run), promptUnitsMilli(run, prompt, lvaWillRun));
  if ((await reserve(run.ctx, run.task.projectId, run.taskId, units)) === 'insufficient') {
    throw new PipelineFailure(taskError('insufficient_funds', { units: fromMilliUnits(units).toString() }));
  }
}
