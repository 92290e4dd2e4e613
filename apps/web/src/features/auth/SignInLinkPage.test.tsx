import type { ErrorBody, UserResponse } from '@parley/contracts';
import { authRoutes } from '@parley/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { jsonResponse, mockFetch, renderRoutes, routeKey, testUser } from '../../test/utils';
import SignInLinkPage from './SignInLinkPage';

const routes = [
  { path: '/sign-in-link', element: <SignInLinkPage /> },
  { path: '*', element: <div>elsewhere</div> },
];

const location = () => screen.getByTestId('location').textContent;
const linkCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/sign-in-link'));

describe('SignInLinkPage', () => {
  it('sends the token once and opens the app signed in', async () => {
    const fetch = mockFetch({
      [routeKey(authRoutes.signInLink)]: () =>
        jsonResponse(200, { data: testUser } satisfies z.input<typeof UserResponse>),
    });
    renderRoutes(routes, '/sign-in-link?token=tok123');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(linkCalls(fetch)).toHaveLength(1);
    expect(JSON.parse(String(linkCalls(fetch)[0]![1]?.body))).toEqual({ token: 'tok123' });
  });

  it('explains a used or expired link and leads back to sign-in', async () => {
    mockFetch({
      [routeKey(authRoutes.signInLink)]: () =>
        jsonResponse(400, {
          error: { code: 'invalid_token', message: 'This sign-in link is invalid.' },
        } satisfies ErrorBody),
    });
    renderRoutes(routes, '/sign-in-link?token=old');
    expect(
      await screen.findByText('This sign-in link is invalid, expired or already used. Please sign in again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('without a token says the link is incomplete and sends nothing', async () => {
    const fetch = mockFetch({});
    renderRoutes(routes, '/sign-in-link');
    expect(
      await screen.findByText('The sign-in link is incomplete. Please open the full link from the email.'),
    ).toBeInTheDocument();
    expect(linkCalls(fetch)).toHaveLength(0);
  });
});
