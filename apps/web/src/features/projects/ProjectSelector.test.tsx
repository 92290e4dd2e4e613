import { projectRoutes } from '@parley/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectGuard } from '../../shared/app/ProjectGuard';
import { mockFetch, renderRoutes, routeAnswer, routeKey, testProject } from '../../test/utils';
import { ProjectSelector } from './ProjectSelector';

const routes = [
  {
    path: '/projects/:projectId',
    element: (
      <>
        <ProjectSelector />
        <ProjectGuard />
      </>
    ),
    children: [{ path: 'dashboard', element: <p>Project page</p> }],
  },
  { path: '/dashboard', element: <ProjectSelector /> },
];

const selector = () => screen.getByRole('button', { name: /, Select project$/ });

describe('ProjectSelector', () => {
  it('names a project opened without membership (support access) though the list is empty', async () => {
    mockFetch({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [] }),
      [routeKey(projectRoutes.get, { id: 9 })]: () =>
        routeAnswer(projectRoutes.get, { data: testProject({ id: 9, name: 'Support QA', read_only: true }) }),
    });
    renderRoutes(routes, '/projects/9/dashboard');
    expect(await screen.findByText('Project page')).toBeInTheDocument();
    expect(selector()).toHaveTextContent('Support QA');
  });

  it('says No Projects Available when the user has none', async () => {
    mockFetch({ [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [] }) });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('No Projects Available')).toBeInTheDocument();
  });
});
