import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Button } from '@mui/material';
import { isNavItemVisible, isProjectManager, NAV_ITEMS } from '@parley/contracts';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BackfillBanner } from '../../features/analytics/BackfillBanner';
import { DashboardView } from '../../features/analytics/dashboard/DashboardView';
import { GettingStarted } from '../../features/analytics/dashboard/GettingStarted';
import { FilterBar } from '../../features/analytics/FilterBar';
import { useCanAnalyse } from '../../features/billing/api';
import { LeaveProjectButton } from '../../features/projects/LeaveProjectButton';
import { ProjectDetails } from '../../features/projects/ProjectDetails';
import { useAnalyticsView } from '../../shared/analytics/view';
import { usePromptChoices } from '../../shared/api/analyses';
import { useDashboard, useHasAnalyses } from '../../shared/api/analytics';
import { useMe } from '../../shared/api/auth';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { LoadingState, QueryContent } from '../../shared/components/States';

const promptsItem = NAV_ITEMS.find((item) => item.key === 'prompts')!;

/**
 * /projects/:id/dashboard: what the project's analysed conversations say over a date range (the last 30
 * days unless chosen), optionally for one prompt; a project without analyses shows how to get started.
 */
export default function ProjectDashboardPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const { data: user } = useMe();
  const { view, update, setRange } = useAnalyticsView(project.timezone);
  const prompts = usePromptChoices(project.id);
  const hasAnalyses = useHasAnalyses(project.id);
  // Only the getting-started guide of a project without analyses asks.
  const canAnalyse = useCanAnalyse(project.id, hasAnalyses.data === false);
  const dashboard = useDashboard(project.id, {
    from: view.from,
    to: view.to,
    prompt_id: view.prompt_id,
    prompt_version: view.prompt_id ? view.prompt_version : undefined,
  });
  // The figures and charts render in a background render React splits into short tasks, instead of at once in
  // the task that brought the answer (TanStack Query's store updates render synchronously): no long task.
  const shownDashboard = useDeferredValue(dashboard);
  const readOnly = Boolean(project.read_only);
  const viewer = {
    isSuperAdmin: user?.is_super_admin ?? false,
    isSupport: user?.role === 'support',
    projectRole: project.my_role,
  };

  // Managers edit the project (and leave it from Team Members); other members may leave it here. Support
  // staff reading the project through a grant do neither.
  let actions: ReactNode;
  if (!readOnly && user) {
    actions = (
      <>
        <Button
          component={RouterLink}
          to={`/projects/${project.id}/analysis/upload`}
          variant="contained"
          startIcon={<CloudUploadOutlinedIcon />}
        >
          {t('analytics.start.upload')}
        </Button>
        {isProjectManager(project.my_role) ? (
          <Button
            component={RouterLink}
            to={`/projects/${project.id}/edit`}
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
          >
            {t('projectDashboard.edit')}
          </Button>
        ) : (
          <LeaveProjectButton project={project} userId={user.id} />
        )}
      </>
    );
  }

  let content: ReactNode;
  if (hasAnalyses.isPending) content = <LoadingState label={t('analytics.loading')} />;
  else if (hasAnalyses.data === false) {
    content = (
      <GettingStarted
        projectId={project.id}
        canPay={canAnalyse.data === true}
        hasPrompts={(prompts.data?.length ?? 0) > 0}
        canManage={!readOnly && isNavItemVisible(promptsItem, viewer)}
        canUpload={!readOnly}
      />
    );
  } else {
    content = (
      <>
        <FilterBar
          view={view}
          prompts={prompts.data ?? []}
          promptId={view.prompt_id}
          allPrompts
          versions
          onChange={update}
          onRange={setRange}
        />
        <QueryContent
          query={shownDashboard}
          loadingLabel={t('analytics.loading')}
          errorTitle={t('analytics.loadError')}
        >
          {(data) => (
            <DashboardView
              data={data}
              view={view}
              projectId={project.id}
              timeZone={project.timezone}
              onAllTime={() => setRange(null, null)}
            />
          )}
        </QueryContent>
      </>
    );
  }

  return (
    <Page title={project.name} subtitle={t('projectDashboard.subtitle')} actions={actions}>
      <BackfillBanner projectId={project.id} />
      {content}
      {/* Below the figures: shown once they are in, so it is not pushed down while on screen. */}
      {hasAnalyses.isPending || (hasAnalyses.data && shownDashboard.isPending) ? null : (
        <ProjectDetails project={project} />
      )}
    </Page>
  );
}
