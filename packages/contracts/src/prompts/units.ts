import { type MilliUnits, milliUnits } from '../billing/units.ts';

/** Voice-analysis (LVA) options and their surcharge per unit (spec 1 §3, §9). */
export const LVA_OPTIONS = ['none', 'emlo', 'emlo-telesales', 'emlo-callrisk', 'emlo-pme'] as const;
export type LvaOption = (typeof LVA_OPTIONS)[number];
export const LVA_SURCHARGE_MILLI: Record<LvaOption, MilliUnits> = {
  none: milliUnits(0),
  emlo: milliUnits(200),
  'emlo-telesales': milliUnits(4000),
  'emlo-callrisk': milliUnits(10000),
  'emlo-pme': milliUnits(5000),
};

/** Units charged per unit of content by a prompt: the model's units plus the LVA surcharge (spec 1 §9). */
export function promptUnitsMilli(modelUnitsMilli: MilliUnits, lva: LvaOption): MilliUnits {
  return milliUnits(modelUnitsMilli + LVA_SURCHARGE_MILLI[lva]);
}
