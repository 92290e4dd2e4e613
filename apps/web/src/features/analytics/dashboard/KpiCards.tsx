import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import type { DashboardResponse } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatAverage, formatCount, formatShare, formatUnitsMilli } from '../../../shared/format/analytics';
import { ChangeIndicator } from './ChangeIndicator';

type Dashboard = DashboardResponse['data'];

function KpiCard({
  label,
  value,
  to,
  testId,
  children,
}: {
  label: string;
  value: string;
  to: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }} data-testid={testId}>
        <CardContent>
          <Typography variant="overline" color="textSecondary" component="h2" sx={{ lineHeight: 1.6 }}>
            {label}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600, my: 0.5 }} data-testid="kpi-value">
            {value}
          </Typography>
          {children}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The period's headline figures, each compared with the period before and linking to its analyses. */
export function KpiCards({ data, listLink }: { data: Dashboard; listLink: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { analyses, average_score: score, pass_rate: passRate, units_used_milli: units } = data;
  const count = (value: number | null) => (value === null ? '—' : formatCount(value, language));
  const cards = [
    {
      key: 'analyses',
      value: count(analyses.current),
      change: (
        <ChangeIndicator
          {...analyses}
          mode="relative"
          tone="neutral"
          previousText={count(analyses.previous)}
        />
      ),
    },
    {
      key: 'averageScore',
      value: formatAverage(score.current, language),
      change: (
        <ChangeIndicator
          {...score}
          mode="points"
          tone="upIsGood"
          comparable={data.previous !== null}
          previousText={formatAverage(score.previous, language)}
        />
      ),
    },
    {
      key: 'passRate',
      value: formatShare(passRate.current, language),
      change: (
        <ChangeIndicator
          {...passRate}
          mode="pp"
          tone="upIsGood"
          comparable={data.previous !== null}
          previousText={formatShare(passRate.previous, language)}
        />
      ),
      // The conversations a knockout answer failed (their checklists count as missed in the pass rate).
      more: data.knockouts?.current ? (
        <Typography variant="body2" color="error" data-testid="kpi-knockouts" sx={{ mt: 0.5 }}>
          {t('analytics.kpi.knockouts', { count: data.knockouts.current })}
        </Typography>
      ) : null,
    },
    {
      key: 'unitsUsed',
      value: formatUnitsMilli(units.current, language),
      change: (
        <ChangeIndicator
          {...units}
          mode="relative"
          tone="neutral"
          previousText={formatUnitsMilli(units.previous, language)}
        />
      ),
    },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {cards.map((card) => (
        <Grid key={card.key} size={{ xs: 12, sm: 6, lg: 3 }}>
          <KpiCard
            label={t(`analytics.kpi.${card.key}`)}
            value={card.value}
            to={listLink}
            testId={`kpi-${card.key}`}
          >
            {card.change}
            {'more' in card ? card.more : null}
          </KpiCard>
        </Grid>
      ))}
    </Grid>
  );
}
