import { authRoutes, type ErrorBody, type TwoFactorMethod, twoFactorRoutes } from '@parley/contracts';
import { startAuthentication } from '@simplewebauthn/browser';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { twoFactorState } from '../../shared/auth/redirect';
import {
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  sessionAnswer,
} from '../../test/utils';
import TwoFactorSignInPage from './TwoFactorSignInPage';

// The browser's ceremony is the boundary: the library's call stands in for navigator.credentials.get().
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

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
  { path: '/projects/:id', element: <p>Joined project</p> },
];

const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
};

/** The page as the sign-in page opens it: the first step's answer named these methods. */
const openWith = (methods: TwoFactorMethod[]) =>
  renderRoutes(routes, { pathname: '/login/two-factor', state: twoFactorState(methods) });

describe('two-factor sign-in', () => {
  beforeEach(() => vi.mocked(startAuthentication).mockReset());

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

  it('opens the project the first step joined (a Google sign-in that accepted an invitation)', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(null),
      [routeKey(twoFactorRoutes.signIn)]: () => jsonResponse(200, { data: USER, joined_project_id: 12 }),
    });
    renderRoutes(routes, {
      pathname: '/login/two-factor',
      state: twoFactorState(['totp'], { from: { pathname: '/invite', search: '?token=t', hash: '' } }),
    });
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Joined project')).toBeInTheDocument();
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

  it('offers a passkey first when the account has one: the signed challenge opens the app', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.mocked(startAuthentication).mockResolvedValueOnce(ASSERTION);
    const fetch = mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(null),
      [routeKey(twoFactorRoutes.passkeySignInOptions)]: () =>
        routeAnswer(twoFactorRoutes.passkeySignInOptions, { data: { options: { challenge: 'Y2hhbA' } } }),
      [routeKey(twoFactorRoutes.signIn)]: () => jsonResponse(200, { data: USER }),
    });
    openWith(['totp', 'passkey', 'recovery_code']);
    expect(await screen.findByText(/Confirm it's you with a passkey/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use the authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'Y2hhbA' } });
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/auth/two-factor'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ passkey: ASSERTION });
  });

  it('says calmly that the prompt was cancelled, translates a refused passkey, and keeps the other ways', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.mocked(startAuthentication)
      .mockRejectedValueOnce(
        Object.assign(new Error('The operation timed out.'), { name: 'NotAllowedError' }),
      )
      .mockResolvedValueOnce(ASSERTION);
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(null),
      [routeKey(twoFactorRoutes.passkeySignInOptions)]: () =>
        routeAnswer(twoFactorRoutes.passkeySignInOptions, { data: { options: { challenge: 'Y2hhbA' } } }),
      [routeKey(twoFactorRoutes.signIn)]: () =>
        jsonResponse(401, {
          error: { code: 'passkey_not_verified', message: 'server text' },
        } satisfies ErrorBody),
    });
    openWith(['passkey', 'recovery_code']);
    fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey was not used: the request was cancelled or timed out.',
    );
    expect(screen.queryByRole('button', { name: 'Use the authenticator app' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(
      await screen.findByText(
        'This passkey could not be verified. Try again, or use another way to sign in.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('in a browser without WebAuthn, says so and asks for a code instead', async () => {
    mockFetch({ [routeKey(authRoutes.session)]: () => sessionAnswer(null) });
    openWith(['totp', 'passkey', 'recovery_code']);
    expect(await screen.findByText(/This browser cannot use passkeys/)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });
});
