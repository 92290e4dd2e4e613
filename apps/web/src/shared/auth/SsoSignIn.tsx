import KeyIcon from '@mui/icons-material/Key';
import { Alert, Button, CircularProgress } from '@mui/material';
import { firstVisitEndpoints, type ssoRoutes } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, callUnchecked } from '../api/transport';
import { EMAIL_PATTERN } from './validation';

/** Asks whether the email's domain uses SSO; when it does, the browser leaves for the identity provider. */
async function startSsoSignIn(email: string): Promise<boolean> {
  const { data } = await callUnchecked<typeof ssoRoutes.start>(firstVisitEndpoints.ssoStart, { email });
  if (data.sso && data.redirect_url) window.location.assign(data.redirect_url);
  return data.sso;
}

const KNOWN_ERRORS = new Set([
  'sso_expired',
  'sso_refused',
  'sso_disabled',
  'sso_foreign_email',
  'sso_email_unverified',
]);

/**
 * "Sign in with SSO" on the sign-in page: the typed email's domain goes to its identity provider. A password
 * sign-in refused with sso_required starts it too; /login?sso_error=… says why an SSO sign-in came back refused.
 */
function errorKey(code: string): string {
  if (code === 'account_deactivated') return 'errors.account_deactivated';
  return KNOWN_ERRORS.has(code) ? `ssoSignIn.errors.${code}` : 'ssoSignIn.errors.failed';
}

export function SsoSignIn({ email, loginError }: { email: () => string; loginError: unknown }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const returned = params.get('sso_error');

  const start = async () => {
    const value = email().trim();
    if (!EMAIL_PATTERN.test(value)) {
      setMessage(t('ssoSignIn.emailFirst'));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      if (!(await startSsoSignIn(value))) {
        setMessage(t('ssoSignIn.notSso'));
        setBusy(false);
      }
    } catch (error) {
      setMessage(error instanceof ApiError && error.message ? error.message : t('ssoSignIn.startFailed'));
      setBusy(false);
    }
  };

  const ssoRequired = loginError instanceof ApiError && loginError.code === 'sso_required';
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new refusal starts it
  useEffect(() => {
    if (ssoRequired) void start();
  }, [ssoRequired]);

  return (
    <>
      {returned ? <Alert severity="error">{t(errorKey(returned))}</Alert> : null}
      {ssoRequired ? <Alert severity="info">{t('ssoSignIn.required')}</Alert> : null}
      {message ? <Alert severity="warning">{message}</Alert> : null}
      <Button
        variant="outlined"
        size="large"
        fullWidth
        disabled={busy}
        onClick={() => void start()}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <KeyIcon />}
        data-testid="sso-sign-in"
      >
        {t('ssoSignIn.button')}
      </Button>
    </>
  );
}
