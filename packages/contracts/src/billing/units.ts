/**
 * Billing units are exact: they are kept as integer thousandths ("milli-units") and only turned into a
 * decimal for display or JSON. 1 unit = 1 minute of audio or 1,000 characters of text (spec 2 §1).
 */
export const MILLI = 1000;
/** The most units a request may name (a plan's included units, a balance check): safe as milli-units. */
export const MAX_UNITS = 1_000_000_000;

/**
 * An amount of units in milli-units. A plain number is not one: it comes from milliUnits (a count of
 * milli-units, checked), toMilliUnits (a decimal amount of units) or the unit arithmetic below, so that
 * "1" meaning one unit can never be passed where 1 milli-unit is read.
 */
export type MilliUnits = number & { readonly __brand: 'MilliUnits' };

/** A whole, non-negative number of milli-units (throws otherwise). */
export function milliUnits(value: number): MilliUnits {
  wholeNonNegative(value, 'Milli-units');
  return value as MilliUnits;
}

/** Milli-units from a decimal such as 1.2 or '0.5' (at most three decimals). */
export function toMilliUnits(units: number | string): MilliUnits {
  const text = typeof units === 'number' ? units.toFixed(3) : units.trim();
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) throw new Error(`Not a unit amount: ${units}`);
  return milliUnits(Number(match[1]) * MILLI + Number((match[2] ?? '').padEnd(3, '0')));
}

/** The decimal value of milli-units, for display and JSON (1200 -> 1.2). */
export function fromMilliUnits(milli: number): number {
  return Number((milli / MILLI).toFixed(3));
}

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
export function audioUnitsMilli(seconds: number): MilliUnits {
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`Bad duration: ${seconds}`);
  return wholeSecondsUnitsMilli(Math.ceil(Math.round(seconds * 1_000_000) / 1_000_000));
}

/** Units of audio from the decoded sample count, exactly (no float at all). */
export function audioUnitsMilliFromSamples(samples: number, sampleRate: number): MilliUnits {
  wholeNonNegative(samples, 'samples');
  if (!Number.isSafeInteger(sampleRate) || sampleRate <= 0) throw new Error(`Bad sample rate: ${sampleRate}`);
  return wholeSecondsUnitsMilli(Number(ceilDiv(BigInt(samples), BigInt(sampleRate))));
}

function wholeSecondsUnitsMilli(seconds: number): MilliUnits {
  wholeNonNegative(seconds, 'seconds');
  return milliUnits(Number(ceilDiv(BigInt(seconds) * BigInt(MILLI), BigInt(SECONDS_PER_UNIT))));
}

/** Units of text: 1,000 characters are one unit, so one character is exactly one milli-unit. */
export function textUnitsMilli(characters: number): MilliUnits {
  wholeNonNegative(characters, 'characters');
  return milliUnits((characters * MILLI) / CHARACTERS_PER_UNIT);
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
export function analysisUnitsMilli(contentUnitsMilli: MilliUnits, promptUnitsMilli: MilliUnits): MilliUnits {
  const milli = ceilDiv(BigInt(contentUnitsMilli) * BigInt(promptUnitsMilli), BigInt(MILLI));
  if (milli > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('Units out of range');
  return milliUnits(Number(milli));
}

/**
 * The longest audio, in whole seconds, whose analysis at `promptUnitsMilli` costs at most `unitsMilli`
 * (the inverse of audioUnitsMilli and analysisUnitsMilli, roundings included); null when the prompt costs
 * nothing, so no length is too long.
 */
export function audioSecondsWithin(unitsMilli: MilliUnits, promptUnitsMilli: MilliUnits): number | null {
  if (promptUnitsMilli === 0) return null;
  const contentMilli = (BigInt(unitsMilli) * BigInt(MILLI)) / BigInt(promptUnitsMilli);
  return Number((contentMilli * BigInt(SECONDS_PER_UNIT)) / BigInt(MILLI));
}
