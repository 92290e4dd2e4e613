import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { asksSecondFactor, PASSWORD_MAX_LENGTH } from '@parley/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../shared/api/session';
import { useInstallation, useLogin } from '../../shared/api/signIn';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { AuthLayout } from '../../shared/auth/AuthLayout';
import { redirectTarget, TWO_FACTOR_SIGN_IN_PATH, twoFactorState } from '../../shared/auth/redirect';

import { SsoSignIn } from '../../shared/auth/SsoSignIn';
import { EMAIL_PATTERN } from '../../shared/auth/validation';
import { OutlinedTextField } from '../../shared/components/OutlinedTextField';
import { LoadingState } from '../../shared/components/States';
import { useLightForm } from '../../shared/hooks/useLightForm';
import { GoogleButton } from './GoogleButton';

/** A chunk of its own (MUI's Dialog, Modal and TextField), fetched when the link is first followed. */
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./ForgotPasswordDialog')).ForgotPasswordDialog,
}));

export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const installation = useInstallation();
  const login = useLogin();
  const errorMessage = useErrorMessage();
  const [googleError, setGoogleError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Mounted from the first opening on, so that it closes with its transition.
  const [forgotUsed, setForgotUsed] = useState(false);
  // ?email= fills the address in (an invitation link sends its invitee here).
  const { values, field, handleSubmit } = useLightForm(
    { email: params.get('email')?.trim() ?? '', password: '' },
    {
      email: (email) => {
        if (!email) return t('validation.emailRequired');
        return EMAIL_PATTERN.test(email) ? undefined : t('validation.emailInvalid');
      },
      password: (password) => {
        if (!password) return t('validation.passwordRequired');
        return password.length > PASSWORD_MAX_LENGTH ? t('password.tooLong') : undefined;
      },
    },
  );

  const target = redirectTarget(location.state);
  if (session.status === 'pending' || installation.isPending) return <LoadingState minHeight={320} />;
  if (session.status === 'success' && session.user && !login.isPending && !login.isSuccess)
    return <Navigate to={target} replace />;
  // Nobody to sign in yet: the first sign-up makes the super admin.
  if (installation.data?.has_accounts === false) return <Navigate to="/signup" replace />;

  const onSubmit = handleSubmit((form) =>
    login.mutate(
      { email: form.email.trim(), password: form.password },
      {
        onSuccess: (answer) =>
          asksSecondFactor(answer)
            ? void navigate(TWO_FACTOR_SIGN_IN_PATH, {
                state: twoFactorState(answer.methods, location.state),
              })
            : void navigate(target, { replace: true }),
      },
    ),
  );

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          {params.get('password_reset') === '1' ? (
            <Alert severity="success">{t('auth.login.passwordResetSuccess')}</Alert>
          ) : null}
          {login.isError && (login.error as { code?: string }).code !== 'sso_required' ? (
            <Alert severity="error">{errorMessage(login.error)}</Alert>
          ) : null}
          {googleError ? <Alert severity="error">{googleError}</Alert> : null}
          <OutlinedTextField
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            {...field('email')}
          />
          <OutlinedTextField
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            fullWidth
            {...field('password')}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => {
                setForgotUsed(true);
                setForgotOpen(true);
              }}
            >
              {t('auth.login.forgot')}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={login.isPending} fullWidth>
            {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
          </Button>
          <GoogleButton variant="login" returnTo={target} onError={setGoogleError} />
          <SsoSignIn email={() => values.email} loginError={login.error} />
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            {t('auth.login.noAccount')}{' '}
            <Link component={RouterLink} to="/signup" state={location.state}>
              {t('auth.login.signUp')}
            </Link>
          </Typography>
        </Stack>
      </Box>
      {forgotUsed ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={forgotOpen}
            initialEmail={forgotOpen ? values.email : ''}
            onClose={() => setForgotOpen(false)}
          />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
