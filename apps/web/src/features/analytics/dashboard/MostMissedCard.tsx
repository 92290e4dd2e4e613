import {
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { DashboardResponse } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '../../../shared/components/SectionCard';
import { formatShare } from '../../../shared/format/analytics';

type MissedItem = DashboardResponse['data']['most_missed'][number];

/** The checklist items missed most often, each leading to the analyses that missed it. */
export function MostMissedCard({
  items,
  showPrompt,
  itemLink,
  reportLink,
}: {
  items: MissedItem[];
  /** Name the prompt of each item (the dashboard shows every prompt). */
  showPrompt: boolean;
  itemLink: (item: MissedItem) => string;
  reportLink: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <SectionCard
      title={t('analytics.dashboard.mostMissed')}
      link={{ to: reportLink, label: t('analytics.dashboard.openChecklist') }}
      testId="most-missed"
    >
      {items.length === 0 ? (
        <Typography color="textSecondary">{t('analytics.dashboard.noMissed')}</Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem key={`${item.prompt_id}:${item.path}`} disablePadding>
              <ListItemButton component={RouterLink} to={itemLink(item)} sx={{ px: 1, display: 'block' }}>
                <Stack
                  direction="row"
                  spacing={2}
                  sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
                >
                  <ListItemText
                    primary={item.label}
                    secondary={showPrompt ? item.prompt_name : undefined}
                    sx={{ my: 0.25 }}
                  />
                  <Typography sx={{ fontWeight: 600, color: 'error.main', whiteSpace: 'nowrap' }}>
                    {formatShare(item.miss_rate, i18n.language)}
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  color="error"
                  value={Math.min(100, item.miss_rate * 100)}
                  aria-hidden
                  sx={{ height: 6, borderRadius: 3 }}
                />
                <Typography variant="caption" color="textSecondary">
                  {t('analytics.dashboard.missedOf', { missed: item.missed, answered: item.answered })}
                </Typography>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
