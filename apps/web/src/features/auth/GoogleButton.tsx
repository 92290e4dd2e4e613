import GoogleIcon from '@mui/icons-material/Google';
import { Button, CircularProgress, Divider } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/transport';
import { OAUTH_START_FAILED, startGoogleSignIn, useGoogleAvailable } from './google';

interface GoogleButtonProps {
  variant: 'login' | 'signup';
  /** Where the app opens after signing in (as after a password sign-in). */
  returnTo: string;
  /** Gets the message to show when Google sign-in could not start. */
  onError: (message: string) => void;
  /** The token of the invitation the sign-up came from: the account joins its project. */
  inviteToken?: string | undefined;
}

/** Spec 2 §2.8: full width, outlined, a spinner while the request runs; hidden when the server has no Google. */
export function GoogleButton({ variant, returnTo, onError, inviteToken }: GoogleButtonProps) {
  const { t } = useTranslation();
  const available = useGoogleAvailable();
  const [loading, setLoading] = useState(false);
  if (!available) return null;

  const messageOf = (error: unknown): string => {
    if (error instanceof ApiError && error.message) return error.message;
    if (error instanceof Error && error.message === OAUTH_START_FAILED) return t('auth.google.startFailed');
    if (error instanceof TypeError) return t('errors.network');
    return t('auth.google.error');
  };

  const start = async () => {
    setLoading(true);
    try {
      await startGoogleSignIn(returnTo, inviteToken);
    } catch (error) {
      console.error('Google sign-in failed to start', error);
      onError(messageOf(error));
      setLoading(false);
    }
  };

  return (
    <>
      <Divider>{t('auth.google.or')}</Divider>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        disabled={loading}
        onClick={() => void start()}
        startIcon={loading ? <CircularProgress size={18} color="inherit" /> : <GoogleIcon />}
      >
        {variant === 'login' ? t('auth.google.signIn') : t('auth.google.signUp')}
      </Button>
    </>
  );
}
