/**
 * Billing units are exact: they are kept as integer thousandths ("milli-units") and only turned into a
 * decimal for display or JSON. 1 unit = 1 minute of audio or 1,000 characters of text (spec 2 §1).
 */
export const MILLI = 1000;

/** Milli-units from a decimal such as 1.2 or '0.5' (at most three decimals). */
export function toMilliUnits(units: number | string): number {
  const text = typeof units === 'number' ? units.toFixed(3) : units.trim();
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) throw new Error(`Not a unit amount: ${units}`);
  return Number(match[1]) * MILLI + Number((match[2] ?? '').padEnd(3, '0'));
}

/** The decimal value of milli-units, for display and JSON (1200 -> 1.2). */
export function fromMilliUnits(milli: number): number {
  return Number((milli / MILLI).toFixed(3));
}

/** Voice-analysis (LVA) options and their surcharge per unit (spec 1 §3, §9). */
export const LVA_OPTIONS = ['none', 'emlo', 'emlo-telesales', 'emlo-callrisk', 'emlo-pme'] as const;
export type LvaOption = (typeof LVA_OPTIONS)[number];
export const LVA_SURCHARGE_MILLI: Record<LvaOption, number> = {
  none: 0,
  emlo: 200,
  'emlo-telesales': 4000,
  'emlo-callrisk': 10000,
  'emlo-pme': 5000,
};

/** Units charged per unit of content by a prompt: the model's units plus the LVA surcharge (spec 1 §9). */
export function promptUnitsMilli(modelUnitsMilli: number, lva: LvaOption): number {
  return modelUnitsMilli + LVA_SURCHARGE_MILLI[lva];
}
