import { authRoutes, type ErrorBody } from '@parley/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useMe } from '../../shared/api/auth';
import {
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  sessionAnswer,
  testUser,
} from '../../test/utils';
import GoogleCallbackPage from './GoogleCallbackPage';
import { GOOGLE_OAUTH_RETURN_KEY, GOOGLE_OAUTH_STATE_KEY } from './google';

const routes = [
  { path: '/auth/google/callback', element: <GoogleCallbackPage /> },
  { path: '*', element: <div>elsewhere</div> },
];

const location = () => screen.getByTestId('location').textContent;
const callbackCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/google/callback'));

beforeEach(() => localStorage.clear());

describe('GoogleCallbackPage', () => {
  it('sends the code once with the kept state and opens the app signed in', async () => {
    localStorage.setItem(GOOGLE_OAUTH_STATE_KEY, 'st4te');
    const fetch = mockFetch({
      [routeKey(authRoutes.googleCallback)]: () => routeAnswer(authRoutes.googleCallback, { data: testUser }),
    });
    renderRoutes(routes, '/auth/google/callback?code=c0de&state=st4te');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(callbackCalls(fetch)).toHaveLength(1);
    expect(JSON.parse(String(callbackCalls(fetch)[0]![1]?.body))).toEqual({
      code: 'c0de',
      state: 'st4te',
      language: 'en',
    });
    expect(localStorage.getItem(GOOGLE_OAUTH_STATE_KEY)).toBeNull();
  });

  it('stays signed in when a session check asked before (anonymous) answers after the callback', async () => {
    localStorage.setItem(GOOGLE_OAUTH_STATE_KEY, 'st4te');
    let answerSession: (response: Response) => void = () => {};
    mockFetch({
      [routeKey(authRoutes.session)]: () => new Promise<Response>((resolve) => (answerSession = resolve)),
      [routeKey(authRoutes.googleCallback)]: () => routeAnswer(authRoutes.googleCallback, { data: testUser }),
    });
    function WhoIsSignedIn() {
      const me = useMe();
      return <div data-testid="who">{me.data === undefined ? 'asking' : (me.data?.email ?? 'nobody')}</div>;
    }
    renderRoutes(
      [
        {
          path: '/auth/google/callback',
          element: (
            <>
              <GoogleCallbackPage />
              <WhoIsSignedIn />
            </>
          ),
        },
        { path: '/dashboard', element: <WhoIsSignedIn /> },
      ],
      '/auth/google/callback?code=c0de&state=st4te',
    );
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(screen.getByTestId('who')).toHaveTextContent(testUser.email);
    // The anonymous answer arrives late; once it has been read, the user is still signed in.
    const late = sessionAnswer(null);
    await act(async () => answerSession(late));
    await waitFor(() => expect(late.bodyUsed).toBe(true));
    await act(async () => {});
    expect(screen.getByTestId('who')).toHaveTextContent(testUser.email);
  });

  it.each([
    ['the page that sent the user to sign in', '/invite?token=abc', '/invite?token=abc'],
    ['the dashboard instead of another site', '//evil.example.com/x', '/dashboard'],
  ])('opens %s', async (_, kept, expected) => {
    localStorage.setItem(GOOGLE_OAUTH_STATE_KEY, 'st4te');
    localStorage.setItem(GOOGLE_OAUTH_RETURN_KEY, kept);
    mockFetch({
      [routeKey(authRoutes.googleCallback)]: () => routeAnswer(authRoutes.googleCallback, { data: testUser }),
    });
    renderRoutes(routes, '/auth/google/callback?code=c0de&state=st4te');
    await waitFor(() => expect(location()).toBe(expected));
    expect(localStorage.getItem(GOOGLE_OAUTH_RETURN_KEY)).toBeNull();
  });

  it('refuses a state this browser did not keep, without asking the server', async () => {
    localStorage.setItem(GOOGLE_OAUTH_STATE_KEY, 'mine');
    const fetch = mockFetch({});
    renderRoutes(routes, '/auth/google/callback?code=c0de&state=someone-elses');
    expect(await screen.findByText(/could not be verified/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(callbackCalls(fetch)).toHaveLength(0);
  });

  it('says so when the user cancelled at Google', async () => {
    localStorage.setItem(GOOGLE_OAUTH_STATE_KEY, 'st4te');
    const fetch = mockFetch({});
    renderRoutes(routes, '/auth/google/callback?error=access_denied&state=st4te');
    expect(await screen.findByText('Google sign-in was cancelled.')).toBeInTheDocument();
    expect(callbackCalls(fetch)).toHaveLength(0);
  });

  it("shows the server's refusal in the user's language with a way back", async () => {
    localStorage.setItem(GOOGLE_OAUTH_STATE_KEY, 'st4te');
    mockFetch({
      [routeKey(authRoutes.googleCallback)]: () =>
        jsonResponse(403, {
          error: { code: 'google_email_unverified', message: 'Google has not verified the email.' },
        } satisfies ErrorBody),
    });
    renderRoutes(routes, '/auth/google/callback?code=c0de&state=st4te');
    expect(await screen.findByText(/Google has not verified the email address/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });
});
