import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBacktest } from '../../../../shared/api/backtests';
import { QueryContent } from '../../../../shared/components/States';
import { BacktestChanges } from './BacktestChanges';
import { BacktestFiguresTable } from './BacktestFiguresTable';
import { BacktestStatusLine } from './BacktestStatusLine';

/** One backtest: its progress while it runs, then per field the figures now and with the draft, and the changes. */
export function BacktestView({
  projectId,
  promptId,
  backtestId,
}: {
  projectId: number;
  promptId: number;
  backtestId: number;
}) {
  const { t } = useTranslation();
  const backtest = useBacktest(projectId, promptId, backtestId);
  return (
    <QueryContent
      query={backtest}
      loadingLabel={t('backtests.loading')}
      errorTitle={t('backtests.loadError')}
    >
      {(data) => (
        <Stack spacing={2} data-testid="backtest">
          <BacktestStatusLine backtest={data} />
          {data.status === 'completed' && data.rows.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              {t('backtests.noFields')}
            </Typography>
          ) : null}
          {data.status === 'completed' && data.rows.length > 0 ? (
            <>
              <BacktestFiguresTable rows={data.rows} />
              <Typography variant="caption" color="textSecondary">
                {t('backtests.table.legend')}
              </Typography>
              <BacktestChanges projectId={projectId} changes={data.changes} total={data.changes_total} />
            </>
          ) : null}
        </Stack>
      )}
    </QueryContent>
  );
}
