import { authRoutes, type ErrorBody } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  sessionAnswer,
} from '../../test/utils';
import { GOOGLE_OAUTH_RETURN_KEY, GOOGLE_OAUTH_STATE_KEY } from './google';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
];

const signedOut = () => sessionAnswer(null);
const available = (yes: boolean) => () =>
  routeAnswer(authRoutes.googleAvailable, { data: { available: yes } });

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'http://localhost', assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Google button', () => {
  it('is hidden when the server has no Google sign-in', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: signedOut,
      [routeKey(authRoutes.googleAvailable)]: available(false),
    });
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('keeps the state and sends the browser to Google, disabled while the request runs', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = mockFetch({
      [routeKey(authRoutes.session)]: signedOut,
      [routeKey(authRoutes.googleAvailable)]: available(true),
      [routeKey(authRoutes.googleStart)]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoutes(routes, '/signup');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up with Google' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeDisabled());
    answer(
      routeAnswer(authRoutes.googleStart, {
        status: 'success',
        data: { auth_url: 'https://accounts.example.com/auth?x=1', state: 'st4te' },
      }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example.com/auth?x=1'));
    expect(localStorage.getItem(GOOGLE_OAUTH_STATE_KEY)).toBe('st4te');
    const start = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/auth/google/start'));
    expect(JSON.parse(String(start![1]?.body))).toEqual({
      redirect_uri: 'http://localhost/auth/google/callback',
    });
  });

  it('an invitation link to sign-up comes back to the invitation once Google has signed the user in', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: signedOut,
      [routeKey(authRoutes.googleAvailable)]: available(true),
      [routeKey(authRoutes.googleStart)]: () =>
        routeAnswer(authRoutes.googleStart, {
          status: 'success',
          data: { auth_url: 'https://accounts.example.com/auth', state: 'st4te' },
        }),
    });
    renderRoutes(routes, '/signup?email=a%40example.com&invite=t0k%2Fen');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(localStorage.getItem(GOOGLE_OAUTH_RETURN_KEY)).toBe('/invite?token=t0k%2Fen');
  });

  it("shows the server's message when starting fails, and can be clicked again", async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: signedOut,
      [routeKey(authRoutes.googleAvailable)]: available(true),
      [routeKey(authRoutes.googleStart)]: () =>
        jsonResponse(400, {
          error: { code: 'invalid_redirect_uri', message: 'The redirect address must be on this site.' },
        } satisfies ErrorBody),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(routes, '/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('The redirect address must be on this site.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem(GOOGLE_OAUTH_STATE_KEY)).toBeNull();
  });

  it('says OAuth could not start when the answer has no address', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: signedOut,
      [routeKey(authRoutes.googleAvailable)]: available(true),
      [routeKey(authRoutes.googleStart)]: () =>
        jsonResponse(200, { status: 'success', data: { auth_url: '', state: 's' } }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(routes, '/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Failed to initiate OAuth')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});
