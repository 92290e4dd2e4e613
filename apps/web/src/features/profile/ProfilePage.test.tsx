import { authRoutes, userRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPasswordRule } from '../../shared/auth/passwordRule';
import { mockFetch, renderRoutes, routeAnswer, routeKey, sessionAnswer, testUser } from '../../test/utils';
import ProfilePage from './ProfilePage';

const routes = [{ path: '/profile', element: <ProfilePage /> }];

describe('ProfilePage password', () => {
  beforeAll(async () => {
    (await loadPasswordRule()).checkPassword('warm up');
  });

  it('lets an account made with Google set a first password without a current one', async () => {
    const fetch = mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer({ ...testUser, has_password: false }),
      [routeKey(userRoutes.changePassword)]: () =>
        routeAnswer(userRoutes.changePassword, { data: { ok: true } }),
    });
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Set a password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New Password'), {
      target: { value: 'a brand new passphrase 42' },
    });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), {
      target: { value: 'a brand new passphrase 42' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/users/me/password'));
    expect(JSON.parse(String(sent![1]?.body))).toEqual({ new_password: 'a brand new passphrase 42' });
    // Now it has one: the ordinary form that asks for the current password.
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toBeInTheDocument());
  });
});
