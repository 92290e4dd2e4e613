import { useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { formatPeriodShort, formatShare } from '../../../shared/format/analytics';
import { lineMarks } from '../lineMarks';

/** The share of a field's AI values that reviewers changed, by month. Loaded lazily. */
export default function CalibrationChart({
  months,
  height,
}: {
  months: Array<{ month: string; share: number | null }>;
  height: number;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const shares = months.map((point) => point.share);
  return (
    <LineChart
      height={height}
      xAxis={[
        {
          scaleType: 'point',
          data: months.map((point) => formatPeriodShort('month', `${point.month}-01`, i18n.language)),
        },
      ]}
      yAxis={[{ width: 48, min: 0, valueFormatter: (value: number) => formatShare(value, i18n.language) }]}
      series={[
        {
          data: shares,
          showMark: lineMarks(shares),
          label: t('analytics.calibration.changedShare'),
          color: theme.palette.warning.main,
          valueFormatter: (value) => formatShare(value, i18n.language),
        },
      ]}
      grid={{ horizontal: true }}
      hideLegend
      margin={{ left: 8, right: 32, top: 8, bottom: 8 }}
    />
  );
}
