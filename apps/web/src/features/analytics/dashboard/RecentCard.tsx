import { List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { DashboardResponse } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { analysisPath } from '../../../shared/api/analyses';
import { SectionCard } from '../../../shared/components/SectionCard';
import { formatAverage } from '../../../shared/format/analytics';
import { formatDateTime } from '../../../shared/utils/displayDates';

type Recent = DashboardResponse['data']['recent'][number];

/** The latest analyses of the period, each opening its analysis. */
export function RecentCard({
  items,
  projectId,
  timeZone,
  listLink,
}: {
  items: Recent[];
  projectId: number;
  timeZone: string;
  listLink: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <SectionCard
      title={t('analytics.dashboard.recent')}
      link={{ to: listLink, label: t('analytics.dashboard.viewAll') }}
      testId="recent-analyses"
    >
      <List dense disablePadding>
        {items.map((item) => {
          const details = [
            item.representative,
            item.prompt_name,
            formatDateTime(item.conversation_at, i18n.language, timeZone),
          ];
          return (
            <ListItem key={item.id} disablePadding>
              <ListItemButton component={RouterLink} to={analysisPath(projectId, item.id)} sx={{ px: 1 }}>
                <ListItemText
                  primary={item.title || t('analyses.list.untitled', { id: item.id })}
                  secondary={details.filter(Boolean).join(' · ')}
                  slotProps={{ primary: { noWrap: true } }}
                  sx={{ minWidth: 0 }}
                />
                <Typography sx={{ fontWeight: 600, ml: 2, fontVariantNumeric: 'tabular-nums' }}>
                  {formatAverage(item.final_score, i18n.language)}
                </Typography>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </SectionCard>
  );
}
