import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { BACKTEST, backtestUnitsMilli, fromMilliUnits, type ProviderId } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useStartBacktest } from '../../../../shared/api/backtests';
import { isApiError } from '../../../../shared/api/client';
import { useModels } from '../../../../shared/api/prompts';
import { usePromptVersion } from '../../../../shared/api/promptVersions';
import { useErrorMessage } from '../../../../shared/api/useErrorMessage';
import { formatUnitsMilli } from '../../../../shared/format/analytics';

interface StartBacktestDialogProps {
  projectId: number;
  promptId: number;
  /** The draft to backtest. */
  versionId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * Starts a backtest of the draft: how many of the last reviewed conversations, and what it costs at the
 * draft model's units (held at the start). Only admins and owners open it, so a 402 points to billing.
 */
export function StartBacktestDialog({
  projectId,
  promptId,
  versionId,
  open,
  onClose,
}: StartBacktestDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage('backtests');
  const [conversations, setConversations] = useState<number>(BACKTEST.defaultConversations);
  const draft = usePromptVersion(projectId, promptId, open ? versionId : null);
  const start = useStartBacktest(projectId, promptId, versionId);
  const valid =
    Number.isInteger(conversations) && conversations >= 1 && conversations <= BACKTEST.maxConversations;
  const failure = start.error;
  const close = () => {
    start.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{t('backtests.start.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="textSecondary">
            {t('backtests.start.intro')}
          </Typography>
          <TextField
            type="number"
            size="small"
            label={t('backtests.start.conversations')}
            value={Number.isNaN(conversations) ? '' : conversations}
            onChange={(event) => setConversations(Number.parseInt(event.target.value, 10))}
            error={!valid}
            helperText={t('backtests.start.conversationsHelp', { max: BACKTEST.maxConversations })}
            slotProps={{ htmlInput: { min: 1, max: BACKTEST.maxConversations, step: 1 } }}
          />
          {draft.data ? (
            <BacktestPrice
              provider={draft.data.prompt.provider}
              model={draft.data.prompt.model}
              conversations={valid ? conversations : null}
            />
          ) : null}
          {failure ? (
            <Alert severity="error" data-testid="backtest-start-error">
              {isApiError(failure, 402)
                ? failure.message || t('backtests.errors.insufficientFunds')
                : isApiError(failure, 409) && failure.message
                  ? failure.message
                  : errorMessage(failure)}
              {isApiError(failure, 402) ? (
                <Box sx={{ mt: 0.5 }}>
                  <Link component={RouterLink} to={`/projects/${projectId}/billing`}>
                    {t('backtests.errors.toBilling')}
                  </Link>
                </Box>
              ) : null}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('backtests.close')}</Button>
        <Button
          variant="contained"
          disabled={!valid || start.isPending}
          loading={start.isPending}
          onClick={() => start.mutate(conversations, { onSuccess: close })}
        >
          {t('backtests.start.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The price of backtesting `conversations` with the draft's model (unknown when the model is not listed). */
function BacktestPrice({
  provider,
  model,
  conversations,
}: {
  provider: ProviderId;
  model: string;
  conversations: number | null;
}) {
  const { t, i18n } = useTranslation();
  const models = useModels(provider);
  const info = models.data?.find((one) => one.model === model);
  if (models.isPending || conversations === null) return null;
  if (!info)
    return (
      <Typography variant="body2" color="textSecondary" data-testid="backtest-price">
        {t('backtests.start.priceUnknown')}
      </Typography>
    );
  const milli = backtestUnitsMilli(info.units, conversations);
  return (
    <Typography variant="body2" data-testid="backtest-price">
      {t('backtests.start.price', {
        count: fromMilliUnits(milli),
        units: formatUnitsMilli(milli, i18n.language),
        model: info.display_name,
      })}
    </Typography>
  );
}
