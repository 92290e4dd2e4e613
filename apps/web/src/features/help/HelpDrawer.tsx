import CloseIcon from '@mui/icons-material/Close';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { Box, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { LAYOUT } from '@parley/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../shared/components/States';

const HelpContent = lazy(() => import('./HelpContent'));

/** Right-hand help panel (spec 1 §2.1): the article for the current page path. */
export function HelpDrawer({ open, onClose, path }: { open: boolean; onClose: () => void; path: string }) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          'data-testid': 'help-drawer',
          sx: { width: { xs: '100%', sm: LAYOUT.helpDrawerWidth } },
          role: 'complementary',
          'aria-label': t('help.title'),
        } as Record<string, unknown>,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <HelpOutlineIcon color="primary" sx={{ mr: 1 }} />
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('help.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('help.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        {open ? (
          <Suspense fallback={<LoadingState label={t('help.loading')} />}>
            <HelpContent path={path} />
          </Suspense>
        ) : null}
      </Box>
    </Drawer>
  );
}
