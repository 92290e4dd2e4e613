import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { LoadingState } from '../../shared/components/States';
import { AuthLayout } from './AuthLayout';
import { useConfirmEmail } from './api';

/** /confirm-email?token=… (the link of a confirmation email): confirms the account, signs in, opens the app. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();
  const errorMessage = useErrorMessage();
  // The token works once: send it once, even when an effect runs twice.
  const sent = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token, { onSuccess: () => void navigate('/dashboard', { replace: true }) });
  }, [token, mutate, navigate]);

  let problem: string | null = null;
  if (!token) problem = t('auth.confirm.missingToken');
  else if (confirm.isError) {
    problem = isApiError(confirm.error, 400) ? t('auth.confirm.invalid') : errorMessage(confirm.error);
  }

  return (
    <AuthLayout title={t('auth.confirm.title')}>
      {problem ? (
        <Stack spacing={2}>
          <Alert severity="error">{problem}</Alert>
          <Stack direction="row" spacing={1.5}>
            <Button component={RouterLink} to="/login" variant="contained">
              {t('auth.confirm.signIn')}
            </Button>
            <Button component={RouterLink} to="/signup" variant="outlined">
              {t('auth.confirm.signUpAgain')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <LoadingState label={t('auth.confirm.confirming')} minHeight={160} />
      )}
    </AuthLayout>
  );
}
