import { Alert, Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { DialogButtons } from './DialogButtons';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** While true the buttons are disabled and the confirm button shows a spinner. */
  busy?: boolean;
  /** Shown above the buttons, e.g. the server's answer when the action failed. */
  error?: ReactNode;
  /** Colours the confirm button red (deleting, removing). */
  destructive?: boolean;
}

/** A yes/no question before an action that can't be undone. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  error,
  destructive = false,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={onConfirm}
        submitLabel={confirmLabel}
        busy={busy}
        destructive={destructive}
      />
    </Dialog>
  );
}
