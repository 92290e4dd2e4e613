import AddToDriveOutlinedIcon from '@mui/icons-material/AddToDriveOutlined';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import PhoneCallbackOutlinedIcon from '@mui/icons-material/PhoneCallbackOutlined';
import { Tab, Tabs } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { BlacklistPanel } from '../../features/blacklist/BlacklistPanel';
import { DrivePanel } from '../../features/drive/DrivePanel';
import { ReceiversPanel } from '../../features/receivers/ReceiversPanel';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { scrollableTabs } from '../../shared/components/scrollableTabs';

/** The tabs of /projects/{id}/integrations/{tab}, in order. */
export const INTEGRATION_TABS = ['google-drive', 'phone-systems', 'blacklist'] as const;
export type IntegrationTab = (typeof INTEGRATION_TABS)[number];
/** Where /integrations (and an unknown tab) leads. */
export const DEFAULT_INTEGRATION_TAB: IntegrationTab = 'google-drive';

const TAB_LABELS: Record<IntegrationTab, string> = {
  'google-drive': 'integrations.tabs.googleDrive',
  'phone-systems': 'integrations.tabs.phoneSystems',
  blacklist: 'integrations.tabs.blacklist',
};

const TAB_ICONS: Record<IntegrationTab, ReactElement> = {
  'google-drive': <AddToDriveOutlinedIcon />,
  'phone-systems': <PhoneCallbackOutlinedIcon />,
  blacklist: <BlockOutlinedIcon />,
};

const isTab = (value: string | undefined): value is IntegrationTab =>
  (INTEGRATION_TABS as readonly string[]).includes(value ?? '');

/**
 * /projects/{id}/integrations/{tab} (admin, owner): Google Drive folder sync, phone-system receivers and the
 * blacklist.
 */
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
        {...scrollableTabs}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {INTEGRATION_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(TAB_LABELS[value])}
            icon={TAB_ICONS[value]}
            iconPosition="start"
            component={RouterLink}
            to={`/projects/${project.id}/integrations/${value}`}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      {tab === 'blacklist' ? (
        <BlacklistPanel projectId={project.id} timeZone={project.timezone} readOnly={readOnly} />
      ) : tab === 'phone-systems' ? (
        <ReceiversPanel projectId={project.id} readOnly={readOnly} />
      ) : (
        <DrivePanel projectId={project.id} readOnly={readOnly} />
      )}
    </Page>
  );
}
