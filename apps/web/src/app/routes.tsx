import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ProjectGuard, RequireProjectManager } from '../features/projects/ProjectGuard';
import { AppShell } from './AppShell';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const PasswordPage = lazy(() => import('../features/auth/PasswordPage'));
const ConfirmEmailPage = lazy(() => import('../features/auth/ConfirmEmailPage'));
const ProjectsPage = lazy(() => import('../features/projects/ProjectsPage'));
const ProjectDashboardPage = lazy(() => import('../features/projects/ProjectDashboardPage'));
const ProjectCreatePage = lazy(() =>
  import('../features/projects/ProjectFormPages').then((m) => ({ default: m.ProjectCreatePage })),
);
const ProjectEditPage = lazy(() =>
  import('../features/projects/ProjectFormPages').then((m) => ({ default: m.ProjectEditPage })),
);
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const PlaceholderPage = lazy(() => import('../features/placeholders/PlaceholderPage'));
const NotFoundPage = lazy(() => import('../features/placeholders/NotFoundPage'));
const PromptsPage = lazy(() => import('../features/prompts/PromptsPage'));
const PromptFormPage = lazy(() => import('../features/prompts/PromptFormPage'));
const PromptsRedirect = lazy(() => import('../features/prompts/PromptsRedirect'));
const BillingPage = lazy(() => import('../features/billing/BillingPage'));
const SuperAdminPage = lazy(() => import('../features/admin/SuperAdminPage'));
const AnalysesPage = lazy(() => import('../features/analyses/AnalysesPage'));
const AnalysisPage = lazy(() => import('../features/analyses/AnalysisPage'));
const AnalysisRedirect = lazy(() => import('../features/analyses/AnalysisRedirect'));
const FailedTasksPage = lazy(() => import('../features/failed-tasks/FailedTasksPage'));
const UploadPage = lazy(() => import('../features/upload/UploadPage'));
const BulkUploadPage = lazy(() => import('../features/bulk-upload/BulkUploadPage'));
const IntegrationsPage = lazy(() => import('../features/integrations/IntegrationsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const InvitePage = lazy(() => import('../features/invites/InvitePage'));
const SupportPage = lazy(() => import('../features/support/SupportPage'));

const placeholder = (path: string, navKey: string): RouteObject => ({
  path,
  element: <PlaceholderPage navKey={navKey} />,
});

/** Project pages every member may open (spec 1 §6). */
const memberPages: RouteObject[] = [
  { path: 'analyses', element: <AnalysesPage /> },
  { path: 'analyses/:analysisId', element: <AnalysisRedirect /> },
  { path: 'analysis/:taskId', element: <AnalysisPage /> },
  placeholder('analytics', 'analytics'),
  placeholder('analytics/manager-dashboard', 'managerDashboard'),
  placeholder('analytics/checklist-report', 'checklistReport'),
  placeholder('analytics/insights', 'insights'),
  placeholder('change-requests', 'changeRequests'),
  { path: 'analysis/upload', element: <UploadPage /> },
  { path: 'analysis/bulk-upload', element: <BulkUploadPage /> },
];

/** Project pages for admins and owners only. */
const managerPages: RouteObject[] = [
  { path: 'edit', element: <ProjectEditPage /> },
  { path: 'failed-tasks', element: <FailedTasksPage /> },
  { path: 'billing', element: <BillingPage /> },
  { path: 'prompts', element: <PromptsPage /> },
  { path: 'prompts/new', element: <PromptFormPage /> },
  { path: 'prompts/edit', element: <PromptFormPage /> },
  // Only the blacklist tab is built so far (the Google Drive tab says it is coming).
  { path: 'integrations', element: <Navigate to="blacklist" replace /> },
  { path: 'integrations/:tab', element: <IntegrationsPage /> },
  { path: 'settings', element: <Navigate to="general" replace /> },
  { path: 'settings/:tab', element: <SettingsPage /> },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/set-password', element: <PasswordPage /> },
      { path: '/reset-password', element: <PasswordPage /> },
      { path: '/confirm-email', element: <ConfirmEmailPage /> },
      // Public: the invitee may not be signed in (or not have an account) yet.
      { path: '/invite', element: <InvitePage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: '/dashboard', element: <ProjectsPage /> },
              { path: '/projects', element: <Navigate to="/dashboard" replace /> },
              { path: '/projects/new', element: <ProjectCreatePage /> },
              {
                path: '/projects/:projectId',
                element: <ProjectGuard />,
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', element: <ProjectDashboardPage /> },
                  ...memberPages,
                  { element: <RequireProjectManager />, children: managerPages },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
              // Prompt pages addressed by ?projectId= / ?project_id= (spec 1 §2.2).
              { path: '/prompts', element: <PromptsRedirect /> },
              { path: '/prompts/new', element: <PromptsRedirect /> },
              { path: '/prompts/edit', element: <PromptsRedirect /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/support', element: <SupportPage /> },
              { path: '/admin/super', element: <SuperAdminPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
