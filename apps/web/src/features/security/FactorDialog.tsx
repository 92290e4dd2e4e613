import { Dialog, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { TwoFactorAlert } from './TwoFactorAlert';

/**
 * Asks one value before a change of the factors: a fresh code (new recovery codes, turning two-factor sign-in
 * off) or a new passkey's name (then the browser's prompt). A failure keeps the dialog open to try again.
 */
export function FactorDialog<T>({
  open,
  title,
  description,
  label,
  submitLabel,
  busyLabel = submitLabel,
  destructive = false,
  action,
  onDone,
  onClose,
  suggestion,
  maxLength = 32,
  helperText,
}: {
  open: boolean;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  /** The action's label while it runs (e.g. while the browser's passkey prompt is open). */
  busyLabel?: string;
  destructive?: boolean;
  action: UseMutationResult<T, Error, string>;
  onDone: (answer: T) => void;
  onClose: () => void;
  /** What the field holds when the dialog opens (empty without it): a code is never suggested. */
  suggestion?: () => string;
  maxLength?: number;
  helperText?: string;
}) {
  const titleId = useId();
  const [value, setValue] = useState('');
  const close = () => {
    action.reset();
    onClose();
  };
  const submit = () => {
    if (!value.trim()) return;
    action.mutate(value.trim(), {
      onSuccess: (answer) => {
        action.reset();
        onDone(answer);
      },
    });
  };
  return (
    <Dialog
      open={open}
      onClose={action.isPending ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onEnter: () => setValue(suggestion?.() ?? '') } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogContentText>{description}</DialogContentText>
          <TwoFactorAlert error={action.error} />
          <TextField
            label={label}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            autoFocus
            autoComplete={suggestion ? 'off' : 'one-time-code'}
            disabled={action.isPending}
            slotProps={{ htmlInput: { maxLength } }}
            helperText={helperText}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={close}
        onSubmit={submit}
        submitLabel={action.isPending ? busyLabel : submitLabel}
        busy={action.isPending}
        disabled={!value.trim()}
        destructive={destructive}
      />
    </Dialog>
  );
}
