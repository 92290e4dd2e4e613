import {
  Alert,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';

/** Asks a fresh code before a change of the factors (new recovery codes, turning two-factor sign-in off). */
export function CodeDialog<T>({
  open,
  title,
  description,
  codeLabel,
  submitLabel,
  destructive = false,
  action,
  onDone,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  codeLabel: string;
  submitLabel: string;
  destructive?: boolean;
  action: UseMutationResult<T, Error, string>;
  onDone: (answer: T) => void;
  onClose: () => void;
}) {
  const errorMessage = useErrorMessage('twoFactorSignIn');
  const [code, setCode] = useState('');
  const close = () => {
    setCode('');
    action.reset();
    onClose();
  };
  const submit = () =>
    action.mutate(code.trim(), {
      onSuccess: (answer) => {
        setCode('');
        onDone(answer);
      },
    });
  return (
    <Dialog open={open} onClose={action.isPending ? undefined : close} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim()) submit();
          }}
        >
          <DialogContentText>{description}</DialogContentText>
          {action.isError ? <Alert severity="error">{errorMessage(action.error)}</Alert> : null}
          <TextField
            label={codeLabel}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoFocus
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { maxLength: 32 } }}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={close}
        onSubmit={submit}
        submitLabel={submitLabel}
        busy={action.isPending}
        disabled={!code.trim()}
        destructive={destructive}
      />
    </Dialog>
  );
}
