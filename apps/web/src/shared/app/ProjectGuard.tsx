import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import {
  hasRoleAtLeast,
  mentionsServerUnavailable,
  type Project,
  projectIdFromPath,
} from '@parley/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation, useParams } from 'react-router';
import { ApiError, UnexpectedAnswerError } from '../api/client';
import { EmptyState, LoadingState } from '../components/States';
import { useProjectById, useProjects } from './projects';

const ProjectContext = createContext<Project | null>(null);

/** The project of the current /projects/:projectId/... route (inside ProjectGuard). */
export function useCurrentProject(): Project {
  const project = useContext(ProjectContext);
  if (!project) throw new Error('useCurrentProject is used outside ProjectGuard');
  return project;
}

export function ProjectProvider({ project, children }: { project: Project; children: ReactNode }) {
  return <ProjectContext.Provider value={project}>{children}</ProjectContext.Provider>;
}

/**
 * What the guard shows of a failed load (spec 2 §2.3): the server's message, else the HTTP status (a proxy's
 * '502 Bad Gateway' page), else the browser's own (network). An answer off the contract shows the default.
 */
function loadErrorText(error: Error): string {
  if (error instanceof ApiError) {
    return error.message || `Request failed: ${error.status} ${error.statusText}`.trim();
  }
  return error instanceof UnexpectedAnswerError ? '' : error.message;
}

function GoToProjects() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to="/dashboard" variant="contained">
      {t('guard.goToProjects')}
    </Button>
  );
}

function GuardMessage({ message, note }: { message: string; note?: string }) {
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" sx={{ width: '100%' }} data-testid="project-guard-error">
          <AlertTitle>{message}</AlertTitle>
          {note ?? null}
        </Alert>
        <GoToProjects />
      </Stack>
    </Box>
  );
}

/**
 * Loads the project of /projects/:projectId/... (spec 1 §2.1, spec 2 §2.3): from the loaded list when it
 * is there, else by id. 404 means missing or no access.
 */
export function ProjectGuard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const id = projectIdFromPath(pathname) ?? Number(params.projectId);
  const validId = Number.isInteger(id) && id > 0;
  const projects = useProjects();
  const fromList = projects.data?.find((p) => p.id === id);
  const listSettled = projects.isSuccess || projects.isError;
  const byId = useProjectById(id, validId && listSettled && !fromList);

  if (!validId) return <GuardMessage message={t('guard.notFound')} />;

  const project = fromList ?? byId.data;
  if (project) {
    return (
      <ProjectProvider project={project}>
        {project.read_only ? (
          <Alert
            severity="info"
            icon={<VisibilityOutlinedIcon />}
            sx={{ mb: 2 }}
            data-testid="project-read-only"
          >
            {t('guard.readOnly')}
          </Alert>
        ) : null}
        {project.my_representative === null ? (
          // Limited to their own representative's analyses (agents_see_own) without one: every list is empty.
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="unlinked-agent">
            {t('guard.unlinkedAgent')}
          </Alert>
        ) : null}
        {children ?? <Outlet />}
      </ProjectProvider>
    );
  }
  if (!listSettled || byId.isPending) return <LoadingState label={t('guard.loading')} />;

  const error = byId.error;
  if (error instanceof ApiError && error.status === 404)
    return <GuardMessage message={t('guard.notFound')} />;
  const message = (error ? loadErrorText(error) : '') || t('guard.loadFailed');
  const note = mentionsServerUnavailable(message) ? t('guard.serverUnavailable') : undefined;
  return <GuardMessage message={message} note={note} />;
}

/** Pages for project admins and owners only (spec 1 §6): others get a 'no permission' message. */
export function RequireProjectManager({ children }: { children?: ReactNode }) {
  const project = useCurrentProject();
  if (!hasRoleAtLeast(project.my_role, 'admin')) return <NoPermission />;
  return <>{children ?? <Outlet />}</>;
}

/** 'No permission', with why: by default that the area is for project admins and owners. */
export function NoPermission({ description }: { description?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<LockOutlinedIcon />}
      title={t('permission.title')}
      description={description ?? t('permission.description')}
    />
  );
}
