import { authRoutes, type ErrorBody, twoFactorRoutes } from '@parley/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, routeKey, sessionAnswer } from '../../test/utils';
import TwoFactorSignInPage from './TwoFactorSignInPage';

const USER = {
  id: 7,
  email: 'ada@example.com',
  name: 'Ada',
  language: 'en',
  role: 'user',
  is_super_admin: false,
  created_at: '2026-01-01T00:00:00.000Z',
  has_password: true,
};

const routes = [
  { path: '/login', element: <p>Sign-in page</p> },
  { path: '/login/two-factor', element: <TwoFactorSignInPage /> },
  { path: '/dashboard', element: <p>Dashboard</p> },
];

describe('two-factor sign-in', () => {
  it('asks for the code, sends it, and opens the app', async () => {
    const fetch = mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(null),
      [routeKey(twoFactorRoutes.signIn)]: () => jsonResponse(200, { data: USER }),
    });
    renderRoutes(routes, '/login/two-factor');
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/auth/two-factor'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ code: '123456' });
  });

  it('takes a recovery code instead, and offers the way back when the pending sign-in has expired', async () => {
    const fetch = mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(null),
      [routeKey(twoFactorRoutes.signIn)]: () =>
        jsonResponse(401, {
          error: { code: 'two_factor_expired', message: 'This sign-in has expired.' },
        } satisfies ErrorBody),
    });
    renderRoutes(routes, '/login/two-factor');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('This sign-in has expired or had too many wrong codes. Please sign in again.'),
    ).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/auth/two-factor'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ recovery_code: 'abcde-fghjk' });
    expect(screen.getAllByRole('link', { name: 'Back to sign in' }).length).toBeGreaterThan(0);
  });
});
