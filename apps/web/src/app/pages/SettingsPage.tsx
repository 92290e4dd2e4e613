import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Alert, Box, Breadcrumbs, Link, Tab, Tabs, Typography } from '@mui/material';
import { type Project, TIMINGS } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ApiKeysTab } from '../../features/settings/ApiKeysTab';
import { AuditTab } from '../../features/settings/AuditTab';
import { AutomationsTab } from '../../features/settings/AutomationsTab';
import { DataRequestsTab } from '../../features/settings/DataRequestsTab';
import { GeneralTab } from '../../features/settings/GeneralTab';
import { PrivacyTab } from '../../features/settings/PrivacyTab';
import { RepMappingTab } from '../../features/settings/RepMappingTab';
import { SupportAccessTab } from '../../features/settings/SupportAccessTab';
import { TeamLeadersTab } from '../../features/settings/TeamLeadersTab';
import { TeamMembersTab } from '../../features/settings/TeamMembersTab';
import type { TabProps } from '../../features/settings/tabProps';
import { WebhooksTab } from '../../features/settings/WebhooksTab';
import { TrackersTab } from '../../features/trackers/TrackersTab';
import { serverMessage } from '../../shared/api/client';
import { useSettingsProject } from '../../shared/api/projectSettings';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page, PageFrame } from '../../shared/components/Page';
import { LoadingState } from '../../shared/components/States';
import { scrollableTabs } from '../../shared/components/scrollableTabs';
import { Toast, useToast } from '../../shared/components/Toast';

/** The tabs of /projects/{id}/settings/{tab}, in order (spec 2 §2.2; Trackers: issue 38). */
export const SETTINGS_TABS = [
  'general',
  'team-members',
  'rep-mapping',
  'team-leaders',
  'api-keys',
  'webhooks',
  'automations',
  'trackers',
  'privacy',
  'data-requests',
  'audit',
  'support-access',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const TAB_LABELS: Record<SettingsTab, string> = {
  general: 'settings.tabs.general',
  'team-members': 'settings.tabs.teamMembers',
  'rep-mapping': 'settings.tabs.repMapping',
  'team-leaders': 'settings.tabs.teamLeaders',
  'api-keys': 'settings.tabs.apiKeys',
  webhooks: 'webhooks.tab',
  automations: 'automations.tab',
  trackers: 'trackers.tab',
  privacy: 'settings.tabs.privacy',
  'data-requests': 'dataRequests.tab',
  audit: 'audit.tab',
  'support-access': 'settings.tabs.supportAccess',
};

const isTab = (value: string | undefined): value is SettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(value ?? '');

/**
 * The loaded project, with the general fields of the app's copy when that one is newer (the project form
 * saves through the projects cache, which the rest of the app reads).
 */
function freshest(loaded: Project, current: Project): Project {
  if (current.updated_at <= loaded.updated_at) return loaded;
  const { name, description, role, timezone, updated_at } = current;
  return { ...loaded, name, description, role, timezone, updated_at };
}

function TabPanel({ tab, ...props }: TabProps & { tab: SettingsTab }) {
  switch (tab) {
    case 'general':
      return <GeneralTab {...props} />;
    case 'team-members':
      return <TeamMembersTab {...props} />;
    case 'rep-mapping':
      return <RepMappingTab {...props} />;
    case 'team-leaders':
      return <TeamLeadersTab {...props} />;
    case 'api-keys':
      return <ApiKeysTab {...props} />;
    case 'webhooks':
      return <WebhooksTab {...props} />;
    case 'automations':
      return <AutomationsTab {...props} />;
    case 'trackers':
      return <TrackersTab {...props} />;
    case 'privacy':
      return <PrivacyTab {...props} />;
    case 'data-requests':
      return <DataRequestsTab {...props} />;
    case 'audit':
      return <AuditTab {...props} />;
    case 'support-access':
      return <SupportAccessTab {...props} />;
  }
}

/**
 * /projects/{id}/settings/{tab} (admins and owners; the router wraps it in RequireProjectManager): a
 * breadcrumb, the seven tabs as links, and the open tab once the project is loaded.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const current = useCurrentProject();
  const { tab } = useParams();
  const [params] = useSearchParams();
  const query = useSettingsProject(current.id);
  const { toast, show, close } = useToast();
  const readOnly = Boolean(query.data?.read_only);

  if (!isTab(tab)) return <Navigate to={`/projects/${current.id}/settings/general`} replace />;
  // Spec 2 §2.2: the API keys tab takes its project from ?projectId= when given, else the selected one.
  const requested = Number(params.get('projectId'));
  if (tab === 'api-keys' && Number.isInteger(requested) && requested > 0 && requested !== current.id) {
    return <Navigate to={`/projects/${requested}/settings/api-keys`} replace />;
  }

  return (
    <PageFrame>
      <Breadcrumbs
        aria-label={t('settings.breadcrumb.label')}
        separator={<NavigateNextIcon fontSize="small" />}
        sx={{ mb: 1.5 }}
        data-testid="settings-breadcrumb"
      >
        <Link component={RouterLink} to="/dashboard" underline="hover" color="inherit">
          {t('settings.breadcrumb.dashboard')}
        </Link>
        <Link component={RouterLink} to={`/projects/${current.id}`} underline="hover" color="inherit">
          {t('settings.breadcrumb.project')}
        </Link>
        <Typography color="textPrimary" aria-current="page">
          {t('settings.breadcrumb.settings')}
        </Typography>
      </Breadcrumbs>
      <Page title={t('nav.settings')} subtitle={current.name}>
        <Tabs
          value={tab}
          {...scrollableTabs}
          aria-label={t('settings.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
        >
          {SETTINGS_TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(TAB_LABELS[value])}
              component={RouterLink}
              to={`/projects/${current.id}/settings/${value}`}
              data-testid={`settings-tab-${value}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" aria-label={t(TAB_LABELS[tab])}>
          {query.isPending ? (
            <LoadingState label={t('settings.loading')} />
          ) : query.isError ? (
            <Alert severity="error" data-testid="settings-load-error">
              {serverMessage(query.error) || t('settings.loadFailed')}
            </Alert>
          ) : (
            // The read-only note of support access is above every project page (ProjectGuard).
            <TabPanel tab={tab} project={freshest(query.data, current)} notify={show} readOnly={readOnly} />
          )}
        </Box>
        <Toast toast={toast} onClose={close} autoHideMs={TIMINGS.noticeBarMs} />
      </Page>
    </PageFrame>
  );
}
