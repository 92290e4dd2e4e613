import {
  audioUnitsMilliFromSamples,
  LVA_SURCHARGE_MILLI,
  type LvaOption,
  type MilliUnits,
  milliUnits,
  textUnitsMilli,
} from '@parley/contracts';
import type { PromptSnapshot } from './analysis.ts';
import { modelTranslates } from './stages/translation.ts';
import type { TaskRun } from './task-run.ts';

/** Units of content: decoded audio seconds (per second) or characters of text. */
export function contentUnitsMilli(run: TaskRun): MilliUnits {
  const media = run.state.media!;
  return media.kind === 'audio'
    ? audioUnitsMilliFromSamples(media.frames, media.sampleRate)
    : textUnitsMilli(media.characters);
}

/** The LVA option that applies: the task's prompt's, else (classification) the chosen prompt's. */
export function lvaOption(run: TaskRun, prompt: PromptSnapshot): LvaOption {
  if (prompt.LVA !== 'none') return prompt.LVA;
  return run.chosenPrompt?.LVA ?? 'none';
}

/**
 * Prompt units: model units of every call over the conversation (each prompt that analysed, the prompt's
 * model again when it translated the transcript), plus the LVA surcharge when LVA ran.
 */
export function promptUnitsMilli(run: TaskRun, prompt: PromptSnapshot, lvaRan: boolean): MilliUnits {
  const modelUnits = (p: PromptSnapshot) => Math.max(0, p.unitsMilli - LVA_SURCHARGE_MILLI[p.LVA]);
  const target = run.chosenPrompt;
  return milliUnits(
    modelUnits(prompt) +
      (modelTranslates(run, prompt) ? modelUnits(prompt) : 0) +
      (target ? modelUnits(target) : 0) +
      (lvaRan ? LVA_SURCHARGE_MILLI[lvaOption(run, prompt)] : 0),
  );
}
