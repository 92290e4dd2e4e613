import { AI_PROGRESS, TIMINGS } from '@parley/contracts';

export interface AiProgressState {
  /** 0-based index of the current step. */
  step: number;
  /** Bar value, 0-100. */
  value: number;
}

export const AI_PROGRESS_INITIAL: AiProgressState = { step: 0, value: AI_PROGRESS.start };

const lastStep = TIMINGS.aiProgressSteps - 1;
const increment = (AI_PROGRESS.max - AI_PROGRESS.start) / lastStep;

/**
 * One 3 s tick of the simulated progress (spec 1 §4): the next step with the bar rising evenly from 10 to
 * 90; after the last step the bar holds at 95 until the server answers.
 */
export function nextAiProgress(state: AiProgressState): AiProgressState {
  if (state.step < lastStep) {
    const step = state.step + 1;
    return { step, value: Math.round(AI_PROGRESS.start + increment * step) };
  }
  return { step: lastStep, value: AI_PROGRESS.waiting };
}

export const AI_PROGRESS_DONE: AiProgressState = { step: lastStep, value: AI_PROGRESS.done };
