import type { DashboardPeriod } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { formatDayRange } from '../../../shared/format/analytics';

/**
 * A period's name: 'Current week', 'Previous month', 'Yesterday', '3 weeks ago' for a calendar period,
 * its dates for one picked by hand.
 */
export function periodLabel(period: DashboardPeriod, t: TFunction, language: string): string {
  const { label } = period;
  if (label.kind === 'custom') return formatDayRange(period.start, period.end, language);
  if (label.back === 0) return t(`manager.labels.${label.unit}.current`);
  if (label.back === 1) return t(`manager.labels.${label.unit}.previous`);
  return t(`manager.labels.${label.unit}.ago`, { count: label.back });
}

/** A calendar period's dates beneath its name; none for a period named by its dates already. */
export function periodDates(period: DashboardPeriod, language: string): string | null {
  return period.label.kind === 'custom' ? null : formatDayRange(period.start, period.end, language);
}
