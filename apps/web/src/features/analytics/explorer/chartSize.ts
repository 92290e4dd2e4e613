import type { ExplorerGroup } from '@parley/contracts';
import { isTimeGroup } from './columns';

/** People beyond this many are left out of the chart (the table lists them all). */
export const MAX_BARS = 40;
const BAR_SIZE = 28;

/** The height of the explorer's chart: people, as horizontal bars, get room for each name. */
export function chartHeight(group: ExplorerGroup, groups: number): number {
  return isTimeGroup(group) ? 280 : Math.max(200, Math.min(groups, MAX_BARS) * BAR_SIZE + 60);
}
