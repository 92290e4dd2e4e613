import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { AuthLayout } from '../../shared/auth/AuthLayout';
import { fromPath, TWO_FACTOR_SIGN_IN_PATH, twoFactorState } from '../../shared/auth/redirect';
import { LoadingState } from '../../shared/components/States';
import { GOOGLE_OAUTH_STATE_KEY, takeGoogleReturn } from './google';
import { useGoogleCallback } from './googleCallback';

/**
 * /auth/google/callback, where Google sends the browser back: the state must be the one this browser kept
 * when it started (else nothing is sent), then the code signs in and the app opens.
 */
export default function GoogleCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finish = useGoogleCallback();
  const errorMessage = useErrorMessage();
  const [problem, setProblem] = useState<string | null>(null);
  // The code works once: send it once, even when an effect runs twice.
  const sent = useRef(false);
  const { mutate } = finish;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const expected = localStorage.getItem(GOOGLE_OAUTH_STATE_KEY);
    localStorage.removeItem(GOOGLE_OAUTH_STATE_KEY);
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error')) return setProblem(t('auth.google.denied'));
    if (!code || !state || !expected || state !== expected) return setProblem(t('auth.google.stateMismatch'));
    const returnTo = takeGoogleReturn();
    mutate(
      { code, state },
      {
        onSuccess: ({ secondFactor, joinedProjectId }) => {
          if (secondFactor) {
            void navigate(TWO_FACTOR_SIGN_IN_PATH, {
              replace: true,
              state: twoFactorState(secondFactor, fromPath(returnTo)),
            });
            return;
          }
          void navigate(joinedProjectId === undefined ? returnTo : `/projects/${joinedProjectId}`, {
            replace: true,
          });
        },
      },
    );
  }, [params, mutate, navigate, t]);

  const shown = problem ?? (finish.isError ? errorMessage(finish.error, 'auth.google.error') : null);
  return (
    <AuthLayout title={t('auth.google.callbackTitle')}>
      {shown ? (
        <Stack spacing={2}>
          <Alert severity="error">{shown}</Alert>
          <Stack direction="row">
            <Button component={RouterLink} to="/login" variant="contained">
              {t('auth.google.backToLogin')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <LoadingState label={t('auth.google.signingIn')} minHeight={160} />
      )}
    </AuthLayout>
  );
}
