import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { checkSession, useSession } from '../shared/api/session';
import { useErrorMessage } from '../shared/api/useErrorMessage';
import { ErrorState, LoadingState } from '../shared/components/States';

/** Signed-in area: anonymous visitors go to /login, which brings them back here afterwards. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();

  if (session.status === 'pending') return <LoadingState minHeight={400} label={t('common.loading')} />;
  if (session.status === 'error') {
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto', mt: 8, px: 2 }}>
        <ErrorState message={errorMessage(session.error)} onRetry={checkSession} />
      </Box>
    );
  }
  if (!session.user) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <Outlet />;
}
