import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import type { MonthlySummary, Project, SummaryMonths } from '@parley/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney, formatUnits } from '../../shared/format/money';
import { Stat } from './SummaryStats';

const SummaryChart = lazy(() => import('./SummaryChart'));

/** Charts measure their container with ResizeObserver; without it (old browsers, jsdom) skip the chart. */
const canChart = () => typeof window !== 'undefined' && typeof window.ResizeObserver === 'function';

/** Totals over the chosen range, with the credits vs debits chart. */
export function SummaryTotalsCard({
  summary,
  months,
  currency,
  timeZone,
}: {
  summary: MonthlySummary;
  months: SummaryMonths;
  currency: string;
  timeZone: Project['timezone'];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { total_summary: total, months: entries } = summary;
  return (
    <Card data-testid="summary-totals">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('billing.summaries.totalsTitle', { months })}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Stat
              label={t('billing.summaries.totalCredits')}
              value={formatMoney(total.total_credit, currency, language)}
              detail={t('billing.summaries.deposits', {
                number: formatCount(total.credit_count, language),
              })}
              color="success.main"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Stat
              label={t('billing.summaries.totalDebits')}
              value={formatMoney(total.total_debit, currency, language)}
              detail={t('billing.summaries.charges', {
                number: formatCount(total.debit_count, language),
              })}
              color="error.main"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Stat
              label={t('billing.summaries.unitsUsed')}
              value={formatUnits(total.total_minutes, language)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <Stat
              label={t('billing.summaries.freeUnits')}
              value={formatUnits(total.free_minutes, language)}
            />
          </Grid>
        </Grid>
        {entries.length > 0 && canChart() ? (
          <Box sx={{ mt: 3 }} data-testid="summary-chart">
            <Typography variant="subtitle2" component="h3">
              {t('billing.summaries.chartTitle')}
            </Typography>
            <Suspense fallback={<Box sx={{ height: 260 }} />}>
              <SummaryChart months={entries} range={months} currency={currency} timeZone={timeZone} />
            </Suspense>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
