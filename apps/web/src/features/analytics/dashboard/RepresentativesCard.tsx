import { Grid, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { DashboardResponse } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '../../../shared/components/SectionCard';
import { formatAverage } from '../../../shared/format/analytics';

type Rep = DashboardResponse['data']['top_representatives'][number];

function RepList({
  title,
  reps,
  repLink,
  testId,
}: {
  title: string;
  reps: Rep[];
  repLink: (representative: string) => string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Typography variant="subtitle2" component="h3" color="textSecondary">
        {title}
      </Typography>
      <List dense disablePadding data-testid={testId}>
        {reps.map((rep) => (
          <ListItem key={rep.representative} disablePadding>
            <ListItemButton component={RouterLink} to={repLink(rep.representative)} sx={{ px: 1 }}>
              <ListItemText
                primary={rep.representative}
                secondary={t('analytics.analysesCount', { count: rep.analyses })}
              />
              <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatAverage(rep.average_score, i18n.language)}
              </Typography>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** The best and the weakest average final scores (representatives with a few analyses at least). */
export function RepresentativesCard({
  top,
  bottom,
  repLink,
}: {
  top: Rep[];
  bottom: Rep[];
  repLink: (representative: string) => string;
}) {
  const { t } = useTranslation();
  // With few representatives both lists hold the same people: each is shown once, where they rank.
  const topNames = new Set(top.map((rep) => rep.representative));
  const weakest = bottom.filter((rep) => !topNames.has(rep.representative));
  return (
    <SectionCard title={t('analytics.dashboard.representatives')} testId="representatives">
      {top.length === 0 ? (
        <Typography color="textSecondary">{t('analytics.dashboard.noRepresentatives')}</Typography>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: weakest.length > 0 ? 6 : 12 }}>
            <RepList
              title={t('analytics.dashboard.top')}
              reps={top}
              repLink={repLink}
              testId="top-representatives"
            />
          </Grid>
          {weakest.length > 0 ? (
            <Grid size={{ xs: 12, sm: 6 }}>
              <RepList
                title={t('analytics.dashboard.bottom')}
                reps={weakest}
                repLink={repLink}
                testId="bottom-representatives"
              />
            </Grid>
          ) : null}
        </Grid>
      )}
    </SectionCard>
  );
}
