import AddToDriveOutlinedIcon from '@mui/icons-material/AddToDriveOutlined';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import PlaylistAddOutlinedIcon from '@mui/icons-material/PlaylistAddOutlined';
import { Box, Button, Chip, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { Page } from '../../shared/components/Page';
import { BlacklistPanel } from '../blacklist/BlacklistPanel';
import { useCurrentProject } from '../projects/ProjectGuard';

/** The tabs of /projects/{id}/integrations/{tab}, in order. */
export const INTEGRATION_TABS = ['google-drive', 'blacklist'] as const;
export type IntegrationTab = (typeof INTEGRATION_TABS)[number];
/** Where /integrations (and an unknown tab) leads while the Drive integration is not built. */
export const DEFAULT_INTEGRATION_TAB: IntegrationTab = 'blacklist';

const TAB_LABELS: Record<IntegrationTab, string> = {
  'google-drive': 'integrations.tabs.googleDrive',
  blacklist: 'integrations.tabs.blacklist',
};

const isTab = (value: string | undefined): value is IntegrationTab =>
  (INTEGRATION_TABS as readonly string[]).includes(value ?? '');

/** The Google Drive tab: the integration is not built yet (spec 2 §2.7 describes it). */
function GoogleDrivePanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 } }} data-testid="google-drive-soon">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }}>
          <AddToDriveOutlinedIcon />
        </Box>
        <Chip label={t('integrations.googleDrive.chip')} color="primary" variant="outlined" />
        <Typography variant="h6" component="h2">
          {t('integrations.googleDrive.title')}
        </Typography>
        <Typography variant="body1" sx={{ maxWidth: 580 }}>
          {t('integrations.googleDrive.description')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ maxWidth: 580 }}>
          {t('integrations.googleDrive.meanwhile')}
        </Typography>
        <Button
          component={RouterLink}
          to={`/projects/${projectId}/analysis/bulk-upload`}
          variant="outlined"
          startIcon={<PlaylistAddOutlinedIcon />}
        >
          {t('integrations.googleDrive.bulkLink')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /projects/{id}/integrations/{tab} (admin, owner): Google Drive (coming soon) and the blacklist. */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  // Seen through a support-access grant: the server refuses every change.
  const readOnly = Boolean(project.read_only);
  const { tab } = useParams();
  if (!isTab(tab)) {
    return <Navigate to={`/projects/${project.id}/integrations/${DEFAULT_INTEGRATION_TAB}`} replace />;
  }
  return (
    <Page title={t('integrations.title')} subtitle={t('integrations.subtitle')} maxWidth={1100}>
      <Tabs
        value={tab}
        aria-label={t('integrations.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {INTEGRATION_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(TAB_LABELS[value])}
            icon={value === 'blacklist' ? <BlockOutlinedIcon /> : <AddToDriveOutlinedIcon />}
            iconPosition="start"
            component={RouterLink}
            to={`/projects/${project.id}/integrations/${value}`}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      {tab === 'blacklist' ? (
        <BlacklistPanel projectId={project.id} timeZone={project.timezone} readOnly={readOnly} />
      ) : (
        <GoogleDrivePanel projectId={project.id} />
      )}
    </Page>
  );
}
