import type { ErrorBody } from '@parley/contracts';
import { authRoutes } from '@parley/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { jsonResponse, mockFetch, renderRoutes, routeKey, sessionAnswer } from '../../test/utils';
import LoginPage from './LoginPage';

const routes = [{ path: '/login', element: <LoginPage /> }];

async function signIn(password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('opens sign-up on an installation without accounts, sign-in on one with', async () => {
    const answer = (has_accounts: boolean) =>
      mockFetch({
        [routeKey(authRoutes.session)]: () => sessionAnswer(null),
        [routeKey(authRoutes.installation)]: () => jsonResponse(200, { data: { has_accounts } }),
      });
    answer(false);
    const fresh = renderRoutes([...routes, { path: '/signup', element: <p>Sign-up page</p> }], '/login');
    expect(await screen.findByText('Sign-up page')).toBeInTheDocument();
    fresh.unmount();
    answer(true);
    renderRoutes([...routes, { path: '/signup', element: <p>Sign-up page</p> }], '/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Sign-up page')).not.toBeInTheDocument();
  });

  it('explains a locked account: a sign-in link was emailed if the password was right', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(null),
      [routeKey(authRoutes.login)]: () =>
        jsonResponse(429, {
          error: { code: 'account_locked', message: 'Too many failed sign-ins for this email.' },
        } satisfies ErrorBody),
    });
    renderRoutes(routes, '/login');
    await signIn('right password');
    expect(await screen.findByText(i18n.t('errors.account_locked'))).toBeInTheDocument();
    expect(i18n.t('errors.account_locked')).toContain('we have emailed you a link to sign in');
  });

  it('goes on to the second step when the account has two-factor sign-in, signed in to nothing yet', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(null),
      [routeKey(authRoutes.login)]: () =>
        jsonResponse(200, { data: { two_factor_required: true, methods: ['totp', 'recovery_code'] } }),
    });
    renderRoutes([...routes, { path: '/login/two-factor', element: <p>Second step</p> }], '/login');
    await signIn('right password');
    expect(await screen.findByText('Second step')).toBeInTheDocument();
  });

  it('refuses a password longer than any account can have without sending it', async () => {
    const fetch = mockFetch({ [routeKey(authRoutes.session)]: () => sessionAnswer(null) });
    renderRoutes(routes, '/login');
    await signIn('x'.repeat(257));
    expect(await screen.findByText('Password must be at most 256 characters')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/login'))).toHaveLength(0);
  });

  it('names the missing fields on submit, focuses the first, and checks again at every change', async () => {
    const fetch = mockFetch({ [routeKey(authRoutes.session)]: () => sessionAnswer(null) });
    renderRoutes(routes, '/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(i18n.t('validation.emailRequired'))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('validation.passwordRequired'))).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@' } });
    expect(await screen.findByText(i18n.t('validation.emailInvalid'))).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    expect(screen.queryByText(i18n.t('validation.emailInvalid'))).not.toBeInTheDocument();
    expect(screen.getByText(i18n.t('validation.passwordRequired'))).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/login'))).toHaveLength(0);
  });
});
