import { projectRoutes, TEXTS } from '@parley/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, routeAnswer, routeKey, testProject } from '../../test/utils';
import { ProjectGuard, useCurrentProject } from './ProjectGuard';

function ProjectName() {
  return <h1>{useCurrentProject().name}</h1>;
}

const routes = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [{ path: 'dashboard', element: <ProjectName /> }],
  },
];

describe('ProjectGuard', () => {
  it('renders the page with the project from the loaded list', async () => {
    mockFetch({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [testProject()] }),
    });
    renderRoutes(routes, '/projects/5/dashboard');
    expect(screen.getByText(TEXTS.guard.loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sales Calls' })).toBeInTheDocument();
  });

  it('fetches by id when the project is not in the list', async () => {
    mockFetch({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [] }),
      [routeKey(projectRoutes.get, { id: 9 })]: () =>
        routeAnswer(projectRoutes.get, { data: testProject({ id: 9, name: 'Support QA' }) }),
    });
    renderRoutes(routes, '/projects/9/dashboard');
    expect(await screen.findByRole('heading', { name: 'Support QA' })).toBeInTheDocument();
  });

  it('says so above every page of a project opened read-only (support access)', async () => {
    mockFetch({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [] }),
      [routeKey(projectRoutes.get, { id: 9 })]: () =>
        routeAnswer(projectRoutes.get, { data: testProject({ id: 9, name: 'Support QA', read_only: true }) }),
    });
    renderRoutes(routes, '/projects/9/dashboard');
    expect(await screen.findByRole('heading', { name: 'Support QA' })).toBeInTheDocument();
    expect(screen.getByTestId('project-read-only')).toHaveTextContent(
      'You are viewing this project through support access: everything is read-only.',
    );
  });

  it('shows no read-only note to members', async () => {
    mockFetch({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [testProject()] }),
    });
    renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sales Calls' })).toBeInTheDocument();
    expect(screen.queryByTestId('project-read-only')).not.toBeInTheDocument();
  });

  it('says not found or no access on 404, with Go to Projects', async () => {
    mockFetch({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [] }),
      [routeKey(projectRoutes.get, { id: 5 })]: () =>
        jsonResponse(404, { error: { code: 'not_found', message: TEXTS.guard.notFound } }),
    });
    renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByText(TEXTS.guard.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXTS.guard.goToProjects })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByText(TEXTS.guard.serverUnavailable)).not.toBeInTheDocument();
  });

  it('shows the error and the server-unavailable note for a 502', async () => {
    mockFetch({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [] }),
      [routeKey(projectRoutes.get, { id: 5 })]: () =>
        new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByText(/502 Bad Gateway/)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.guard.serverUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXTS.guard.goToProjects })).toBeInTheDocument();
  });

  it('uses the server message for other failures, without the note', async () => {
    mockFetch({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [] }),
      [routeKey(projectRoutes.get, { id: 5 })]: () =>
        jsonResponse(500, { error: { code: 'internal', message: 'Database error' } }),
    });
    renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByText('Database error')).toBeInTheDocument();
    expect(screen.queryByText(TEXTS.guard.serverUnavailable)).not.toBeInTheDocument();
  });
});
