import { MILLI } from '../prompts/units.ts';

/**
 * Units of content (spec 2 §1): one minute of audio or 1,000 characters of text is one unit. Units are
 * integer milli-units (see prompts/units.ts); every rounding goes up to the next milli-unit, so nothing is
 * given away by rounding and nothing is charged twice for it.
 */
export const SECONDS_PER_UNIT = 60;
export const CHARACTERS_PER_UNIT = 1000;

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

function wholeNonNegative(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${what} must be a whole number >= 0: ${value}`);
}

/**
 * Units of audio, billed per second: the decoded duration is rounded up to whole seconds, then
 * seconds / 60 in milli-units, rounded up (61 s -> 1017, 60 s -> 1000, 0.2 s -> 17).
 * Float noise below a microsecond is ignored (60.0000000001 s counts as 60 s).
 */
export function audioUnitsMilli(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`Bad duration: ${seconds}`);
  return wholeSecondsUnitsMilli(Math.ceil(Math.round(seconds * 1_000_000) / 1_000_000));
}

/** Units of audio from the decoded sample count, exactly (no float at all). */
export function audioUnitsMilliFromSamples(samples: number, sampleRate: number): number {
  wholeNonNegative(samples, 'samples');
  if (!Number.isSafeInteger(sampleRate) || sampleRate <= 0) throw new Error(`Bad sample rate: ${sampleRate}`);
  return wholeSecondsUnitsMilli(Number(ceilDiv(BigInt(samples), BigInt(sampleRate))));
}

function wholeSecondsUnitsMilli(seconds: number): number {
  wholeNonNegative(seconds, 'seconds');
  return Number(ceilDiv(BigInt(seconds) * BigInt(MILLI), BigInt(SECONDS_PER_UNIT)));
}

/** Units of text: 1,000 characters are one unit, so one character is exactly one milli-unit. */
export function textUnitsMilli(characters: number): number {
  wholeNonNegative(characters, 'characters');
  return (characters * MILLI) / CHARACTERS_PER_UNIT;
}

/** Characters of a text as a reader counts them: Unicode code points, not UTF-16 code units. */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * Units an analysis costs: the content's units x the prompt's units (model units + LVA surcharge, see
 * promptUnitsMilli), both in milli-units, rounded up to the next milli-unit.
 */
export function analysisUnitsMilli(contentUnitsMilli: number, promptUnitsMilli: number): number {
  wholeNonNegative(contentUnitsMilli, 'content units');
  wholeNonNegative(promptUnitsMilli, 'prompt units');
  const milli = ceilDiv(BigInt(contentUnitsMilli) * BigInt(promptUnitsMilli), BigInt(MILLI));
  if (milli > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('Units out of range');
  return Number(milli);
}
