import type { ErrorBody, UserResponse } from '@parley/contracts';
import { authRoutes } from '@parley/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { jsonResponse, mockFetch, renderRoutes, routeKey, testUser } from '../../test/utils';
import ConfirmEmailPage from './ConfirmEmailPage';

const routes = [
  { path: '/confirm-email', element: <ConfirmEmailPage /> },
  { path: '*', element: <div>elsewhere</div> },
];

const location = () => screen.getByTestId('location').textContent;
const confirmCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/confirm'));

describe('ConfirmEmailPage', () => {
  it('sends the token once and opens the app signed in', async () => {
    const fetch = mockFetch({
      [routeKey(authRoutes.confirm)]: () =>
        jsonResponse(200, { data: testUser } satisfies z.input<typeof UserResponse>),
    });
    renderRoutes(routes, '/confirm-email?token=tok123');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(confirmCalls(fetch)).toHaveLength(1);
    expect(JSON.parse(String(confirmCalls(fetch)[0]![1]?.body))).toEqual({ token: 'tok123' });
  });

  it('explains a used or expired link and offers sign-in and sign-up', async () => {
    mockFetch({
      [routeKey(authRoutes.confirm)]: () =>
        jsonResponse(400, {
          error: { code: 'invalid_token', message: 'This confirmation link is invalid.' },
        } satisfies ErrorBody),
    });
    renderRoutes(routes, '/confirm-email?token=old');
    expect(
      await screen.findByText(
        'This confirmation link is invalid, expired or already used. Sign up again to get a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup');
  });

  it('without a token says the link is incomplete and sends nothing', async () => {
    const fetch = mockFetch({});
    renderRoutes(routes, '/confirm-email');
    expect(
      await screen.findByText(
        'The confirmation link is incomplete. Please open the full link from the email.',
      ),
    ).toBeInTheDocument();
    expect(confirmCalls(fetch)).toHaveLength(0);
  });
});
