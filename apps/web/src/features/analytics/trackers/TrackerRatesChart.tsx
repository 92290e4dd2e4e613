import { BarChart } from '@mui/x-charts/BarChart';
import type { TrackerStatsGroup, TrackerStatsRow } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatShare } from '../../../shared/format/analytics';
import { chartHeight, MAX_BARS } from '../explorer/chartSize';
import { groupLabel, hitRate } from './model';

/** The groups of the rows, in their order (people beyond MAX_BARS left out: the table lists them all). */
export function chartGroups(group: TrackerStatsGroup, rows: readonly TrackerStatsRow[]): (string | null)[] {
  const keys = [...new Set(rows.map((row) => row.key))];
  return group === 'month' ? keys : keys.slice(0, MAX_BARS);
}

/**
 * The hit rate of each group as bars, one series per tracker: people as horizontal bars, months left to right.
 * Loaded lazily.
 */
export default function TrackerRatesChart({
  group,
  rows,
  names,
}: {
  group: TrackerStatsGroup;
  rows: TrackerStatsRow[];
  /** The trackers' names by id. */
  names: ReadonlyMap<number, string>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const keys = chartGroups(group, rows);
  const band = { scaleType: 'band' as const, data: keys.map((key) => groupLabel(group, key, t, language)) };
  const rateAxis = { min: 0, max: 1, valueFormatter: (value: number) => formatShare(value, language) };
  const month = group === 'month';
  const trackers = [...new Set(rows.map((row) => row.tracker_id))];
  return (
    <BarChart
      height={chartHeight(group, keys.length * Math.max(1, Math.ceil(trackers.length / 2)))}
      layout={month ? 'vertical' : 'horizontal'}
      {...(month
        ? { xAxis: [band], yAxis: [{ width: 56, ...rateAxis }] }
        : { yAxis: [{ ...band, width: 140 }], xAxis: [rateAxis] })}
      series={trackers.map((trackerId) => ({
        label: names.get(trackerId) ?? `#${trackerId}`,
        data: keys.map((key) => {
          const row = rows.find((entry) => entry.tracker_id === trackerId && entry.key === key);
          return row ? hitRate(row) : null;
        }),
        valueFormatter: (value: number | null) => formatShare(value, language),
      }))}
      grid={month ? { horizontal: true } : { vertical: true }}
      hideLegend={trackers.length < 2}
      margin={{ left: 8, right: 32, top: 8, bottom: 8 }}
    />
  );
}
