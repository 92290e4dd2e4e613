import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForgotPassword } from '../../shared/api/authFlows';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { EMAIL_PATTERN } from '../../shared/auth/validation';

export function ForgotPasswordDialog({
  open,
  initialEmail,
  onClose,
}: {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const close = () => {
    forgot.reset();
    setFieldError(null);
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setFieldError(t('validation.emailRequired'));
    if (!EMAIL_PATTERN.test(value)) return setFieldError(t('validation.emailInvalid'));
    setFieldError(null);
    forgot.mutate(value);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onEnter: () => setEmail(initialEmail) } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('auth.forgot.title')}</DialogTitle>
        <DialogContent>
          {forgot.isSuccess ? (
            <Alert severity="success" role="status">
              {t('auth.forgot.sent')}
            </Alert>
          ) : (
            <Stack spacing={2}>
              <Typography color="textSecondary">{t('auth.forgot.description')}</Typography>
              {forgot.isError ? <Alert severity="error">{errorMessage(forgot.error)}</Alert> : null}
              <TextField
                label={t('auth.email')}
                type="email"
                autoComplete="email"
                autoFocus
                fullWidth
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={Boolean(fieldError)}
                helperText={fieldError ?? ' '}
                disabled={forgot.isPending}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{forgot.isSuccess ? t('common.close') : t('common.cancel')}</Button>
          {forgot.isSuccess ? null : (
            <Button type="submit" variant="contained" disabled={forgot.isPending}>
              {forgot.isPending ? t('common.sending') : t('auth.forgot.submit')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
