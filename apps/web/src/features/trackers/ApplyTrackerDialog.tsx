import {
  Alert,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { type Tracker, TrackerApplyRange } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyTracker, useTrackerApplyEstimate } from '../../shared/api/trackers';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import type { ToastMessage } from '../../shared/components/Toast';
import { formatCount } from '../../shared/format/analytics';
import { formatUnits } from '../../shared/format/money';

/**
 * "Apply to past analyses" of a smart tracker: an optional date range, the price of the analyses in it (a model
 * call each) read from the server, and a confirmation that starts the priced run. The server holds the price at
 * once and refuses (402) when the project cannot pay it.
 */
export function ApplyTrackerDialog({
  projectId,
  tracker,
  notify,
  onClose,
}: {
  projectId: number;
  tracker: Tracker;
  notify: (message: ToastMessage) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const errorText = useErrorMessage('trackers');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const parsed = TrackerApplyRange.safeParse({ from: from || undefined, to: to || undefined });
  const range = parsed.success ? parsed.data : {};
  const estimate = useTrackerApplyEstimate(projectId, tracker.id, range);
  const apply = useApplyTracker(projectId);
  const [refused, setRefused] = useState<string | null>(null);
  const analyses = estimate.data?.analyses ?? 0;

  const submit = () => {
    if (!parsed.success || analyses === 0) return;
    apply.mutate(
      { trackerId: tracker.id, range },
      {
        onSuccess: () => {
          notify({ severity: 'success', text: t('trackers.apply.started') });
          onClose();
        },
        onError: (error) => setRefused(errorText(error, 'trackers.apply.failed')),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={apply.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('trackers.apply.title', { name: tracker.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('trackers.apply.intro')}</DialogContentText>
          <Stack direction="row" spacing={2}>
            <TextField
              type="date"
              label={t('trackers.apply.from')}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              disabled={apply.isPending}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <TextField
              type="date"
              label={t('trackers.apply.to')}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              disabled={apply.isPending}
              error={!parsed.success}
              helperText={parsed.success ? undefined : t('trackers.apply.badRange')}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </Stack>
          {estimate.isError ? (
            <Alert severity="error">{errorText(estimate.error, 'trackers.apply.estimateFailed')}</Alert>
          ) : estimate.data ? (
            <Alert severity={analyses === 0 ? 'warning' : 'info'} data-testid="tracker-apply-price">
              {analyses === 0
                ? t('trackers.apply.nothing')
                : t('trackers.apply.price', {
                    analyses: formatCount(analyses, i18n.language),
                    units: formatUnits(estimate.data.units, i18n.language),
                  })}
            </Alert>
          ) : null}
          {refused ? (
            <Alert severity="error" data-testid="tracker-apply-error">
              {refused}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t('trackers.apply.confirm')}
        busy={apply.isPending}
        disabled={!parsed.success || !estimate.data || analyses === 0 || estimate.isFetching}
      />
    </Dialog>
  );
}
