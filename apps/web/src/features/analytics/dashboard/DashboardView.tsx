import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Button, Grid } from '@mui/material';
import type { DashboardResponse } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import {
  type AnalyticsView,
  analysesLink,
  analyticsPageLink,
  listFilters,
  periodWithin,
} from '../../../shared/analytics/view';
import { EmptyState } from '../../../shared/components/States';
import { KpiCards } from './KpiCards';
import { MostMissedCard } from './MostMissedCard';
import { RecentCard } from './RecentCard';
import { RepresentativesCard } from './RepresentativesCard';
import { TrendCard } from './TrendCard';

/** The dashboard's figures for a view; every figure links to the analyses behind it. */
export function DashboardView({
  data,
  view,
  projectId,
  timeZone,
  onAllTime,
}: {
  data: DashboardResponse['data'];
  view: AnalyticsView;
  projectId: number;
  timeZone: string;
  onAllTime: () => void;
}) {
  const { t } = useTranslation();
  // The dashboard counts completed analyses: its links show those.
  const list = (more = {}) => analysesLink(projectId, listFilters(view, { status: 'completed', ...more }));
  const ranged = Boolean(view.from || view.to);

  return (
    <>
      <KpiCards data={data} listLink={list()} />
      {data.analyses.current === 0 ? (
        <EmptyState
          icon={<EventBusyIcon />}
          title={t('analytics.dashboard.emptyPeriod')}
          description={t('analytics.dashboard.emptyPeriodDescription')}
          action={
            ranged ? (
              <Button variant="outlined" onClick={onAllTime}>
                {t('analytics.dashboard.allTime')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 8 }}>
            <TrendCard
              trend={data.trend}
              periodLink={(start, end) => list(periodWithin(view, start, end))}
              analyticsLink={analyticsPageLink(projectId, 'analytics', view)}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <MostMissedCard
              items={data.most_missed}
              showPrompt={!view.prompt_id}
              itemLink={(item) =>
                analysesLink(
                  projectId,
                  listFilters(view, { prompt_id: item.prompt_id, field: item.path, field_outcome: 'missed' }),
                )
              }
              reportLink={analyticsPageLink(projectId, 'analytics/checklist-report', {
                ...view,
                prompt_id: view.prompt_id ?? data.most_missed[0]?.prompt_id,
              })}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <RepresentativesCard
              top={data.top_representatives}
              bottom={data.bottom_representatives}
              repLink={(representative) => list({ representative })}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <RecentCard items={data.recent} projectId={projectId} timeZone={timeZone} listLink={list()} />
          </Grid>
        </Grid>
      )}
    </>
  );
}
