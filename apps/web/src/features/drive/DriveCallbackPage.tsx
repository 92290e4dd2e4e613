import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { LoadingState } from '../../shared/components/States';
import { forgetPendingAuth, type PendingDriveAuth, readPendingAuth, useFinishAuth } from './api';
import { drivePath } from './DrivePanel';

/**
 * /auth/google-drive/callback: Google sends the browser back here with a code and the state. The state must
 * be the one kept before leaving; the server then finishes the connection and the user is back on the
 * project's Connections tab.
 */
export default function DriveCallbackPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finish = useFinishAuth();
  const [pending] = useState<PendingDriveAuth | null>(readPendingAuth);
  // Kept as a key (and the error), not as text, so it follows a language change.
  const [problem, setProblem] = useState<{ key: string; error?: unknown } | null>(null);
  // The code works once: a second run of the effect (React's strict mode) must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // The state is good for one answer from Google.
    forgetPendingAuth();
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') || !code || !state) {
      setProblem({ key: 'drive.callback.denied' });
      return;
    }
    if (pending?.state !== state) {
      setProblem({ key: 'drive.callback.stateMismatch' });
      return;
    }
    finish.mutate(
      { code, state },
      {
        onSuccess: () => navigate(drivePath(pending.projectId, 'connections'), { replace: true }),
        onError: (error) => setProblem({ key: 'drive.connection_failed', error }),
      },
    );
  }, [params, pending, finish, navigate]);

  if (!problem) return <LoadingState label={t('drive.callback.finishing')} minHeight={300} />;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 4 }} data-testid="drive-callback-error">
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            component={RouterLink}
            to={pending ? drivePath(pending.projectId, 'connections') : '/dashboard'}
          >
            {pending ? t('drive.callback.back') : t('drive.callback.dashboard')}
          </Button>
        }
      >
        <AlertTitle>{t('drive.callback.failed')}</AlertTitle>
        {problem.error === undefined ? t(problem.key) : errorMessage(problem.error, problem.key)}
      </Alert>
    </Box>
  );
}
