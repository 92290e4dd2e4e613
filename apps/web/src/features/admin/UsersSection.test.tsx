import { adminRoutes, authRoutes, supportRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  sessionAnswer,
  testUser,
} from '../../test/utils';
import SuperAdminPage from './SuperAdminPage';
import type { AdminUserRow } from './usersApi';

const routes = [{ path: '/admin/super', element: <SuperAdminPage /> }];

const accounts: AdminUserRow[] = [
  {
    id: 1,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    role: 'user',
    is_super_admin: true,
    created_at: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    email: 'sam@example.com',
    name: 'Sam Support',
    role: 'user',
    is_super_admin: false,
    created_at: '2026-01-05T00:00:00.000Z',
  },
];

function mockApi() {
  let users = accounts.map((user) => ({ ...user }));
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer({ ...testUser, is_super_admin: true }),
    [routeKey(adminRoutes.invoices)]: () => jsonResponse(200, { data: [] }),
    [routeKey(adminRoutes.tariffs)]: () => jsonResponse(200, { data: [] }),
    [routeKey(adminRoutes.projects)]: () => jsonResponse(200, { data: [] }),
    [routeKey(supportRoutes.listUsers)]: (url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const role = url.searchParams.get('role');
      return routeAnswer(supportRoutes.listUsers, {
        data: users.filter(
          (user) =>
            (!q || `${user.name} ${user.email}`.toLowerCase().includes(q)) && (!role || user.role === role),
        ),
      });
    },
    [routeKey(supportRoutes.setUserRole, { userId: 2 })]: (_url, init) => {
      const { role } = JSON.parse(String(init?.body));
      users = users.map((user) => (user.id === 2 ? { ...user, role } : user));
      return routeAnswer(supportRoutes.setUserRole, { data: users[1]! });
    },
  });
}

describe('super admin users', () => {
  it('searches accounts and sets the support role', async () => {
    const fetch = mockApi();
    renderRoutes(routes, '/admin/super');
    const section = within(await screen.findByTestId('admin-users'));
    expect(await section.findByTestId('admin-user-2')).toBeInTheDocument();
    expect(within(section.getByTestId('admin-user-1')).getByText('Super admin')).toBeInTheDocument();

    fireEvent.change(section.getByLabelText('Search by name or email'), { target: { value: 'sam' } });
    fireEvent.keyDown(section.getByLabelText('Search by name or email'), { key: 'Enter' });
    await waitFor(() => expect(section.queryByTestId('admin-user-1')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/admin/users?q=sam')).toBe(true);

    fireEvent.mouseDown(section.getByRole('combobox', { name: 'Role of Sam Support' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Support' }));
    expect(await screen.findByText('Sam Support now has the role Support.')).toBeInTheDocument();
    const put = fetch.mock.calls.find(
      ([url, init]) => url === '/api/admin/users/2' && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ role: 'support' });
    await waitFor(() =>
      expect(section.getByRole('combobox', { name: 'Role of Sam Support' })).toHaveTextContent('Support'),
    );
  });
});
