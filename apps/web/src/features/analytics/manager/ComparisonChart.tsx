import { useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ManagerFigures } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatAverage, formatShare } from '../../../shared/format/analytics';
import { lineMarks } from '../lineMarks';
import { figureOf, type ItemMeasure, isRate, type Measure } from './model';

/**
 * The team's average score per period (left axis) and one item's figure (right axis: a pass rate or a mean
 * score), oldest period first. Loaded lazily.
 */
export default function ComparisonChart({
  height,
  labels,
  team,
  item,
}: {
  height: number;
  labels: string[];
  team: ManagerFigures;
  item: ItemMeasure | null;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = i18n.language;
  const average: Measure = { kind: 'average', key: 'average' };
  const rate = item !== null && isRate(item);
  const itemFormat = (value: number | null) =>
    rate ? formatShare(value, language) : formatAverage(value, language);
  const periods = labels.map((_, period) => period);
  const averages = periods.map((period) => figureOf(average, team, period).value);
  const itemValues = item ? periods.map((period) => figureOf(item, team, period).value) : [];
  return (
    <LineChart
      height={height}
      xAxis={[{ scaleType: 'point', data: labels }]}
      yAxis={[
        // From 0, so that a small change looks small (and one value alone still has an axis).
        { id: 'score', width: 48, min: 0, valueFormatter: (value: number) => formatAverage(value, language) },
        ...(item
          ? [
              {
                id: 'item',
                position: 'right' as const,
                width: 56,
                // A pass rate's highest is 1, a mark's the highest mark; numbers have none.
                min: 0,
                max: item.item.max ?? undefined,
                valueFormatter: (value: number) => itemFormat(value),
              },
            ]
          : []),
      ]}
      series={[
        {
          data: averages,
          showMark: lineMarks(averages),
          label: t('manager.chart.averageScore'),
          yAxisId: 'score',
          color: theme.palette.primary.main,
          valueFormatter: (value) => formatAverage(value, language),
        },
        ...(item
          ? [
              {
                data: itemValues,
                showMark: lineMarks(itemValues),
                label: item.item.label,
                yAxisId: 'item',
                color: theme.palette.secondary.main,
                valueFormatter: (value: number | null) => itemFormat(value),
              },
            ]
          : []),
      ]}
      grid={{ horizontal: true }}
      margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
    />
  );
}
