import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { AuthLayout } from '../../shared/auth/AuthLayout';
import { redirectTarget } from '../../shared/auth/redirect';
import { OutlinedTextField } from '../../shared/components/OutlinedTextField';
import { useFinishTwoFactorSignIn } from './twoFactorApi';

/**
 * The second step of a sign-in (/login/two-factor): a code of the authenticator app, or a recovery code. The
 * pending sign-in is the server's httpOnly cookie; when it has expired the page sends the user back to /login.
 */
export default function TwoFactorSignInPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const finish = useFinishTwoFactorSignIn();
  const errorMessage = useErrorMessage('twoFactorSignIn');
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const expired = isApiError(finish.error, 401) && finish.error.code === 'two_factor_expired';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    setMissing(typed === '');
    if (!typed) return;
    finish.mutate(recovery ? { recovery_code: typed } : { code: typed }, {
      onSuccess: () => void navigate(redirectTarget(location.state), { replace: true }),
    });
  };

  return (
    <AuthLayout
      title={t('twoFactorSignIn.title')}
      subtitle={recovery ? t('twoFactorSignIn.recoverySubtitle') : t('twoFactorSignIn.subtitle')}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {finish.isError ? (
            <Alert
              severity="error"
              action={
                expired ? (
                  <Button component={RouterLink} to="/login" color="inherit" size="small">
                    {t('twoFactorSignIn.backToLogin')}
                  </Button>
                ) : undefined
              }
            >
              {errorMessage(finish.error)}
            </Alert>
          ) : null}
          <OutlinedTextField
            key={recovery ? 'recovery' : 'code'}
            label={recovery ? t('twoFactorSignIn.recoveryCode') : t('twoFactorSignIn.code')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setMissing(false);
            }}
            autoFocus
            fullWidth
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputProps={{
              inputMode: recovery ? 'text' : 'numeric',
              maxLength: 32,
            }}
            error={missing}
            helperText={missing ? t('twoFactorSignIn.codeRequired') : ' '}
          />
          <Button type="submit" variant="contained" size="large" disabled={finish.isPending} fullWidth>
            {finish.isPending ? t('twoFactorSignIn.verifying') : t('twoFactorSignIn.verify')}
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                finish.reset();
              }}
            >
              {recovery ? t('twoFactorSignIn.useApp') : t('twoFactorSignIn.useRecovery')}
            </Link>
            <Link component={RouterLink} to="/login" variant="body2">
              {t('twoFactorSignIn.backToLogin')}
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
