import {
  analysisUnitsMilli,
  audioSecondsWithin,
  audioUnitsMilli,
  fromMilliUnits,
  type MilliUnits,
  taskError,
} from '@parley/contracts';
import { isEmloConfigured } from '../../../ai/emlo.ts';
import { coverableUnits } from '../../billing/holds.ts';
import { holdPaidWork } from '../../billing/paid-job.ts';
import type { PromptSnapshot } from '../analysis.ts';
import { PipelineFailure } from '../failures.ts';
import { isAudio, type TaskRun } from '../task-run.ts';
import { contentUnitsMilli, lvaOption, promptUnitsMilli } from '../units.ts';

/**
 * Before paying providers: holds what this analysis will cost as far as it is known (with LVA when it
 * will run, with the chosen prompt once a classification has chosen one), or fails for lack of funds.
 */
export async function hold(run: TaskRun, prompt: PromptSnapshot): Promise<void> {
  await holdUnits(run, analysisUnitsMilli(contentUnitsMilli(run), heldPromptUnits(run, prompt)));
}

/** Before decoding: holds the price of the length a recording's header claims, or fails for lack of funds. */
export async function holdAudioLength(run: TaskRun, prompt: PromptSnapshot, seconds: number): Promise<void> {
  await holdUnits(run, audioPrice(run, prompt, seconds));
}

/** The seconds of audio this analysis could pay for now, beside other work's holds (null: no limit). */
export async function affordableAudioSeconds(run: TaskRun, prompt: PromptSnapshot): Promise<number | null> {
  const units = await coverableUnits(run.ctx, run.task.projectId, run.taskId);
  return units === null ? null : audioSecondsWithin(units, heldPromptUnits(run, prompt));
}

/** The failure of a recording of at least `seconds` that the project cannot pay for. */
export function tooLongToPay(run: TaskRun, prompt: PromptSnapshot, seconds: number): PipelineFailure {
  return insufficientFunds(audioPrice(run, prompt, seconds));
}

function heldPromptUnits(run: TaskRun, prompt: PromptSnapshot): MilliUnits {
  const lvaWillRun = isAudio(run) && lvaOption(run, prompt) !== 'none' && isEmloConfigured(run.ctx.config);
  return promptUnitsMilli(run, prompt, lvaWillRun);
}

const audioPrice = (run: TaskRun, prompt: PromptSnapshot, seconds: number) =>
  analysisUnitsMilli(audioUnitsMilli(seconds), heldPromptUnits(run, prompt));

async function holdUnits(run: TaskRun, units: MilliUnits): Promise<void> {
  const paid = { projectId: run.task.projectId, item: { taskId: run.taskId } };
  if (!(await run.ctx.db.transaction((tx) => holdPaidWork(tx, paid, units)))) throw insufficientFunds(units);
}

const insufficientFunds = (units: MilliUnits) =>
  new PipelineFailure(taskError('insufficient_funds', { units: fromMilliUnits(units).toString() }));
