import { monthRange, type TrackerStatsGroup, type TrackerStatsRow } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { type AnalyticsView, analysesLink, periodWithin } from '../../../shared/analytics/view';
import { formatPeriodShort } from '../../../shared/format/analytics';

/** A group's label: the representative or department ('(none)' for analyses without one), or the month. */
export function groupLabel(group: TrackerStatsGroup, key: string | null, t: TFunction, language: string) {
  if (key === null) return t('trackers.stats.none');
  return group === 'month' ? formatPeriodShort('month', `${key}-01`, language) : key;
}

/** A row's hit rate 0..1 (null without analyses). */
export const hitRate = (row: TrackerStatsRow) => (row.analyses > 0 ? row.hit / row.analyses : null);

/**
 * The analyses list of a row's hits: the tracker within the card's filters (date range, department,
 * representative) and the row's group — a month as its days within the range. A department or representative
 * left empty has no filter of the list, so that row links nowhere (null).
 */
export function hitsLink(
  projectId: number,
  view: AnalyticsView,
  group: TrackerStatsGroup,
  row: TrackerStatsRow,
): string | null {
  const { from, to, department, representative } = view;
  const filters = { from, to, department, representative, tracker_id: row.tracker_id };
  if (row.key === null) return null;
  if (group === 'month') {
    const month = monthRange(row.key.replace('-', ''));
    return month
      ? analysesLink(projectId, { ...filters, ...periodWithin(view, month.start, month.end) })
      : null;
  }
  return analysesLink(projectId, { ...filters, [group]: row.key });
}
