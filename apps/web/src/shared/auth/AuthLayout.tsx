import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../components/LanguageMenu';

/** Public pages (sign in, sign up, password): a centred card under the product name. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: 6,
      }}
    >
      <Box sx={{ position: 'absolute', top: 12, right: 12 }}>
        <LanguageMenu />
      </Box>
      <Typography variant="h5" color="primary" sx={{ fontWeight: 700, mb: 3, letterSpacing: 0.5 }}>
        {t('common.appName')}
      </Typography>
      <Paper elevation={0} variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Stack spacing={0.5} sx={{ mb: 3 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle ? <Typography color="textSecondary">{subtitle}</Typography> : null}
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
