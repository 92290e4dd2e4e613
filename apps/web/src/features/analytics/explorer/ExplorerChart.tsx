import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { AnalyticsField, ExplorerGroup, ExplorerGroupRow } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { fieldKind, formatAverage, formatPeriodShort, formatShare } from '../../../shared/format/analytics';
import { lineMarks } from '../lineMarks';
import { chartHeight, MAX_BARS } from './chartSize';
import { isTimeGroup, topValues } from './columns';

/**
 * A chart that fits the field: pass rate bars for yes/no items, a mean score trend over time (bars per
 * person), stacked counts of each value for categories. People are horizontal bars, time runs left to right.
 * Loaded lazily.
 */
export default function ExplorerChart({
  field,
  group,
  groups,
  total,
}: {
  field: AnalyticsField;
  group: ExplorerGroup;
  groups: ExplorerGroupRow[];
  total: ExplorerGroupRow;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = i18n.language;
  const time = isTimeGroup(group);
  const rows = time ? groups : groups.slice(0, MAX_BARS);
  const labels = rows.map((row) =>
    time && row.start
      ? formatPeriodShort(group as 'day' | 'week' | 'month', row.start, language)
      : (row.key ?? t('analytics.explorer.none')),
  );
  const height = chartHeight(group, rows.length);
  const kind = fieldKind(field.type);
  const margin = { left: 8, right: 32, top: 8, bottom: 8 };
  const band = { scaleType: 'band' as const, data: labels };
  const layout = time ? ('vertical' as const) : ('horizontal' as const);
  const checklist = kind === 'checklist';
  const valueAxis = checklist
    ? { min: 0, max: 1, valueFormatter: (value: number) => formatShare(value, language) }
    : {};
  const axes = time
    ? { xAxis: [band], yAxis: [{ width: 56, ...valueAxis }] }
    : { yAxis: [{ ...band, width: 140 }], xAxis: [valueAxis] };

  if (kind === 'score' && time) {
    const averages = rows.map((row) => row.average);
    return (
      <LineChart
        height={height}
        xAxis={[{ scaleType: 'point', data: labels }]}
        yAxis={[{ width: 48 }]}
        series={[
          {
            data: averages,
            showMark: lineMarks(averages),
            label: t('analytics.explorer.average'),
            area: true,
            color: theme.palette.primary.main,
            valueFormatter: (value) => formatAverage(value, language),
          },
        ]}
        grid={{ horizontal: true }}
        hideLegend
        sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.15 } }}
        margin={margin}
      />
    );
  }
  if (kind === 'category') {
    const values = topValues(total);
    return (
      <BarChart
        height={height}
        layout={layout}
        {...axes}
        series={values.map((value) => ({
          data: rows.map((row) => row.values.find((entry) => entry.value === value)?.count ?? 0),
          label: value,
          stack: 'values',
        }))}
        margin={margin}
      />
    );
  }
  return (
    <BarChart
      height={height}
      layout={layout}
      {...axes}
      series={[
        {
          data: rows.map((row) => row.average),
          label: checklist ? t('analytics.explorer.passRate') : t('analytics.explorer.average'),
          color: checklist ? theme.palette.success.main : theme.palette.primary.main,
          valueFormatter: (value) =>
            checklist ? formatShare(value, language) : formatAverage(value, language),
        },
      ]}
      grid={time ? { horizontal: true } : { vertical: true }}
      hideLegend
      margin={margin}
    />
  );
}
