import {
  DEFAULT_MODEL_UNITS_MILLI,
  fromMilliUnits,
  LVA_SURCHARGE_MILLI,
  type LvaOption,
  type MilliUnits,
  type ModelInfo,
  promptUnitsMilli,
  toMilliUnits,
} from '@parley/contracts';
import { numberFormat } from '../../shared/format/numberFormat';

/** A model's units in milli-units; 1 unit when the model is unknown (spec 1 §9). */
export function modelUnitsMilli(model: ModelInfo | undefined): MilliUnits {
  if (!model) return DEFAULT_MODEL_UNITS_MILLI;
  try {
    return toMilliUnits(model.units);
  } catch {
    return DEFAULT_MODEL_UNITS_MILLI;
  }
}

export interface UnitsBreakdown {
  model: number;
  surcharge: number;
  total: number;
}

/** Units per unit of content, exact (spec 1 §9): model units + LVA surcharge, as decimals for display. */
export function unitsBreakdown(model: ModelInfo | undefined, lva: LvaOption): UnitsBreakdown {
  const modelMilli = modelUnitsMilli(model);
  const option: LvaOption = lva in LVA_SURCHARGE_MILLI ? lva : 'none';
  return {
    model: fromMilliUnits(modelMilli),
    surcharge: fromMilliUnits(LVA_SURCHARGE_MILLI[option]),
    total: fromMilliUnits(promptUnitsMilli(modelMilli, option)),
  };
}

export function formatNumber(value: number, language: string, maximumFractionDigits = 3): string {
  return numberFormat(language, { maximumFractionDigits }).format(value);
}
