import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  IconButton,
  LinearProgress,
  Stack,
  Toolbar,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { LAYOUT } from '@parley/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { HelpDrawer } from '../features/help/HelpDrawer';
import { ProjectSelector } from '../features/projects/ProjectSelector';
import { useMe } from '../shared/api/auth';
import { useOpenChangeRequestCount } from '../shared/api/changeRequests';
import { useSelectedProject } from '../shared/app/selection';
import { LanguageMenu } from '../shared/components/LanguageMenu';
import { LoadingState } from '../shared/components/States';
import { AccountMenu } from './AccountMenu';
import { useNavigationPending } from './AppRouter';
import { Sidebar } from './Sidebar';

/** Signed-in layout (spec 1 §2.1): sidebar, header, page content and the help drawer. */
export function AppShell() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { data: user } = useMe();
  const { project } = useSelectedProject();
  const [helpOpen, setHelpOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  // Below md the sidebar would squeeze the page: it becomes a drawer opened from the header.
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const openRequests = useOpenChangeRequestCount(project?.id ?? null);
  // The next page's code is loading: the current page stays until it is in.
  const navigating = useNavigationPending();
  // The page's code may still be loading when the shell shows first.
  const page = (
    <Suspense fallback={<LoadingState minHeight={400} />}>
      <Outlet />
    </Suspense>
  );

  if (params.get('pdf') === '1') return <Box sx={{ p: 3 }}>{page}</Box>;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        sx={{
          width: narrow ? '100%' : `calc(100% - ${LAYOUT.sidebarWidth}px)`,
          ml: narrow ? 0 : `${LAYOUT.sidebarWidth}px`,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2, md: 3 } }}>
          {narrow ? (
            <IconButton
              data-testid="menu-button"
              aria-label={t('header.menu')}
              aria-expanded={navOpen ? 'true' : 'false'}
              onClick={() => setNavOpen(true)}
              edge="start"
            >
              <MenuIcon />
            </IconButton>
          ) : null}
          <ProjectSelector />
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={{ xs: 0, sm: 1 }} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <LanguageMenu />
            <Tooltip title={t('header.help')}>
              <IconButton
                data-testid="help-button"
                aria-label={t('header.help')}
                onClick={() => setHelpOpen(true)}
                color={helpOpen ? 'primary' : 'default'}
              >
                <HelpOutlineIcon />
              </IconButton>
            </Tooltip>
            {user ? <AccountMenu user={user} /> : null}
          </Stack>
        </Toolbar>
        {navigating ? (
          <LinearProgress
            aria-label={t('common.loading')}
            sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}
          />
        ) : null}
      </AppBar>
      <Sidebar
        projectId={project?.id ?? null}
        projectName={project?.name}
        projectRole={project?.my_role ?? null}
        isSuperAdmin={user?.is_super_admin ?? false}
        isSupport={user?.role === 'support'}
        badges={{ changeRequests: openRequests.data }}
        mobile={narrow ? { open: navOpen, onClose: () => setNavOpen(false) } : undefined}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default' }}>
        <Toolbar />
        <Box sx={{ p: { xs: 2, md: 3 } }}>{page}</Box>
      </Box>
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} path={pathname} />
    </Box>
  );
}
