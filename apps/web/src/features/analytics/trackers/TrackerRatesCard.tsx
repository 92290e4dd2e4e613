import { Box, Link, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { TRACKER_STATS_GROUPS, type TrackerStatsGroup, type TrackerStatsRow } from '@parley/contracts';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AnalyticsView, ParamChanges } from '../../../shared/analytics/view';
import { useTrackerStats, useTrackers } from '../../../shared/api/trackers';
import { type Column, DataTable, useQueryTableState } from '../../../shared/components/DataTable';
import { SectionCard } from '../../../shared/components/SectionCard';
import { formatCount, formatShare } from '../../../shared/format/analytics';
import { chartHeight } from '../explorer/chartSize';
import { LazyChart } from '../LazyChart';
import { groupLabel, hitRate, hitsLink } from './model';

const TrackerRatesChart = lazy(() => import('./TrackerRatesChart'));

/** The card's own URL parameters (beside the page's filters): the tracker shown and the grouping. */
export const TRACKER_PARAMS = { tracker: 'tracker_id', group: 'tracker_group_by' } as const;

const readGroup = (value: string | null): TrackerStatsGroup =>
  TRACKER_STATS_GROUPS.includes(value as TrackerStatsGroup) ? (value as TrackerStatsGroup) : 'representative';

/**
 * The analytics page's Trackers card (issue 38): how often conversations hit the project's trackers (one, or
 * all), per representative, department or month, within the page's date range, department and representative
 * (not its prompt: trackers look at every analysis). A bar chart of the hit rates and a table whose hit counts
 * open the analyses behind them. Shown once the project has trackers.
 */
export function TrackerRatesCard({
  projectId,
  view,
  params,
  update,
}: {
  projectId: number;
  view: AnalyticsView;
  params: URLSearchParams;
  update: (changes: ParamChanges) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trackers = useTrackers(projectId);
  const list = trackers.data ?? [];
  const requested = Number(params.get(TRACKER_PARAMS.tracker));
  const trackerId = list.some((tracker) => tracker.id === requested) ? requested : undefined;
  const group = readGroup(params.get(TRACKER_PARAMS.group));
  const stats = useTrackerStats(
    projectId,
    list.length > 0
      ? {
          from: view.from,
          to: view.to,
          department: view.department,
          representative: view.representative,
          tracker_id: trackerId,
          group_by: group,
        }
      : null,
  );
  const tableState = useQueryTableState(stats, { errorTitle: t('trackers.stats.loadFailed') });
  const names = useMemo(() => new Map(list.map((tracker) => [tracker.id, tracker.name])), [list]);
  if (list.length === 0) return null;

  const rows = stats.data?.group_by === group ? stats.data.rows : undefined;
  const nameOf = (row: TrackerStatsRow) => names.get(row.tracker_id) ?? `#${row.tracker_id}`;
  const columns: Column<TrackerStatsRow>[] = [
    ...(trackerId === undefined
      ? [{ id: 'tracker', header: t('trackers.stats.columns.tracker'), cell: nameOf }]
      : []),
    {
      id: 'group',
      header: t(`trackers.stats.groupBy.${group}`),
      cell: (row) => groupLabel(group, row.key, t, language),
    },
    {
      id: 'analyses',
      header: t('trackers.stats.columns.analyses'),
      align: 'right',
      cell: (row) => formatCount(row.analyses, language),
    },
    {
      id: 'hit',
      header: t('trackers.stats.columns.hit'),
      align: 'right',
      cell: (row) => {
        const to = row.hit > 0 ? hitsLink(projectId, view, group, row) : null;
        const text = formatCount(row.hit, language);
        if (!to) return text;
        const label = t('trackers.stats.hitLink', { count: row.hit, hits: text, name: nameOf(row) });
        return (
          <Link component={RouterLink} to={to} aria-label={label}>
            {text}
          </Link>
        );
      },
    },
    {
      id: 'rate',
      header: t('trackers.stats.columns.rate'),
      align: 'right',
      cell: (row) => formatShare(hitRate(row), language),
    },
  ];

  return (
    <SectionCard
      title={t('trackers.stats.title')}
      subtitle={t('trackers.stats.subtitle')}
      testId="tracker-rates"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <TextField
          select
          size="small"
          label={t('trackers.stats.tracker')}
          value={trackerId ? String(trackerId) : ''}
          onChange={(event) => update({ [TRACKER_PARAMS.tracker]: event.target.value || undefined })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('trackers.stats.allTrackers')}</MenuItem>
          {list.map((tracker) => (
            <MenuItem key={tracker.id} value={String(tracker.id)}>
              {tracker.name}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={group}
          onChange={(_event, value: TrackerStatsGroup | null) =>
            value && update({ [TRACKER_PARAMS.group]: value === 'representative' ? undefined : value })
          }
          aria-label={t('trackers.stats.groupByLabel')}
        >
          {TRACKER_STATS_GROUPS.map((option) => (
            <ToggleButton key={option} value={option}>
              {t(`trackers.stats.groupBy.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {rows && rows.length > 0 ? (
        <LazyChart height={chartHeight(group, rows.length)}>
          <Box sx={{ mb: 2 }} data-testid="tracker-rates-chart">
            <TrackerRatesChart group={group} rows={rows} names={names} />
          </Box>
        </LazyChart>
      ) : null}
      <DataTable
        label={t('trackers.stats.title')}
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.tracker_id}:${row.key ?? ''}`}
        rowProps={() => ({ 'data-testid': 'tracker-rate-row' })}
        loading={tableState.loading}
        loadingLabel={t('trackers.stats.loading')}
        error={tableState.error}
        empty={{ text: t('trackers.stats.empty') }}
        scrollRegion
      />
    </SectionCard>
  );
}
