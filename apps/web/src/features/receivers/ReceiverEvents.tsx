import { Box, Chip, Link, Stack, Tooltip, Typography } from '@mui/material';
import { RECEIVERS, type ReceiverEvent, type ReceiverEventStatus } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { analysisPath } from '../../shared/api/analyses';
import { useReceiverEvents } from '../../shared/api/receivers';
import { type Column, DataTable, useQueryTableState } from '../../shared/components/DataTable';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { usePagination } from '../../shared/hooks/usePagination';
import { formatDateTime } from '../../shared/utils/displayDates';

const PAGE_SIZES = [10, 25, RECEIVERS.defaultPageSize, RECEIVERS.pageSizeMax] as const;

const STATUS_COLORS = {
  received: 'default',
  queued: 'success',
  duplicate: 'info',
  skipped: 'warning',
  ignored: 'default',
  failed: 'error',
} as const;

/** What became of a call event, with what it means as the tooltip. */
export function EventStatusChip({ status }: { status: ReceiverEventStatus }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`receivers.events.statusHelp.${status}`)}>
      <Chip
        size="small"
        color={STATUS_COLORS[status]}
        variant={status === 'received' || status === 'ignored' ? 'outlined' : 'filled'}
        label={t(`receivers.events.status.${status}`)}
        data-testid="receiver-event-status"
      />
    </Tooltip>
  );
}

/** "Representative: Anna Smith · Department: Sales" — the metadata the mapping made. */
const metadataSummary = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');

/** A receiver's recent call events, newest first and paged: when, which event, its outcome, the call, the analysis. */
export function ReceiverEvents({
  projectId,
  receiverId,
  receiverName,
}: {
  projectId: number;
  receiverId: number;
  receiverName: string;
}) {
  const { t, i18n } = useTranslation();
  const pagination = usePagination({ pageSizes: PAGE_SIZES, defaultPageSize: 10 });
  const query = useReceiverEvents(projectId, receiverId, pagination.page, pagination.pageSize);
  const tableState = useQueryTableState(query, { errorTitle: t('receivers.events.loadFailed') });

  const header = (key: string) => t(`receivers.events.columns.${key}`);
  const columns: Column<ReceiverEvent>[] = [
    {
      id: 'time',
      header: header('time'),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (event) => formatDateTime(event.created_at, i18n.language),
    },
    {
      id: 'event',
      header: header('event'),
      cellSx: () => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' }),
      cell: (event) => event.event_type,
    },
    {
      id: 'status',
      header: header('status'),
      cell: (event) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start', maxWidth: 320 }}>
          <EventStatusChip status={event.status} />
          {event.reason ? (
            <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-word' }}>
              {event.reason}
            </Typography>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'call',
      header: header('call'),
      cell: (event) => {
        const summary = metadataSummary(event.metadata);
        return (
          <Stack spacing={0.5} sx={{ minWidth: 180, maxWidth: 420 }}>
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              {summary || '—'}
            </Typography>
            {event.conversation_at ? (
              <Typography variant="caption" color="textSecondary">
                {t('receivers.events.conversationAt', {
                  time: formatDateTime(event.conversation_at, i18n.language),
                })}
              </Typography>
            ) : null}
          </Stack>
        );
      },
    },
    {
      id: 'analysis',
      header: header('analysis'),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (event) =>
        event.task_id === null ? (
          '—'
        ) : (
          <Link component={RouterLink} to={analysisPath(projectId, event.task_id)}>
            {t('receivers.events.analysis', { id: event.task_id })}
          </Link>
        ),
    },
  ];

  return (
    <Box data-testid={`receiver-${receiverId}-events`}>
      <FetchingBar active={query.isFetching && !query.isPending} />
      <DataTable
        label={t('receivers.events.tableLabel', { name: receiverName })}
        columns={columns}
        rows={query.data?.items}
        rowKey={(event) => event.id}
        rowProps={(event) => ({ 'data-testid': `receiver-event-${event.id}`, 'data-status': event.status })}
        loading={tableState.loading}
        loadingLabel={t('receivers.events.loading')}
        error={tableState.error}
        empty={{ text: t('receivers.events.empty'), testId: `receiver-${receiverId}-events-empty` }}
        pagination={{ ...pagination, total: query.data?.total ?? 0 }}
        nowrapHeaders
      />
    </Box>
  );
}
