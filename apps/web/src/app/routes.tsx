import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { LoadingState } from '../shared/components/States';
import { loadAllTexts } from '../shared/i18n';
import type { LazyRouteHandle } from './AppRouter';
import { PageErrorBoundary } from './PageErrorBoundary';
import { RequireAuth } from './RequireAuth';

/**
 * A route whose component is a chunk of its own. The app's router fetches the chunks of all the routes a URL
 * matches at once (preloadRoutes: a page's and the guards' above it together); any other router (the tests')
 * when the route first renders. Meanwhile the nearest Suspense shows a loading state, or on a navigation the
 * current page stays.
 */
const lazyComponent = (load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((Component) => ({ default: Component }));
    return loading;
  };
  const Component = lazy(preload);
  return { element: <Component />, handle: { preload } satisfies LazyRouteHandle };
};
const page = (load: () => Promise<{ default: ComponentType }>) =>
  lazyComponent(async () => (await load()).default);

const loginPage = page(() => import('../features/auth/LoginPage'));
const signupPage = page(() => import('../features/auth/SignupPage'));
const passwordPage = page(() => import('../features/auth/PasswordPage'));
const confirmEmailPage = page(() => import('../features/auth/ConfirmEmailPage'));
const signInLinkPage = page(() => import('../features/auth/SignInLinkPage'));
const googleCallbackPage = page(() => import('../features/auth/GoogleCallbackPage'));
const twoFactorSignInPage = page(() => import('../features/security/TwoFactorSignInPage'));
// (its texts are not among the public ones, nor is TanStack Query's cache, which it uses: they load with it)
const invitePage = lazyComponent(async () => {
  const [{ default: InvitePage }, { QueryCache }] = await Promise.all([
    import('../features/invites/InvitePage'),
    import('../shared/api/queryCache'),
    loadAllTexts(),
  ]);
  return () => (
    <QueryCache>
      <InvitePage />
    </QueryCache>
  );
});
/**
 * The signed-in layout is a plain React lazy component, not a lazyComponent route: the router fetches a lazy
 * route's chunk as soon as the URL matches it, before RequireAuth knows whether anyone is signed in, so an
 * anonymous first visit to '/' would download the shell (sidebar, header, help drawer and the API modules they
 * use) only to be sent to /login. This way the shell loads once RequireAuth has seen a session, and with it the texts
 * beyond those of the public pages and TanStack Query's cache, which takes the session over (session.ts).
 */
const LazyAppShell = lazy(async () => {
  const [{ AppShell }, { QueryCache }] = await Promise.all([
    import('./AppShell'),
    import('../shared/api/queryCache'),
    loadAllTexts(),
  ]);
  return {
    default: () => (
      <QueryCache>
        <AppShell />
      </QueryCache>
    ),
  };
});
const appShell = {
  element: (
    <Suspense fallback={<LoadingState minHeight={400} />}>
      <LazyAppShell />
    </Suspense>
  ),
};
const projectGuard = lazyComponent(async () => (await import('../shared/app/ProjectGuard')).ProjectGuard);
const requireProjectManager = lazyComponent(
  async () => (await import('../shared/app/ProjectGuard')).RequireProjectManager,
);
const projectsPage = page(() => import('../features/projects/ProjectsPage'));
const projectDashboardPage = page(() => import('./pages/ProjectDashboardPage'));
const projectCreatePage = lazyComponent(
  async () => (await import('../features/projects/ProjectFormPages')).ProjectCreatePage,
);
const projectEditPage = lazyComponent(
  async () => (await import('../features/projects/ProjectFormPages')).ProjectEditPage,
);
const profilePage = page(() => import('../features/profile/ProfilePage'));
const securityPage = page(() => import('../features/security/SecurityPage'));
const twoFactorGate = page(() => import('../features/security/TwoFactorGate'));
const notFoundPage = page(() => import('../features/placeholders/NotFoundPage'));
const promptsPage = page(() => import('../features/prompts/PromptsPage'));
const promptFormPage = page(() => import('../features/prompts/PromptFormPage'));
const promptsRedirect = page(() => import('../features/prompts/PromptsRedirect'));
const billingPage = page(() => import('../features/billing/BillingPage'));
const superAdminPage = page(() => import('../features/admin/SuperAdminPage'));
const ssoPage = page(() => import('../features/sso/SsoPage'));
const analysesPage = page(() => import('../features/analyses/AnalysesPage'));
const analysisPage = page(() => import('./pages/AnalysisPage'));
const searchPage = page(() => import('../features/search/SearchPage'));
const reviewPage = page(() => import('../features/reviews/ReviewPage'));
const analysisRedirect = page(() => import('../features/analyses/AnalysisRedirect'));
const failedTasksPage = page(() => import('../features/failed-tasks/FailedTasksPage'));
const uploadPage = page(() => import('../features/upload/UploadPage'));
const bulkUploadPage = page(() => import('../features/bulk-upload/BulkUploadPage'));
const integrationsPage = page(() => import('./pages/IntegrationsPage'));
const driveCallbackPage = page(() => import('../features/drive/DriveCallbackPage'));
const settingsPage = page(() => import('./pages/SettingsPage'));
const supportPage = page(() => import('../features/support/SupportPage'));
const explorerPage = page(() => import('../features/analytics/explorer/ExplorerPage'));
const checklistReportPage = page(() => import('../features/analytics/checklist/ChecklistReportPage'));
const managerDashboardPage = page(() => import('../features/analytics/manager/ManagerDashboardPage'));
const insightsPage = page(() => import('../features/insights/InsightsPage'));
const insightPage = page(() => import('../features/insights/InsightPage'));
const topicsPage = page(() => import('../features/topics/TopicsPage'));
const changeRequestsPage = page(() => import('../features/change-requests/ChangeRequestsPage'));
const reviewQueuePage = page(() => import('../features/review-queue/ReviewQueuePage'));
const calibrationPage = page(() => import('../features/review-queue/CalibrationPage'));

