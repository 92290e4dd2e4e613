import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { batchProgress, batchStatusColor } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveIndicator } from '../../shared/components/LiveIndicator';
import { LoadingState } from '../../shared/components/States';
import { formatNumber } from '../../shared/format/numbers';
import type { LiveState } from '../../shared/hooks/useEventSource';
import type { BatchView } from './api';
import { formatBatchDate } from './format';

/** A batch's status: a coloured badge for the known ones (spec 1 §4), any other value as raw text. */
export function BatchStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = batchStatusColor(status);
  if (color === null) {
    return (
      <Typography component="span" variant="body2" data-testid="batch-status">
        {status}
      </Typography>
    );
  }
  return (
    <Chip
      size="small"
      color={color}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      label={t(`bulk.batches.status.${status}`, { defaultValue: status })}
      data-testid="batch-status"
      data-color={color}
    />
  );
}

/** (processed + failed) / total, in the warning colour once a row failed. */
export function BatchProgress({ batch }: { batch: BatchView }) {
  const { t, i18n } = useTranslation();
  const { percent, color } = batchProgress(batch);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={color}
        aria-label={t('bulk.batches.progressLabel', { name: batch.file_name })}
        data-testid="batch-progress"
        data-color={color}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }} data-testid="batch-percent">
        {t('bulk.batches.percent', { percent: formatNumber(percent, i18n.language, 0) })}
      </Typography>
    </Stack>
  );
}

interface BatchesTableProps {
  batches: BatchView[] | undefined;
  loading: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  onOpen: (batch: BatchView) => void;
  timeZone?: string;
  /** Whether the project's live events arrive (the table follows them). */
  live?: LiveState;
}

/** The recent batches with a refresh button (spec 1 §2.4); a row opens the batch's rows. */
export function BatchesTable({
  batches,
  loading,
  refreshing,
  onRefresh,
  onOpen,
  timeZone,
  live,
}: BatchesTableProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const list = batches ?? [];

  let content: ReactNode;
  if (loading && !batches) content = <LoadingState label={t('bulk.batches.loading')} minHeight={120} />;
  else if (list.length === 0) {
    content = (
      <Typography
        color="textSecondary"
        sx={{ px: 2, py: 4, textAlign: 'center' }}
        data-testid="batches-empty"
      >
        {t('bulk.batches.empty')}
      </Typography>
    );
  } else {
    content = (
      <TableContainer>
        <Table size="small" aria-label={t('bulk.batches.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('bulk.batches.columns.date')}</TableCell>
              <TableCell>{t('bulk.batches.columns.file')}</TableCell>
              <TableCell>{t('bulk.batches.columns.status')}</TableCell>
              <TableCell>{t('bulk.batches.columns.progress')}</TableCell>
              <TableCell align="right">{t('bulk.batches.columns.processed')}</TableCell>
              <TableCell align="right">{t('bulk.batches.columns.failed')}</TableCell>
              <TableCell align="right">{t('bulk.batches.columns.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((batch) => {
              const name = batch.file_name || t('bulk.batches.unnamed', { id: batch.id });
              return (
                <TableRow
                  key={batch.id}
                  hover
                  onClick={() => onOpen(batch)}
                  data-testid={`batch-row-${batch.id}`}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="batch-date">
                    {formatBatchDate(batch.created_at, i18n.language, timeZone) ??
                      t('bulk.batches.notAvailable')}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>
                    <Link
                      component="button"
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(batch);
                      }}
                      aria-label={t('bulk.batches.open', { name })}
                      sx={{
                        fontWeight: 500,
                        textAlign: 'left',
                        maxWidth: '100%',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                        display: 'block',
                      }}
                      title={name}
                    >
                      {name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <BatchStatusBadge status={batch.status} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 180 }}>
                    <BatchProgress batch={batch} />
                  </TableCell>
                  <TableCell align="right" data-testid="batch-processed">
                    {number(batch.processed_items)}
                  </TableCell>
                  <TableCell
                    align="right"
                    data-testid="batch-failed"
                    sx={{ color: batch.failed_items > 0 ? 'warning.dark' : undefined }}
                  >
                    {number(batch.failed_items)}
                  </TableCell>
                  <TableCell align="right" data-testid="batch-total">
                    {number(batch.total_items)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Paper variant="outlined" data-testid="batches">
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', px: 2, py: 1.5 }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            {t('bulk.batches.title')}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('bulk.batches.subtitle')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {live ? <LiveIndicator state={live} /> : null}
          <Button
            variant="outlined"
            size="small"
            onClick={onRefresh}
            disabled={refreshing}
            startIcon={refreshing ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
          >
            {t('bulk.batches.refresh')}
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ borderTop: 1, borderColor: 'divider' }}>{content}</Box>
    </Paper>
  );
}
