import { type MilliUnits, milliUnits, toMilliUnits } from '../billing/index.ts';
import { TOPICS } from './api.ts';

/** The price of a topic run: TOPICS.baseUnits times its model's units. */
export function topicRunUnitsMilli(modelUnits: number): MilliUnits {
  return milliUnits(TOPICS.baseUnits * toMilliUnits(modelUnits));
}

/** Change in percent from the period before (rounded to one decimal), null when it had none. */
export function changePercent(count: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((count - previous) / previous) * 1000) / 10;
}
