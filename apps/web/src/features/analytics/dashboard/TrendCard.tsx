import { Box, Typography } from '@mui/material';
import { addDays, type DashboardResponse, monthRange } from '@parley/contracts';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SectionCard } from '../../../shared/components/SectionCard';
import { LazyChart } from '../LazyChart';

const ScoreTrendChart = lazy(() => import('./ScoreTrendChart'));
const TREND_HEIGHT = 260;

type Trend = DashboardResponse['data']['trend'];

/** The last day of a trend point's period. */
export function periodEnd(granularity: Trend['granularity'], point: Trend['points'][number]): string {
  if (granularity === 'week') return addDays(point.start, 6) ?? point.start;
  if (granularity === 'month') return monthRange(point.period)?.end ?? point.start;
  return point.start;
}

/** The average final score over the period, per day, week or month. */
export function TrendCard({
  trend,
  periodLink,
  analyticsLink,
}: {
  trend: Trend;
  /** The analyses of a period (its first and last day). */
  periodLink: (start: string, end: string) => string;
  analyticsLink: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scored = trend.points.some((point) => point.average_score !== null);
  const open = (index: number) => {
    const point = trend.points[index];
    if (point) navigate(periodLink(point.start, periodEnd(trend.granularity, point)));
  };
  return (
    <SectionCard
      title={t('analytics.dashboard.trend')}
      subtitle={t(`analytics.dashboard.per.${trend.granularity}`)}
      link={{ to: analyticsLink, label: t('analytics.dashboard.openExplorer') }}
      testId="score-trend"
    >
      {scored ? (
        <>
          <LazyChart height={TREND_HEIGHT}>
            <ScoreTrendChart trend={trend} height={TREND_HEIGHT} onOpen={open} />
          </LazyChart>
          <Typography variant="caption" color="textSecondary">
            {t('analytics.dashboard.trendHint')}
          </Typography>
        </>
      ) : (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="textSecondary">{t('analytics.dashboard.noScores')}</Typography>
        </Box>
      )}
    </SectionCard>
  );
}
