import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ceremonyProblem } from './passkeyCeremony';

/**
 * Why a step of two-factor sign-in failed: the browser's passkey ceremony (a cancelled prompt reads calmly, as
 * information) or the server's answer (its error code translated). Nothing when there is no error.
 */
export function TwoFactorAlert({ error, action }: { error: Error | null; action?: ReactNode }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage('twoFactorSignIn');
  if (!error) return null;
  const problem = ceremonyProblem(error);
  return (
    <Alert severity={problem === 'cancelled' ? 'info' : 'error'} action={action}>
      {problem ? t(`twoFactorSignIn.passkey.${problem}`) : errorMessage(error)}
    </Alert>
  );
}
