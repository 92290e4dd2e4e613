import { authRoutes, type ErrorBody, type OkResponse, TEXTS, TIMINGS } from '@parley/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { loadPasswordRule } from '../../shared/auth/passwordRule';
import { jsonResponse, mockFetch, renderRoutes, routeKey } from '../../test/utils';
import PasswordPage from './PasswordPage';

const routes = [
  { path: '/set-password', element: <PasswordPage /> },
  { path: '/reset-password', element: <PasswordPage /> },
  { path: '/login', element: <div>login page</div> },
];

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const location = () => screen.getByTestId('location').textContent;

function fill(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText(TEXTS.password.newPassword), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(TEXTS.password.confirmPassword), {
    target: { value: confirmation },
  });
}

describe('PasswordPage', () => {
  beforeAll(async () => {
    // The page loads the rule lazily; loaded (and its estimator built) here so that tests need not wait for it.
    (await loadPasswordRule()).checkPassword('warm up');
  });
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('titles /set-password "Set Your Password" and other routes "Reset Password"', async () => {
    mockFetch({});
    renderRoutes(routes, '/set-password?token=abc');
    await flush();
    expect(screen.getByRole('heading', { name: TEXTS.password.setTitle })).toBeInTheDocument();
  });

  it('disables the form without a token and says why', async () => {
    mockFetch({});
    renderRoutes(routes, '/reset-password');
    await flush();
    expect(screen.getByRole('heading', { name: TEXTS.password.resetTitle })).toBeInTheDocument();
    expect(screen.getByText(TEXTS.password.missingToken)).toBeInTheDocument();
    expect(screen.getByLabelText(TEXTS.password.newPassword)).toBeDisabled();
    expect(screen.getByLabelText(TEXTS.password.confirmPassword)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    expect(screen.getByRole('link', { name: TEXTS.password.backToSignIn })).toHaveAttribute('href', '/login');
  });

  it('shows the validation messages', async () => {
    const fetch = mockFetch({});
    renderRoutes(routes, '/reset-password?token=abc');
    await flush();
    const submit = screen.getByRole('button', { name: 'Reset Password' });

    fireEvent.click(submit);
    await flush();
    expect(screen.getByText(TEXTS.password.required)).toBeInTheDocument();
    expect(screen.getByText(TEXTS.password.confirmRequired)).toBeInTheDocument();

    fill('short', 'short');
    fireEvent.click(submit);
    await flush();
    expect(screen.getByText(TEXTS.password.tooShort)).toBeInTheDocument();

    for (const [password, message] of [
      ['12345678', TEXTS.password.common],
      [' '.repeat(12), TEXTS.password.tooWeak],
    ] as const) {
      fill(password, password);
      fireEvent.click(submit);
      await flush();
      expect(screen.getByText(message)).toBeInTheDocument();
    }

    fill('long enough indeed', 'different!!');
    fireEvent.click(submit);
    await flush();
    expect(screen.getByText(TEXTS.password.mismatch)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('reset-password'))).toBe(false);
  });

  it('rates the new password as it is typed', async () => {
    mockFetch({});
    renderRoutes(routes, '/reset-password?token=abc');
    await flush();
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
    fill('password', '');
    expect(screen.getByRole('progressbar', { name: 'Password strength: very weak' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    fill('plum rocket violin', '');
    expect(screen.getByText('Password strength: strong')).toBeInTheDocument();
  });

  it('on success clears the fields, disables the form and redirects after exactly 3 s', async () => {
    const fetch = mockFetch({
      [routeKey(authRoutes.resetPassword)]: () =>
        jsonResponse(200, { data: { ok: true } } satisfies z.input<typeof OkResponse>),
    });
    renderRoutes(routes, '/set-password?token=tok123');
    await flush();
    fill('new password 1', 'new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    await flush();
    await flush();

    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/auth/reset-password'));
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toEqual({ token: 'tok123', password: 'new password 1' });
    expect(screen.getByRole('status')).toHaveTextContent(/password has been saved/i);
    expect(screen.getByLabelText(TEXTS.password.newPassword)).toHaveValue('');
    expect(screen.getByLabelText(TEXTS.password.confirmPassword)).toHaveValue('');
    expect(screen.getByLabelText(TEXTS.password.newPassword)).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.passwordSetRedirectMs - 1));
    expect(location()).toBe('/set-password?token=tok123');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(location()).toBe('/login?password_reset=1');
  });

  it('shows a server error in an alert and stays', async () => {
    mockFetch({
      [routeKey(authRoutes.resetPassword)]: () =>
        jsonResponse(400, {
          error: { code: 'invalid_token', message: 'This reset link has expired.' },
        } satisfies ErrorBody),
    });
    renderRoutes(routes, '/reset-password?token=old');
    await flush();
    fill('new password 1', 'new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await flush();
    await flush();
    expect(screen.getByText('This reset link has expired.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(location()).toBe('/reset-password?token=old');
    expect(screen.getByLabelText(TEXTS.password.newPassword)).not.toBeDisabled();
  });
});
