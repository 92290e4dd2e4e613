import { Button, CircularProgress, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog's Cancel and action buttons. While `busy` both are disabled and the action shows a spinner;
 * `disabled` holds the action back (e.g. a required field is empty).
 */
export function DialogButtons({
  onCancel,
  onSubmit,
  submitLabel,
  busy = false,
  disabled = false,
  destructive = false,
}: {
  onCancel: () => void;
  onSubmit: () => void;
  submitLabel: ReactNode;
  busy?: boolean;
  disabled?: boolean;
  /** Colours the action red (deleting, removing, rejecting). */
  destructive?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button
        variant="contained"
        color={destructive ? 'error' : 'primary'}
        onClick={onSubmit}
        disabled={disabled || busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