/** Project pages every member may open (spec 1 §6). */
const memberPages: RouteObject[] = [
  { path: 'analyses', ...analysesPage },
  { path: 'analyses/:analysisId', ...analysisRedirect },
  { path: 'analysis/:taskId', ...analysisPage },
  { path: 'analysis/:taskId/review', ...reviewPage },
  { path: 'search', ...searchPage },
  { path: 'analytics', ...explorerPage },
  { path: 'analytics/manager-dashboard', ...managerDashboardPage },
  { path: 'analytics/checklist-report', ...checklistReportPage },
  { path: 'analytics/insights', ...insightsPage },
  { path: 'analytics/insights/:insightId', ...insightPage },
  { path: 'analytics/topics', ...topicsPage },
  { path: 'change-requests', ...changeRequestsPage },
  { path: 'reviews', ...reviewQueuePage },
  { path: 'reviews/calibrations/:calibrationId', ...calibrationPage },
  { path: 'analysis/upload', ...uploadPage },
  { path: 'analysis/bulk-upload', ...bulkUploadPage },
];

/** Project pages for admins and owners only. */
const managerPages: RouteObject[] = [
  { path: 'edit', ...projectEditPage },
  { path: 'failed-tasks', ...failedTasksPage },
  { path: 'billing', ...billingPage },
  { path: 'prompts', ...promptsPage },
  { path: 'prompts/new', ...promptFormPage },
  { path: 'prompts/edit', ...promptFormPage },
  { path: 'integrations', element: <Navigate to="google-drive" replace /> },
  { path: 'integrations/:tab', ...integrationsPage },
  { path: 'settings', element: <Navigate to="general" replace /> },
  { path: 'settings/:tab', ...settingsPage },
];

export const routes: RouteObject[] = [
  {
    element: (
      <PageErrorBoundary>
        <Suspense fallback={<LoadingState minHeight={400} />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    ),
    children: [
      { path: '/login', ...loginPage },
      { path: '/login/two-factor', ...twoFactorSignInPage },
      { path: '/signup', ...signupPage },
      { path: '/set-password', ...passwordPage },
      { path: '/reset-password', ...passwordPage },
      { path: '/confirm-email', ...confirmEmailPage },
      { path: '/sign-in-link', ...signInLinkPage },
      { path: '/auth/google/callback', ...googleCallbackPage },
      // Public: the invitee may not be signed in (or not have an account) yet.
      { path: '/invite', ...invitePage },
      {
        element: <RequireAuth />,
        children: [
          {
            ...appShell,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: '/dashboard', ...projectsPage },
              { path: '/projects', element: <Navigate to="/dashboard" replace /> },
              { path: '/projects/new', ...projectCreatePage },
              {
                path: '/projects/:projectId',
                ...projectGuard,
                children: [
                  {
                    // A project that requires two-factor sign-in holds its admins and owners without one.
                    ...twoFactorGate,
                    children: [
                      { index: true, element: <Navigate to="dashboard" replace /> },
                      { path: 'dashboard', ...projectDashboardPage },
                      ...memberPages,
                      { ...requireProjectManager, children: managerPages },
                      { path: '*', ...notFoundPage },
                    ],
                  },
                ],
              },
              // Prompt pages addressed by ?projectId= / ?project_id= (spec 1 §2.2).
              { path: '/prompts', ...promptsRedirect },
              { path: '/prompts/new', ...promptsRedirect },
              { path: '/prompts/edit', ...promptsRedirect },
              // Billing addressed by ?projectId= (spec 2 §2.1): the same redirect into the project's path.
              { path: '/billing', ...promptsRedirect },
              { path: '/profile', ...profilePage },
              { path: '/profile/security', ...securityPage },
              { path: '/support', ...supportPage },
              { path: '/admin/super', ...superAdminPage },

              { path: '/sso', ...ssoPage },
              // Google sends the browser back here after a Drive consent (spec 2 §2.7).
              { path: '/auth/google-drive/callback', ...driveCallbackPage },
              { path: '*', ...notFoundPage },
            ],
          },
        ],
      },
    ],
  },
];
