import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { SyncHistoryItem } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useSyncHistory } from './api';

const COUNTS = ['found', 'queued', 'skipped', 'failed'] as const;

function RunRow({ run }: { run: SyncHistoryItem }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <TableRow data-testid={`sync-run-${run.id}`}>
        <TableCell>{formatDateTime(run.started_at, i18n.language)}</TableCell>
        <TableCell>{t(`drive.history.triggers.${run.trigger}`)}</TableCell>
        <TableCell>{t(`drive.history.statuses.${run.status}`)}</TableCell>
        {COUNTS.map((count) => (
          <TableCell key={count} align="right">
            {run[count]}
          </TableCell>
        ))}
      </TableRow>
      {run.errors.length > 0 ? (
        <TableRow>
          <TableCell colSpan={3 + COUNTS.length} sx={{ pt: 0 }}>
            <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
              {run.errors.map((error, index) => (
                // Errors may repeat; their order is the server's.
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
                <Typography component="li" variant="body2" key={index}>
                  {error}
                </Typography>
              ))}
            </Box>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

/** An integration's latest syncs: when, why, how they ended, and their counts and errors. */
export function SyncHistory({ projectId, integrationId }: { projectId: number; integrationId: number }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const history = useSyncHistory(projectId, integrationId);
  if (history.isPending) return <LoadingState label={t('drive.history.loading')} minHeight={80} />;
  if (history.isError) {
    return (
      <ErrorState
        message={errorMessage(history.error, 'drive.messages.error_loading')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (history.data.length === 0) {
    return <Typography color="textSecondary">{t('drive.history.empty')}</Typography>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('drive.history.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('drive.history.started')}</TableCell>
            <TableCell>{t('drive.history.trigger')}</TableCell>
            <TableCell>{t('drive.history.status')}</TableCell>
            {COUNTS.map((count) => (
              <TableCell key={count} align="right">
                {t(`drive.history.counts.${count}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {history.data.map((run) => (
            <RunRow key={run.id} run={run} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
