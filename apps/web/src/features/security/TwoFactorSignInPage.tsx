import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { TWO_FACTOR_METHODS, type TwoFactorMethod } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { AuthLayout } from '../../shared/auth/AuthLayout';
import { redirectTarget, type TwoFactorState } from '../../shared/auth/redirect';
import { OutlinedTextField } from '../../shared/components/OutlinedTextField';
import { passkeysSupported } from './passkeyCeremony';
import { TwoFactorAlert } from './TwoFactorAlert';
import { useFinishTwoFactorSignIn, usePasskeySignIn } from './twoFactorSignIn';

/** The order the ways are offered in: a passkey first (nothing to type), a recovery code last. */
const ORDER: Record<TwoFactorMethod, number> = { passkey: 0, totp: 1, recovery_code: 2 };

const SWITCH_LABELS: Record<TwoFactorMethod, string> = {
  passkey: 'twoFactorSignIn.usePasskey',
  totp: 'twoFactorSignIn.useApp',
  recovery_code: 'twoFactorSignIn.useRecovery',
};

/**
 * The ways this sign-in may finish, the first one shown first: those the first step's answer named (router
 * state; every way when the page was opened without it), a passkey only where the browser has WebAuthn.
 */
function waysIn(state: unknown): { ways: TwoFactorMethod[]; passkeyUnavailable: boolean } {
  const named = (state as TwoFactorState | null)?.methods;
  const offered = named ?? [...TWO_FACTOR_METHODS];
  const supported = passkeysSupported();
  const ways = TWO_FACTOR_METHODS.filter(
    (method) => offered.includes(method) && (method !== 'passkey' || supported),
  ).sort((a, b) => ORDER[a] - ORDER[b]);
  return {
    // A recovery code always works while the account has two-factor sign-in.
    ways: ways.length > 0 ? ways : ['recovery_code'],
    passkeyUnavailable: Boolean(named?.includes('passkey')) && !supported,
  };
}

/**
 * The second step of a sign-in (/login/two-factor): a passkey, a code of the authenticator app, or a recovery
 * code. The pending sign-in is the server's httpOnly cookie; when it has expired the page sends the user back
 * to /login.
 */
export default function TwoFactorSignInPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const finish = useFinishTwoFactorSignIn();
  const passkey = usePasskeySignIn();
  const [{ ways, passkeyUnavailable }] = useState(() => waysIn(location.state));
  const [way, setWay] = useState<TwoFactorMethod>(ways[0]!);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const error = way === 'passkey' ? passkey.error : finish.error;
  const expired = isApiError(error, 401) && error.code === 'two_factor_expired';
  const busy = finish.isPending || passkey.isPending;
  // A sign-in that accepted an invitation opens the project it joined, as it does without a second factor.
  const signedIn = ({ joinedProjectId }: { joinedProjectId?: number | undefined }) =>
    void navigate(
      joinedProjectId === undefined ? redirectTarget(location.state) : `/projects/${joinedProjectId}`,
      {
        replace: true,
      },
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (way === 'passkey') {
      passkey.mutate(undefined, { onSuccess: signedIn });
      return;
    }
    const typed = code.trim();
    setMissing(typed === '');
    if (!typed) return;
    finish.mutate(way === 'recovery_code' ? { recovery_code: typed } : { code: typed }, {
      onSuccess: signedIn,
    });
  };
  const switchTo = (next: TwoFactorMethod) => {
    setWay(next);
    setCode('');
    setMissing(false);
    finish.reset();
    passkey.reset();
  };

  const subtitles: Record<TwoFactorMethod, string> = {
    passkey: t('twoFactorSignIn.passkeySubtitle'),
    totp: t('twoFactorSignIn.subtitle'),
    recovery_code: t('twoFactorSignIn.recoverySubtitle'),
  };
  return (
    <AuthLayout title={t('twoFactorSignIn.title')} subtitle={subtitles[way]}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {passkeyUnavailable && way !== 'passkey' ? (
            <Alert severity="info">{t('twoFactorSignIn.noPasskeySupport')}</Alert>
          ) : null}
          <TwoFactorAlert
            error={error}
            action={
              expired ? (
                <Button component={RouterLink} to="/login" color="inherit" size="small">
                  {t('twoFactorSignIn.backToLogin')}
                </Button>
              ) : undefined
            }
          />
          {way === 'passkey' ? (
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={<KeyOutlinedIcon />}
              disabled={busy}
              fullWidth
              autoFocus
            >
              {passkey.isPending ? t('twoFactorSignIn.waitingForPasskey') : t('twoFactorSignIn.usePasskey')}
            </Button>
          ) : (
            <>
              <OutlinedTextField
                key={way}
                label={
                  way === 'recovery_code' ? t('twoFactorSignIn.recoveryCode') : t('twoFactorSignIn.code')
                }
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setMissing(false);
                }}
                autoFocus
                fullWidth
                autoComplete={way === 'recovery_code' ? 'off' : 'one-time-code'}
                inputProps={{
                  inputMode: way === 'recovery_code' ? 'text' : 'numeric',
                  maxLength: 32,
                }}
                error={missing}
                helperText={missing ? t('twoFactorSignIn.codeRequired') : ' '}
              />
              <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
                {finish.isPending ? t('twoFactorSignIn.verifying') : t('twoFactorSignIn.verify')}
              </Button>
            </>
          )}
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            {ways
              .filter((other) => other !== way)
              .map((other) => (
                <Link
                  key={other}
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => switchTo(other)}
                  disabled={busy}
                >
                  {t(SWITCH_LABELS[other])}
                </Link>
              ))}
            <Link component={RouterLink} to="/login" variant="body2">
              {t('twoFactorSignIn.backToLogin')}
            </Link>
          </Stack>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
