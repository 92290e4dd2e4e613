import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { TIMINGS, validatePassword, validatePasswordConfirmation } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../shared/api/authFlows';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { AuthLayout } from '../../shared/auth/AuthLayout';
import { usePasswordStrength } from '../../shared/auth/passwordRule';
import { OutlinedTextField } from '../../shared/components/OutlinedTextField';
import { PasswordStrengthMeter } from '../../shared/components/PasswordStrengthMeter';

/** /set-password and /reset-password?token=... (spec 2 §2.9, §4, §5). */
export default function PasswordPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const errorMessage = useErrorMessage();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const isSetPage = pathname.replace(/\/+$/, '') === '/set-password';
  const title = isSetPage ? t('password.setTitle') : t('password.resetTitle');
  const disabled = reset.isPending || !token || done;

  const { strength, check } = usePasswordStrength(password);
  const passwordProblem = strength ? strength.problem : validatePassword(password);
  const confirmProblem = validatePasswordConfirmation(password, confirmation);
  const showPasswordError = submitted && passwordProblem !== null;
  const showConfirmError = submitted && confirmProblem !== null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setSubmitted(true);
    if (confirmProblem || (await check())) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          setDone(true);
          setSubmitted(false);
          setPassword('');
          setConfirmation('');
          timer.current = setTimeout(
            () => void navigate('/login?password_reset=1', { replace: true }),
            TIMINGS.passwordSetRedirectMs,
          );
        },
      },
    );
  };

  return (
    <AuthLayout title={title}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {!token ? <Alert severity="error">{t('password.missingToken')}</Alert> : null}
          {reset.isError ? <Alert severity="error">{errorMessage(reset.error)}</Alert> : null}
          {done ? (
            <Alert severity="success" role="status">
              {t('password.success')}
            </Alert>
          ) : null}
          <OutlinedTextField
            label={t('password.newPassword')}
            type="password"
            autoComplete="new-password"
            fullWidth
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={disabled}
            error={showPasswordError}
            helperText={showPasswordError ? t(`password.${passwordProblem}`) : t('password.hint')}
          />
          <PasswordStrengthMeter strength={strength} />
          <OutlinedTextField
            label={t('password.confirmPassword')}
            type="password"
            autoComplete="new-password"
            fullWidth
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            disabled={disabled}
            error={showConfirmError}
            helperText={showConfirmError ? t(`password.${confirmProblem}`) : ' '}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled}>
            {reset.isPending
              ? t('common.saving')
              : isSetPage
                ? t('password.submitSet')
                : t('password.submitReset')}
          </Button>
          <Box sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/login" variant="body2">
              {t('password.backToSignIn')}
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
