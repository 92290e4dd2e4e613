import type { JoinedUserResponse, SignupAcceptedResponse } from '@parley/contracts';
import { authRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadPasswordRule } from '../../shared/auth/passwordRule';
import { jsonResponse, mockFetch, renderRoutes, routeKey, sessionAnswer, testUser } from '../../test/utils';
import SignupPage from './SignupPage';

const routes = [
  { path: '/signup', element: <SignupPage /> },
  { path: '*', element: <div>elsewhere</div> },
];

const signedOut = () => sessionAnswer(null);
const location = () => screen.getByTestId('location').textContent;

async function fill(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

function signupBody(fetch: ReturnType<typeof mockFetch>) {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/auth/signup'));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('SignupPage', () => {
  beforeAll(async () => {
    // The pages load the rule lazily; loaded (and its estimator built) here so that tests need not wait for it.
    (await loadPasswordRule()).checkPassword('warm up');
  });

  it('refuses a common password with the shared message and a strength meter', async () => {
    const fetch = mockFetch({ [routeKey(authRoutes.session)]: signedOut });
    renderRoutes(routes, '/signup');
    await fill('ann@example.com', '12345678');
    expect(
      await screen.findByText('This password is too common. Please choose one that is harder to guess.'),
    );
    expect(screen.getByText('Password strength: very weak')).toBeInTheDocument();
    expect(signupBody(fetch)).toBeUndefined();
  });

  it('after a sign-up that needs confirming, asks to check the email', async () => {
    const fetch = mockFetch({
      [routeKey(authRoutes.session)]: signedOut,
      [routeKey(authRoutes.signup)]: () =>
        jsonResponse(202, {
          data: { status: 'confirmation_sent' },
        } satisfies z.input<typeof SignupAcceptedResponse>),
    });
    renderRoutes(routes, '/signup');
    await fill('ann@example.com', 'plum rocket violin');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We have sent an email to ann@example.com. Open the link in it to confirm your address and sign in.',
    );
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
    expect(location()).toBe('/signup');
    expect(signupBody(fetch)).toMatchObject({ email: 'ann@example.com', password: 'plum rocket violin' });
  });

  it("sends an invitation's token and, signed in and joined at once, opens the project", async () => {
    const fetch = mockFetch({
      [routeKey(authRoutes.session)]: signedOut,
      [routeKey(authRoutes.signup)]: () =>
        jsonResponse(201, {
          data: { ...testUser, email: 'ann@example.com' },
          joined_project_id: 7,
        } satisfies z.input<typeof JoinedUserResponse>),
    });
    renderRoutes(routes, '/signup?email=ann%40example.com&invite=tok123');
    await fill('ann@example.com', 'plum rocket violin');
    await waitFor(() => expect(location()).toBe('/projects/7'));
    expect(signupBody(fetch)).toMatchObject({ email: 'ann@example.com', invite_token: 'tok123' });
  });
});
