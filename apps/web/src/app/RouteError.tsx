import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from '../shared/components/States';

/** Last-resort boundary: a page crashed or its code failed to load (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 8, px: 2 }}>
      <ErrorState title={t('errors.pageTitle')} message={t('errors.pageDescription')}>
        <Box sx={{ mt: 2 }}>
          <Button variant="outlined" color="inherit" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        </Box>
      </ErrorState>
    </Box>
  );
}
