import { Box, Card, CardContent } from '@mui/material';
import type { ExplorerGroup, ExplorerResponse } from '@parley/contracts';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsView } from '../../../shared/analytics/view';
import { LazyChart } from '../LazyChart';
import { chartHeight } from './chartSize';
import { valueColumns } from './columns';
import { ExplorerTable } from './ExplorerTable';

const ExplorerChart = lazy(() => import('./ExplorerChart'));

/** The explored field: its chart above, the table of figures below. */
export function ExplorerResult({
  data,
  group,
  projectId,
  view,
}: {
  data: ExplorerResponse['data'];
  group: ExplorerGroup;
  projectId: number;
  view: AnalyticsView;
}) {
  const { t, i18n } = useTranslation();
  const { field, groups, total } = data;
  return (
    <Card variant="outlined">
      <CardContent>
        <LazyChart height={chartHeight(group, groups.length)}>
          <Box sx={{ mb: 2 }} data-testid="explorer-chart">
            <ExplorerChart field={field} group={group} groups={groups} total={total} />
          </Box>
        </LazyChart>
        <ExplorerTable
          projectId={projectId}
          view={view}
          field={field}
          group={group}
          columns={valueColumns(field, total, t, i18n.language)}
          groups={groups}
          total={total}
        />
      </CardContent>
    </Card>
  );
}
