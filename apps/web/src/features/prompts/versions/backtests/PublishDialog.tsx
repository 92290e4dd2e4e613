import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { PromptVersionSummary } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useBacktest, useBacktests } from '../../../../shared/api/backtests';
import { LoadingState } from '../../../../shared/components/States';
import { formatDateTime } from '../../../../shared/utils/displayDates';
import { BacktestFiguresTable } from './BacktestFiguresTable';
import { BacktestStatusLine } from './BacktestStatusLine';

interface PublishDialogProps {
  projectId: number;
  promptId: number;
  draft: PromptVersionSummary;
  open: boolean;
  onPublish: () => void;
  onBacktest: () => void;
  onClose: () => void;
}

/** Confirms publishing the draft, with its latest completed backtest as the evidence (or an offer to run one). */
export function PublishDialog({
  projectId,
  promptId,
  draft,
  open,
  onPublish,
  onBacktest,
  onClose,
}: PublishDialogProps) {
  const { t } = useTranslation();
  const backtests = useBacktests(projectId, promptId, open ? draft.id : null);
  const latest = backtests.data?.find((backtest) => backtest.status === 'completed');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('backtests.publish.title', { number: draft.number })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('backtests.publish.intro')}</DialogContentText>
          {backtests.isPending ? <LoadingState label={t('backtests.loading')} /> : null}
          {backtests.isSuccess && !latest ? (
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
              data-testid="publish-not-backtested"
            >
              <Typography variant="body2">{t('backtests.publish.notBacktested')}</Typography>
              <Button size="small" onClick={onBacktest}>
                {t('backtests.backtest')}
              </Button>
            </Stack>
          ) : null}
          {latest ? (
            <PublishEvidence projectId={projectId} promptId={promptId} backtestId={latest.id} />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('backtests.cancel')}</Button>
        <Button variant="contained" onClick={onPublish}>
          {t('promptVersions.publish')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A completed backtest's figures, compact. */
function PublishEvidence({
  projectId,
  promptId,
  backtestId,
}: {
  projectId: number;
  promptId: number;
  backtestId: number;
}) {
  const { t, i18n } = useTranslation();
  const backtest = useBacktest(projectId, promptId, backtestId);
  if (backtest.isError) return <Typography color="error">{t('backtests.loadError')}</Typography>;
  if (!backtest.data) return <LoadingState label={t('backtests.loading')} />;
  const data = backtest.data;
  return (
    <Stack spacing={1} data-testid="publish-evidence">
      <Typography variant="subtitle2" component="h3">
        {t('backtests.publish.evidence', {
          count: data.total,
          date: formatDateTime(data.completed_at ?? data.created_at, i18n.language),
        })}
      </Typography>
      <BacktestStatusLine backtest={data} />
      {data.rows.length > 0 ? (
        <BacktestFiguresTable rows={data.rows} compact />
      ) : (
        <Typography variant="body2" color="textSecondary">
          {t('backtests.noFields')}
        </Typography>
      )}
    </Stack>
  );
}
