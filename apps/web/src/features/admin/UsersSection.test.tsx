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
    two_factor_enabled: false,
  },
  {
    id: 2,
    email: 'sam@example.com',
    name: 'Sam Support',
    role: 'user',
    is_super_admin: false,
    created_at: '2026-01-05T00:00:00.000Z',
    two_factor_enabled: true,
  },
];

/** The API of the page; `resetAnswer` answers the reset of Sam's two-factor sign-in (default: done). */
function mockApi(resetAnswer?: () => Response) {
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
    [routeKey(supportRoutes.resetUserTwoFactor, { userId: 2 })]: () => {
      if (resetAnswer) return resetAnswer();
      users = users.map((user) => (user.id === 2 ? { ...user, two_factor_enabled: false } : user));
      return routeAnswer(supportRoutes.resetUserTwoFactor, { data: users[1]! });
    },
  });
}

const resetCalls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(
    ([url, init]) => url === '/api/admin/users/2/two-factor/reset' && init?.method === 'POST',
  );

async function openResetDialog() {
  renderRoutes(routes, '/admin/super');
  const row = within(await screen.findByTestId('admin-user-2'));
  expect(row.getByText('On')).toBeInTheDocument();
  expect(within(screen.getByTestId('admin-user-1')).getByText('Off')).toBeInTheDocument();
  // Only an account with two-factor sign-in on can be reset.
  expect(
    within(screen.getByTestId('admin-user-1')).queryByRole('button', { name: /Reset two-factor/ }),
  ).not.toBeInTheDocument();
  fireEvent.click(row.getByRole('button', { name: 'Reset two-factor sign-in of Sam Support' }));
  return within(await screen.findByRole('dialog', { name: 'Reset two-factor sign-in of Sam Support?' }));
}

describe('super admin users', () => {
  it("names each cell's column, which a phone shows beside the value (the rows are cards there)", async () => {
    mockApi();
    renderRoutes(routes, '/admin/super');
    const row = await screen.findByTestId('admin-user-2');
    expect([...row.querySelectorAll('td')].map((cell) => cell.dataset.label)).toEqual([
      'Name',
      'Email',
      'Created',
      'Role',
      'Two-factor',
    ]);
  });

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

describe('resetting two-factor sign-in', () => {
  it('says what happens and to check who asks, then resets, toasts and shows it off', async () => {
    const fetch = mockApi();
    const dialog = await openResetDialog();
    expect(dialog.getByText(/signed out everywhere/)).toBeInTheDocument();
    expect(dialog.getByText(/Check who is asking first/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Reset two-factor sign-in' }));
    expect(
      await screen.findByText(
        'Two-factor sign-in of Sam Support was reset; they were signed out everywhere.',
      ),
    ).toBeInTheDocument();
    expect(resetCalls(fetch)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByTestId('admin-user-2')).getByText('Off')).toBeInTheDocument(),
    );
  });

  it('does nothing when cancelled', async () => {
    const fetch = mockApi();
    const dialog = await openResetDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(resetCalls(fetch)).toHaveLength(0);
  });

  it("translates the server's refusal into an error toast", async () => {
    mockApi(() =>
      jsonResponse(409, {
        error: { code: 'two_factor_not_enabled', message: 'Two-factor sign-in is not on.' },
      }),
    );
    const dialog = await openResetDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Reset two-factor sign-in' }));
    expect(await screen.findByText('This account has no two-factor sign-in to reset.')).toBeInTheDocument();
  });
});
