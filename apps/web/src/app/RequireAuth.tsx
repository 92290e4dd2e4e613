import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../shared/api/auth';
import { useErrorMessage } from '../shared/api/useErrorMessage';
import { ErrorState, LoadingState } from '../shared/components/States';

/** Signed-in area: anonymous visitors go to /login, which brings them back here afterwards. */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();

  if (me.isPending) return <LoadingState minHeight={400} label={t('common.loading')} />;
  if (me.isError) {
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto', mt: 8, px: 2 }}>
        <ErrorState message={errorMessage(me.error)} onRetry={() => void me.refetch()} />
      </Box>
    );
  }
  if (!me.data) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <Outlet />;
}
