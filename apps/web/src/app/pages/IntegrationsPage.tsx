import AddToDriveOutlinedIcon from '@mui/icons-material/AddToDriveOutlined';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import { Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { BlacklistPanel } from '../../features/blacklist/BlacklistPanel';
import { DrivePanel } from '../../features/drive/DrivePanel';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';

/** The tabs of /projects/{id}/integrations/{tab}, in order. */
export const INTEGRATION_TABS = ['google-drive', 'blacklist'] as const;
export type IntegrationTab = (typeof INTEGRATION_TABS)[number];
/** Where /integrations (and an unknown tab) leads. */
export const DEFAULT_INTEGRATION_TAB: IntegrationTab = 'google-drive';

const TAB_LABELS: Record<IntegrationTab, string> = {
  'google-drive': 'integrations.tabs.googleDrive',
  blacklist: 'integrations.tabs.blacklist',
};

const isTab = (value: string | undefined): value is IntegrationTab =>
  (INTEGRATION_TABS as readonly string[]).includes(value ?? '');

/** /projects/{id}/integrations/{tab} (admin, owner): Google Drive folder sync and the blacklist. */
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
    <Page title={t('integrations.title')} subtitle={t('integrations.subtitle')}>
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
        <DrivePanel projectId={project.id} readOnly={readOnly} />
      )}
    </Page>
  );
}
