import { Alert, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { BacktestSummary } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { isBacktestRunning } from '../../../../shared/api/backtests';
import { formatCount, formatUnitsMilli } from '../../../../shared/format/analytics';

const STATUS_COLORS = { queued: 'default', running: 'info', completed: 'success', failed: 'error' } as const;

/**
 * A backtest's state: its status (and whether the draft changed since), progress while it runs, the
 * conversations that failed, why it failed, and the units held or charged.
 */
export function BacktestStatusLine({ backtest }: { backtest: BacktestSummary }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const running = isBacktestRunning(backtest.status);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          size="small"
          color={STATUS_COLORS[backtest.status]}
          label={t(`backtests.status.${backtest.status}`)}
        />
        {backtest.current ? null : (
          <Chip size="small" color="warning" variant="outlined" label={t('backtests.outOfDate')} />
        )}
        <Typography variant="body2" color="textSecondary">
          {t(running ? 'backtests.unitsHeld' : 'backtests.unitsCharged', {
            units: formatUnitsMilli(backtest.units_milli, language),
          })}
        </Typography>
      </Stack>
      {running ? (
        <Stack spacing={0.5}>
          <LinearProgress
            variant={backtest.total > 0 ? 'determinate' : 'indeterminate'}
            value={backtest.total > 0 ? (backtest.done / backtest.total) * 100 : undefined}
            aria-label={t('backtests.progressLabel')}
          />
          <Typography variant="body2" data-testid="backtest-progress">
            {t('backtests.progress', {
              done: formatCount(backtest.done, language),
              total: formatCount(backtest.total || backtest.conversations, language),
            })}
          </Typography>
        </Stack>
      ) : null}
      {backtest.failed > 0 ? (
        <Typography variant="body2" color="warning.main">
          {t('backtests.failedConversations', {
            count: backtest.failed,
            formatted: formatCount(backtest.failed, language),
          })}
        </Typography>
      ) : null}
      {backtest.status === 'failed' ? (
        <Alert severity="error">{backtest.error?.message || t('backtests.failedUnknown')}</Alert>
      ) : null}
    </Stack>
  );
}
