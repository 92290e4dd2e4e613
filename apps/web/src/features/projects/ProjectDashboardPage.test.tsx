import { memberRoutes, projectRoutes } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, routeAnswer, testProject, testUser } from '../../test/utils';
import ProjectDashboardPage from './ProjectDashboardPage';
import { ProjectGuard } from './ProjectGuard';

const routes = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [{ path: 'dashboard', element: <ProjectDashboardPage /> }],
  },
  { path: '/dashboard', element: <p>Projects overview</p> },
];

function serve(project: ReturnType<typeof testProject>) {
  let projects = [project];
  const fetch = mockFetch({
    'GET /api/auth/me': () => jsonResponse(200, { data: testUser }),
    'GET /api/projects': () => routeAnswer(projectRoutes.list, { data: projects }),
    [`GET /api/projects/${project.id}`]: () => routeAnswer(projectRoutes.get, { data: project }),
    [`DELETE /api/projects/${project.id}/members/${testUser.id}`]: () => {
      projects = [];
      return routeAnswer(memberRoutes.remove, { data: { ok: true } });
    },
  });
  return fetch;
}

describe('project dashboard', () => {
  it('lets a member without the admin role leave the project after confirming', async () => {
    const fetch = serve(testProject({ my_role: 'user' }));
    renderRoutes(routes, '/projects/5/dashboard');
    const leave = await screen.findByRole('button', { name: 'Leave project' });
    expect(screen.queryByRole('link', { name: 'Edit Project' })).not.toBeInTheDocument();

    await userEvent.click(leave);
    const dialog = await screen.findByRole('dialog', { name: 'Leave project' });
    expect(dialog).toHaveTextContent('Leave Sales Calls? You lose access to it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave project' }));

    expect(await screen.findByText('Projects overview')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('offers managers the edit link instead, and support staff reading it neither', async () => {
    serve(testProject({ my_role: 'admin' }));
    const { unmount } = renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Calls' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Project' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave project' })).not.toBeInTheDocument();
    unmount();

    serve(testProject({ my_role: 'admin', read_only: true }));
    renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Calls' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave project' })).not.toBeInTheDocument();
  });
});
