import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { isBatchActive } from '@parley/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { analysisPath } from '../../shared/api/analyses';
import { serverMessage } from '../../shared/api/client';
import { LoadingState } from '../../shared/components/States';
import { TaskStatusChip } from '../../shared/components/TaskStatus';
import { formatNumber } from '../../shared/format/numbers';
import { useTaskErrorText } from '../../shared/i18n/taskErrors';
import {
  type BatchView,
  DEFAULT_ITEM_PAGE_SIZE,
  ITEM_PAGE_SIZES,
  ITEM_STATUS_COLORS,
  useBatchItems,
} from './api';
import { BatchProgress, BatchStatusBadge } from './BatchesTable';

interface BatchItemsDialogProps {
  projectId: number;
  /** The batch whose rows are shown; null closes the dialog. */
  batch: BatchView | null;
  onClose: () => void;
}

/** The rows of one batch (GET …/batches/{batchId}/items): link, status, analysis status, error, analysis. */
export function BatchItemsDialog({ projectId, batch, onClose }: BatchItemsDialogProps) {
  const { t, i18n } = useTranslation();
  const reasonText = useTaskErrorText();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_ITEM_PAGE_SIZE);
  const active = batch ? isBatchActive(batch.status) : false;
  const items = useBatchItems(projectId, batch?.id ?? null, page, pageSize, active);
  // The header shows the batch as its rows were read with it, never an older copy from the list.
  const summary = batch && items.data?.batch.id === batch.id ? items.data.batch : batch;
  const number = (value: number) => formatNumber(value, i18n.language);
  const name = batch ? batch.file_name || t('bulk.batches.unnamed', { id: batch.id }) : '';

  const close = () => {
    setPage(1);
    onClose();
  };

  let content: ReactNode;
  if (items.isPending) content = <LoadingState label={t('bulk.items.loading')} />;
  else if (items.isError && !items.data) {
    content = (
      <Alert severity="error" data-testid="items-error">
        {serverMessage(items.error) || t('bulk.items.loadError')}
      </Alert>
    );
  } else if (items.data.items.length === 0) {
    content = (
      <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('bulk.items.empty')}
      </Typography>
    );
  } else {
    const data = items.data;
    content = (
      <>
        <TableContainer>
          <Table size="small" aria-label={t('bulk.items.title', { name })}>
            <TableHead>
              <TableRow>
                <TableCell align="right">{t('bulk.items.columns.row')}</TableCell>
                <TableCell>{t('bulk.items.columns.url')}</TableCell>
                <TableCell>{t('bulk.items.columns.status')}</TableCell>
                <TableCell>{t('bulk.items.columns.taskStatus')}</TableCell>
                <TableCell>{t('bulk.items.columns.error')}</TableCell>
                <TableCell>{t('bulk.items.columns.analysis')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((item) => (
                <TableRow key={item.id} data-testid={`item-row-${item.id}`}>
                  <TableCell align="right">{number(item.row)}</TableCell>
                  <TableCell sx={{ maxWidth: 300 }}>
                    <Typography
                      variant="body2"
                      noWrap
                      title={item.url}
                      sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}
                      data-testid="item-url"
                    >
                      {item.url}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={ITEM_STATUS_COLORS[item.status] ?? 'default'}
                      label={t(`bulk.items.status.${item.status}`, { defaultValue: item.status })}
                      data-testid="item-status"
                    />
                  </TableCell>
                  <TableCell>
                    {item.task_status ? <TaskStatusChip status={item.task_status} /> : '—'}
                  </TableCell>
                  <TableCell sx={{ minWidth: 240, maxWidth: 420 }}>
                    {item.error ? (
                      <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
                        {reasonText(item)}
                      </Typography>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {item.task_id ? (
                      <Link
                        component={RouterLink}
                        to={analysisPath(projectId, item.task_id)}
                        data-testid="item-analysis"
                      >
                        {t('bulk.items.openAnalysis', { id: item.task_id })}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data.total}
          page={Math.max(0, Math.min(page, Math.ceil(data.total / pageSize)) - 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={ITEM_PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(1);
          }}
          labelRowsPerPage={t('bulk.items.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('bulk.items.displayedRows', { from: number(from), to: number(to), total: number(count) })
          }
          getItemAriaLabel={(type) => t(`bulk.items.pageNav.${type}`)}
        />
      </>
    );
  }

  return (
    <Dialog open={batch !== null} onClose={close} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('bulk.items.title', { name })}</DialogTitle>
      <DialogContent dividers>
        {summary ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, mb: 2 }}
            data-testid="items-summary"
          >
            <Typography variant="body2" color="textSecondary">
              {t('bulk.items.batchId', { id: summary.id })}
            </Typography>
            <BatchStatusBadge status={summary.status} />
            <Box sx={{ flex: 1, maxWidth: 320 }}>
              <BatchProgress batch={summary} />
            </Box>
          </Stack>
        ) : null}
        <Box sx={{ height: 4 }}>
          {items.isFetching && !items.isPending ? (
            <LinearProgress aria-label={t('bulk.items.loading')} />
          ) : null}
        </Box>
        {content}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('bulk.items.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
