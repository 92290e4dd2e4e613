import { Box, Typography } from '@mui/material';
import type { SyncHistoryItem } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, useQueryTableState } from '../../shared/components/DataTable';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useSyncHistory } from './api';

const COUNTS = ['found', 'queued', 'skipped', 'failed'] as const;

function RunErrors({ errors }: { errors: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
      {errors.map((error, index) => (
        // Errors may repeat; their order is the server's.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <Typography component="li" variant="body2" key={index}>
          {error}
        </Typography>
      ))}
    </Box>
  );
}

/** An integration's latest syncs: when, why, how they ended, and their counts and errors. */
export function SyncHistory({ projectId, integrationId }: { projectId: number; integrationId: number }) {
  const { t, i18n } = useTranslation();
  const history = useSyncHistory(projectId, integrationId);
  const state = useQueryTableState(history, { fallbackKey: 'drive.messages.error_loading' });
  const columns: Column<SyncHistoryItem>[] = [
    {
      id: 'started',
      header: t('drive.history.started'),
      cell: (run) => formatDateTime(run.started_at, i18n.language),
    },
    {
      id: 'trigger',
      header: t('drive.history.trigger'),
      cell: (run) => t(`drive.history.triggers.${run.trigger}`),
    },
    {
      id: 'status',
      header: t('drive.history.status'),
      cell: (run) => t(`drive.history.statuses.${run.status}`),
    },
    ...COUNTS.map(
      (count): Column<SyncHistoryItem> => ({
        id: count,
        header: t(`drive.history.counts.${count}`),
        align: 'right',
        cell: (run) => run[count],
      }),
    ),
  ];
  return (
    <DataTable
      label={t('drive.history.title')}
      columns={columns}
      rows={history.data}
      rowKey={(run) => run.id}
      rowProps={(run) => ({ 'data-testid': `sync-run-${run.id}` })}
      rowDetail={(run) => (run.errors.length > 0 ? <RunErrors errors={run.errors} /> : null)}
      loadingLabel={t('drive.history.loading')}
      {...state}
      empty={{ text: t('drive.history.empty') }}
    />
  );
}
