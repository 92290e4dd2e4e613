import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  IconButton,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { analysisPath } from '../../shared/api/analyses';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { ListPagination } from '../../shared/components/ListPagination';
import { Page } from '../../shared/components/Page';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { StageLabel } from '../../shared/components/TaskStatus';
import { Toast, useToast } from '../../shared/components/Toast';
import { formatNumber } from '../../shared/format/numbers';
import { usePagination } from '../../shared/hooks/usePagination';
import { useTaskErrorText } from '../../shared/i18n/taskErrors';
import { formatDateTime } from '../../shared/utils/displayDates';
import { type FailedTaskRow, useDeleteFailedTask, useFailedTasks, useRetryTasks } from './api';

const PAGE_SIZES = [10, 25, 50, 100];
const DEFAULT_PAGE_SIZE = 25;

/** /projects/{id}/failed-tasks (admin, owner): analyses that failed, to retry or delete. */
export default function FailedTasksPage() {
  const { t, i18n } = useTranslation();
  const reasonText = useTaskErrorText();
  const project = useCurrentProject();
  // Seen through a support-access grant: the failed tasks can be read and paged, not retried or deleted.
  const readOnly = Boolean(project.read_only);
  const errorMessage = useErrorMessage();
  const pagination = usePagination({
    pageSizes: PAGE_SIZES,
    defaultPageSize: DEFAULT_PAGE_SIZE,
    inUrl: true,
  });
  const list = useFailedTasks(project.id, pagination.page, pagination.pageSize);
  const retry = useRetryTasks(project.id);
  const remove = useDeleteFailedTask(project.id);
  const { toast, show, close } = useToast();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [retrying, setRetrying] = useState<Set<number>>(() => new Set());
  const [toDelete, setToDelete] = useState<FailedTaskRow | null>(null);

  const items = list.data?.items ?? [];
  // Only rows on the page count (a retried or deleted row leaves the selection with the list).
  const chosen = items.filter((item) => selected.has(item.id)).map((item) => item.id);
  const allChosen = items.length > 0 && chosen.length === items.length;

  // A new page starts with nothing chosen.
  const goTo = (change: () => void) => {
    setSelected(new Set());
    change();
  };

  const runRetry = (ids: number[]) => {
    setRetrying((current) => new Set([...current, ...ids]));
    retry.mutate(ids, {
      onSuccess: ({ retried }) => {
        setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
        show(
          retried > 0
            ? {
                severity: 'success',
                text: t('failedTasks.retried', { number: formatNumber(retried, i18n.language) }),
              }
            : { severity: 'info', text: t('failedTasks.retriedNone') },
        );
      },
      onError: (error) => show({ severity: 'error', text: errorMessage(error) }),
      onSettled: () => setRetrying((current) => new Set([...current].filter((id) => !ids.includes(id)))),
    });
  };

  const closeDelete = () => {
    setToDelete(null);
    remove.reset();
  };

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const retrySelected = (
    <Button
      variant="contained"
      startIcon={<ReplayIcon />}
      disabled={readOnly || chosen.length === 0 || retry.isPending}
      onClick={() => runRetry(chosen)}
    >
      {t('failedTasks.retrySelected', { number: formatNumber(chosen.length, i18n.language) })}
    </Button>
  );

  return (
    <Page
      title={t('nav.failedTasks')}
      subtitle={t('failedTasks.subtitle')}
      actions={list.data && list.data.total > 0 ? retrySelected : undefined}
    >
      {list.data && list.data.failed_batch_rows > 0 ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="failed-batch-rows"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={`/projects/${project.id}/analysis/bulk-upload`}
            >
              {t('failedTasks.openBulk')}
            </Button>
          }
        >
          {t('failedTasks.batchRows', { count: list.data.failed_batch_rows })}
        </Alert>
      ) : null}
      <QueryContent
        query={list}
        loadingLabel={t('failedTasks.loading')}
        errorTitle={t('failedTasks.loadError')}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            icon={<CheckCircleOutlineIcon />}
            title={t('failedTasks.emptyTitle')}
            description={t('failedTasks.emptyDescription')}
            action={
              <Button component={RouterLink} to={`/projects/${project.id}/analyses`} variant="outlined">
                {t('failedTasks.openAnalyses')}
              </Button>
            }
          />
        }
      >
        {(data) => (
          <Paper variant="outlined">
            <FetchingBar active={list.isFetching} />
            <TableContainer>
              <Table size="small" aria-label={t('nav.failedTasks')}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allChosen}
                        indeterminate={chosen.length > 0 && !allChosen}
                        disabled={readOnly}
                        onChange={() =>
                          setSelected(allChosen ? new Set() : new Set(items.map((item) => item.id)))
                        }
                        slotProps={{ input: { 'aria-label': t('failedTasks.selectAll') } }}
                      />
                    </TableCell>
                    <TableCell>{t('failedTasks.columns.time')}</TableCell>
                    <TableCell>{t('failedTasks.columns.file')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {t('failedTasks.columns.prompt')}
                    </TableCell>
                    <TableCell>{t('failedTasks.columns.stage')}</TableCell>
                    <TableCell>{t('failedTasks.columns.error')}</TableCell>
                    <TableCell align="right">{t('failedTasks.columns.attempts')}</TableCell>
                    <TableCell align="right">{t('failedTasks.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((task) => {
                    const name = task.title || task.file_name;
                    const busy = retrying.has(task.id);
                    return (
                      <TableRow
                        key={task.id}
                        hover
                        selected={selected.has(task.id)}
                        data-testid={`failed-row-${task.id}`}
                      >
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(task.id)}
                            onChange={() => toggle(task.id)}
                            disabled={readOnly}
                            slotProps={{ input: { 'aria-label': t('failedTasks.select', { name }) } }}
                          />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(task.updated_at, i18n.language, project.timezone)}
                        </TableCell>
                        <TableCell sx={{ minWidth: 160, maxWidth: 280 }}>
                          <Link
                            component={RouterLink}
                            to={analysisPath(project.id, task.id)}
                            sx={{ fontWeight: 500, display: 'block' }}
                            noWrap
                            title={name}
                          >
                            {name}
                          </Link>
                          {task.title ? (
                            <Typography variant="caption" color="textSecondary" component="div" noWrap>
                              {task.file_name}
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                          {task.prompt_name || '—'}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {task.stage ? <StageLabel stage={task.stage} /> : '—'}
                        </TableCell>
                        <TableCell sx={{ maxWidth: 380 }}>
                          <Typography
                            variant="body2"
                            color="error"
                            title={reasonText(task) ?? undefined}
                            sx={{
                              display: '-webkit-box',
                              WebkitLineClamp: 3,
                              WebkitBoxOrient: 'vertical',
                              overflow: 'hidden',
                            }}
                          >
                            {reasonText(task) || t('failedTasks.noError')}
                          </Typography>
                        </TableCell>
                        <TableCell align="right">{formatNumber(task.attempts, i18n.language)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          <Tooltip title={t('failedTasks.retry')}>
                            <span>
                              <IconButton
                                onClick={() => runRetry([task.id])}
                                disabled={readOnly || busy}
                                aria-label={t('failedTasks.retryNamed', { name })}
                              >
                                {busy ? <CircularProgress size={18} /> : <ReplayIcon fontSize="small" />}
                              </IconButton>
                            </span>
                          </Tooltip>
                          <Tooltip title={t('failedTasks.delete')}>
                            <span>
                              <IconButton
                                color="error"
                                onClick={() => setToDelete(task)}
                                disabled={readOnly}
                                aria-label={t('failedTasks.deleteNamed', { name })}
                              >
                                <DeleteOutlineIcon fontSize="small" />
                              </IconButton>
                            </span>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination
              total={data.total}
              page={pagination.page}
              pageSize={pagination.pageSize}
              pageSizes={PAGE_SIZES}
              onPage={(next) => goTo(() => pagination.setPage(next))}
              onPageSize={(size) => goTo(() => pagination.setPageSize(size))}
            />
          </Paper>
        )}
      </QueryContent>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('failedTasks.deleteTitle')}
        message={t('failedTasks.deleteMessage', {
          name: toDelete ? toDelete.title || toDelete.file_name : '',
        })}
        confirmLabel={t('failedTasks.delete')}
        destructive
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
        onClose={closeDelete}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              closeDelete();
              show({ severity: 'success', text: t('failedTasks.deleted') });
            },
          });
        }}
      />
      <Toast toast={toast} onClose={close} />
    </Page>
  );
}
