import { authRoutes, type SupportProject, supportRoutes } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { mockFetch, renderRoutes, routeAnswer, routeKey, sessionAnswer, testUser } from '../../test/utils';
import SupportPage from './SupportPage';

const routes = [{ path: '/support', element: <SupportPage /> }];

function mockApi(
  user: Partial<typeof testUser> | Record<string, unknown>,
  projects: z.input<typeof SupportProject>[] = [],
) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer({ ...testUser, ...user }),
    [routeKey(supportRoutes.projects)]: () => routeAnswer(supportRoutes.projects, { data: projects }),
  });
}

const project = {
  id: 7,
  name: 'Support QA',
  description: 'Inbound support calls',
  timezone: 'UTC',
  granted_at: '2026-04-01T10:00:00.000Z',
  expires_at: new Date(Date.now() + 5 * 3_600_000).toISOString(),
  granted_by: { id: 3, name: 'Olivia Owner', email: 'olivia@example.com' },
};

describe('support dashboard', () => {
  it('lists the projects granted to support staff, each opening the project', async () => {
    mockApi({ role: 'support' }, [project]);
    renderRoutes(routes, '/support');
    const row = within(await screen.findByTestId('support-project-7'));
    expect(row.getByText('Support QA')).toBeInTheDocument();
    expect(row.getByText('Olivia Owner')).toBeInTheDocument();
    expect(row.getByText('5 h left')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Open Support QA' })).toHaveAttribute(
      'href',
      '/projects/7/dashboard',
    );
    expect(screen.getByText(/Projects open read-only/)).toBeInTheDocument();
  });

  it('says when nothing is granted; super admins may look too', async () => {
    mockApi({ role: 'user', is_super_admin: true });
    renderRoutes(routes, '/support');
    expect(await screen.findByText('No projects to support')).toBeInTheDocument();
  });

  it('others see the no-permission state and no call is made', async () => {
    const fetch = mockApi({ role: 'user' });
    renderRoutes(routes, '/support');
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(screen.getByText('Only support staff can open the support dashboard.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/support'))).toBe(false);
  });
});
