import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { MonthlySummary } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMonthShort, monthOf, monthRange } from '../../shared/format/money';

/**
 * Credits vs debits per month over the whole range (months without transactions show as 0), oldest month
 * on the left. Loaded lazily (x-charts is large).
 */
export default function SummaryChart({
  months,
  range,
  currency,
  timeZone,
}: {
  months: MonthlySummary['months'];
  range: number;
  currency: string;
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const byPeriod = new Map(months.map((month) => [month.period, month]));
  const newest = [monthOf(new Date(), timeZone), ...months.map((month) => month.period)].sort().at(-1)!;
  const ordered = monthRange(newest, range).map(
    (period) => byPeriod.get(period) ?? { period, total_credit: 0, total_debit: 0 },
  );
  const money = (value: number | null) => (value === null ? '' : formatMoney(value, currency, i18n.language));
  return (
    <BarChart
      height={260}
      xAxis={[
        {
          scaleType: 'band',
          data: ordered.map((month) => formatMonthShort(month.period, i18n.language)),
        },
      ]}
      yAxis={[{ width: 64 }]}
      series={[
        {
          data: ordered.map((month) => month.total_credit),
          label: t('billing.summaries.credits'),
          color: theme.palette.success.main,
          valueFormatter: money,
        },
        {
          data: ordered.map((month) => month.total_debit),
          label: t('billing.summaries.debits'),
          color: theme.palette.error.main,
          valueFormatter: money,
        },
      ]}
      margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
    />
  );
}
