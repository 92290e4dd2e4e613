import { useTheme } from '@mui/material';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { DashboardResponse } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatAverage, formatPeriodShort } from '../../../shared/format/analytics';
import { lineMarks } from '../lineMarks';

type Trend = DashboardResponse['data']['trend'];

/** The average final score per day, week or month; a click opens that period's analyses. Loaded lazily. */
export default function ScoreTrendChart({
  trend,
  height,
  onOpen,
}: {
  trend: Trend;
  height: number;
  onOpen: (index: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const scores = trend.points.map((point) => point.average_score);
  return (
    <LineChart
      height={height}
      xAxis={[
        {
          scaleType: 'point',
          data: trend.points.map((point) => formatPeriodShort(trend.granularity, point.start, i18n.language)),
        },
      ]}
      yAxis={[{ width: 48 }]}
      series={[
        {
          data: scores,
          label: t('analytics.kpi.averageScore'),
          area: true,
          color: theme.palette.primary.main,
          showMark: lineMarks(scores),
          valueFormatter: (value) => formatAverage(value, i18n.language),
        },
      ]}
      grid={{ horizontal: true }}
      hideLegend
      onAxisClick={(_event, data) => {
        if (data) onOpen(data.dataIndex);
      }}
      sx={{ cursor: 'pointer', [`& .${lineClasses.area}`]: { fillOpacity: 0.15 } }}
      margin={{ left: 8, right: 32, top: 8, bottom: 8 }}
    />
  );
}
