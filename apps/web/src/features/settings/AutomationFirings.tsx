import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { AUTOMATIONS, type AutomationFiring, type AutomationRule } from '@parley/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { analysisPath } from '../../shared/api/analyses';
import { useAutomationFirings } from '../../shared/api/automations';
import { type Column, DataTable, useQueryTableState } from '../../shared/components/DataTable';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { usePagination } from '../../shared/hooks/usePagination';
import { formatDateTime } from '../../shared/utils/displayDates';

const PAGE_SIZES = [10, 25, AUTOMATIONS.defaultPageSize, AUTOMATIONS.pageSizeMax] as const;

const STATUS_COLORS = { sent: 'success', failed: 'error', queued: 'default' } as const;

/** One action of a firing: its type and status as a chip, what it did (or why it failed) beside it. */
function FiringAction({ action }: { action: AutomationFiring['actions'][number] }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        color={STATUS_COLORS[action.status]}
        variant={action.status === 'queued' ? 'outlined' : 'filled'}
        label={`${t(`automations.actionTypes.${action.type}`)}: ${t(`automations.status.${action.status}`)}`}
      />
      {action.detail ? (
        <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-word' }}>
          {action.detail}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** A rule's firing log, newest first and paged: time, event, the analysis, each action's outcome. */
export function AutomationFirings({
  projectId,
  rule,
  onClose,
}: {
  projectId: number;
  rule: AutomationRule;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const pagination = usePagination({ pageSizes: PAGE_SIZES, defaultPageSize: 25 });
  const query = useAutomationFirings(projectId, rule.id, pagination.page, pagination.pageSize);
  const tableState = useQueryTableState(query, { errorTitle: t('automations.firings.loadFailed') });

  const header = (key: string) => t(`automations.firings.columns.${key}`);
  const columns: Column<AutomationFiring>[] = [
    {
      id: 'time',
      header: header('time'),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (firing) => formatDateTime(firing.created_at, i18n.language),
    },
    {
      id: 'event',
      header: header('event'),
      cell: (firing) => t(`automations.triggers.${firing.event_type}.label`),
    },
    {
      id: 'analysis',
      header: header('analysis'),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (firing) =>
        firing.task_id === null ? (
          <Typography variant="body2" color="textSecondary">
            {t('automations.firings.analysisDeleted')}
          </Typography>
        ) : (
          <Link component={RouterLink} to={analysisPath(projectId, firing.task_id)}>
            {t('automations.firings.analysis', { id: firing.task_id })}
          </Link>
        ),
    },
    {
      id: 'actions',
      header: header('actions'),
      cell: (firing) => (
        <Stack spacing={0.5}>
          {firing.actions.map((action, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a firing's actions are in the rule's order
            <FiringAction key={index} action={action} />
          ))}
        </Stack>
      ),
    },
  ];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('automations.firings.title', { name: rule.name })}</DialogTitle>
      <DialogContent>
        <Box data-testid="automation-firings">
          <FetchingBar active={query.isFetching && !query.isPending} />
          <DataTable
            label={t('automations.firings.title', { name: rule.name })}
            columns={columns}
            rows={query.data?.items}
            rowKey={(firing) => firing.id}
            rowProps={(firing) => ({ 'data-testid': `automation-firing-${firing.id}` })}
            loading={tableState.loading}
            loadingLabel={t('automations.firings.loading')}
            error={tableState.error}
            empty={{
              text: t('automations.firings.emptyTitle'),
              description: t('automations.firings.emptyHint'),
              testId: 'automation-firings-empty',
            }}
            pagination={{ ...pagination, total: query.data?.total ?? 0 }}
            nowrapHeaders
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('automations.firings.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
