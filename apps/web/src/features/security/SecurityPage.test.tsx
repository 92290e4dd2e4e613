import {
  authRoutes,
  type ErrorBody,
  type Passkey,
  type TwoFactorStatus,
  twoFactorRoutes,
} from '@parley/contracts';
import { startRegistration } from '@simplewebauthn/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  sessionAnswer,
} from '../../test/utils';
import SecurityPage from './SecurityPage';

// The browser's ceremony is the boundary: the library's calls stand in for navigator.credentials.
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

const routes = [{ path: '/profile/security', element: <SecurityPage /> }];

const OFF: TwoFactorStatus = {
  enabled: false,
  totp_enabled: false,
  passkey_count: 0,
  enabled_at: null,
  recovery_codes_left: 0,
};
const WITH_PASSKEY: TwoFactorStatus = {
  enabled: true,
  totp_enabled: false,
  passkey_count: 1,
  enabled_at: '2026-06-01T09:00:00.000Z',
  recovery_codes_left: 10,
};
const LAPTOP: Passkey = {
  id: 3,
  name: 'Chrome on macOS',
  created_at: '2026-06-01T09:00:00.000Z',
  last_used_at: null,
};
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${index}k`);
const REGISTRATION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
};

/** The browser's refusal as WebAuthn raises it (a DOMException the library passes on by its name). */
const browserError = (name: string) =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name });

function serve(status: TwoFactorStatus, passkeys: Passkey[]) {
  const state = { status, passkeys };
  const fetch = mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer(),
    [routeKey(twoFactorRoutes.status)]: () => routeAnswer(twoFactorRoutes.status, { data: state.status }),
    [routeKey(twoFactorRoutes.listPasskeys)]: () =>
      routeAnswer(twoFactorRoutes.listPasskeys, { data: state.passkeys }),
    [routeKey(twoFactorRoutes.startPasskey)]: () =>
      routeAnswer(twoFactorRoutes.startPasskey, { data: { options: { challenge: 'c2lnbi1tZQ' } } }),
    [routeKey(twoFactorRoutes.addPasskey)]: (_url, init) => {
      const { name } = JSON.parse(String(init?.body)) as { name: string };
      const passkey = { ...LAPTOP, id: 4, name };
      const first = !state.status.enabled;
      state.passkeys = [...state.passkeys, passkey];
      state.status = { ...WITH_PASSKEY, passkey_count: state.passkeys.length };
      return routeAnswer(twoFactorRoutes.addPasskey, {
        data: { passkey, status: state.status, recovery_codes: first ? CODES : null },
      });
    },
    [routeKey(twoFactorRoutes.removeTotp)]: (_url, init) => {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      if (code === '000000')
        return jsonResponse(400, {
          error: { code: 'invalid_code', message: 'server text' },
        } satisfies ErrorBody);
      state.status = state.status.passkey_count > 0 ? { ...state.status, totp_enabled: false } : OFF;
      return routeAnswer(twoFactorRoutes.removeTotp, { data: state.status });
    },
    [routeKey(twoFactorRoutes.removePasskey, { passkeyId: LAPTOP.id })]: () => {
      state.passkeys = [];
      state.status = OFF;
      return routeAnswer(twoFactorRoutes.removePasskey, { data: OFF });
    },
  });
  return fetch;
}

const passkeysCard = async () => within(await screen.findByTestId('passkeys'));

describe('security: passkeys', () => {
  beforeEach(() => {
    vi.mocked(startRegistration).mockReset();
    // A browser with WebAuthn (jsdom has none).
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });

  it('adds the first passkey under a suggested name: two-factor sign-in turns on and the recovery codes show', async () => {
    vi.mocked(startRegistration).mockResolvedValue(REGISTRATION);
    const fetch = serve(OFF, []);
    renderRoutes(routes, '/profile/security');
    const card = await passkeysCard();
    expect(await card.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-off-hint')).toHaveTextContent(
      'Add a passkey or set up an authenticator app below to turn it on.',
    );

    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    );
    fireEvent.click(card.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Chrome on macOS'));
    fireEvent.change(name, { target: { value: '  Work laptop ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const codes = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c2lnbi1tZQ' } });
    const sent = fetch.mock.calls.find(
      ([url, init]) => String(url).endsWith('/two-factor/passkeys') && init?.method === 'POST',
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ name: 'Work laptop', credential: REGISTRATION });
    fireEvent.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    expect(await card.findByText('Work laptop')).toBeInTheDocument();
    expect(card.getByTestId('passkey-row')).toHaveTextContent(/Added .+ · Not used yet/);
    expect(within(screen.getByTestId('two-factor')).getByText('On')).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('Unused recovery codes: 10');
  });

  it('takes a cancelled browser prompt calmly and keeps the dialog to try again', async () => {
    vi.mocked(startRegistration).mockRejectedValueOnce(browserError('NotAllowedError'));
    const fetch = serve(OFF, []);
    renderRoutes(routes, '/profile/security');
    fireEvent.click(await (await passkeysCard()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'The passkey was not used: the request was cancelled or timed out. Try again when you are ready.',
    );
    expect(alert.className).toMatch(/Info/);
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith('/two-factor/passkeys') && init?.method === 'POST',
      ),
    ).toBe(false);

    vi.mocked(startRegistration).mockRejectedValueOnce(browserError('InvalidStateError'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText(
        'This device or password manager already has a passkey for your account.',
      ),
    ).toBeInTheDocument();
  });

  it('warns that removing the last second factor turns two-factor sign-in off', async () => {
    serve(WITH_PASSKEY, [{ ...LAPTOP, last_used_at: new Date(Date.now() - 3 * 3600_000).toISOString() }]);
    renderRoutes(routes, '/profile/security');
    const card = await passkeysCard();
    const row = await card.findByTestId('passkey-row');
    expect(row).toHaveTextContent('Last used 3 hours ago');
    // Without an authenticator app, a recovery code is what proves the account.
    fireEvent.click(within(screen.getByTestId('two-factor')).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByLabelText('Recovery code')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(within(row).getByRole('button', { name: 'Remove passkey Chrome on macOS' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the passkey “Chrome on macOS”?' });
    expect(confirm).toHaveTextContent('It is your last second factor: two-factor sign-in turns off');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove and turn off' }));
    expect(await screen.findByText('Passkey removed. Two-factor sign-in is off.')).toBeInTheDocument();
    expect(await card.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(within(screen.getByTestId('two-factor')).getByText('Off')).toBeInTheDocument();
  });

  it('removes one passkey of several without the warning', async () => {
    serve({ ...WITH_PASSKEY, totp_enabled: true, passkey_count: 2 }, [
      LAPTOP,
      { ...LAPTOP, id: 9, name: 'YubiKey' },
    ]);
    renderRoutes(routes, '/profile/security');
    const card = await passkeysCard();
    fireEvent.click(await card.findByRole('button', { name: 'Remove passkey YubiKey' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the passkey “YubiKey”?' });
    expect(confirm).toHaveTextContent('You can no longer sign in with it.');
    expect(within(confirm).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(screen.getByTestId('authenticator-app')).getByText(/^Set up\./)).toBeInTheDocument();
  });

  it('explains instead of offering to add where the browser has no WebAuthn', async () => {
    vi.unstubAllGlobals();
    serve(OFF, []);
    renderRoutes(routes, '/profile/security');
    const card = await passkeysCard();
    expect(await card.findByText(/This browser cannot create passkeys/)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    // The authenticator app is still there to turn it on.
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
  });
});

describe('security: authenticator app', () => {
  const WITH_APP: TwoFactorStatus = { ...WITH_PASSKEY, totp_enabled: true, passkey_count: 0 };
  const appCard = async () => within(await screen.findByTestId('authenticator-app'));

  it('removes the app with a fresh code and keeps two-factor sign-in on with the passkeys', async () => {
    const fetch = serve({ ...WITH_APP, passkey_count: 1 }, [LAPTOP]);
    renderRoutes(routes, '/profile/security');
    fireEvent.click(await (await appCard()).findByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the authenticator app?' });
    expect(confirm).toHaveTextContent('your passkeys and recovery codes stay');
    expect(confirm).not.toHaveTextContent('last second factor');
    const code = within(confirm).getByLabelText('Code from the app or recovery code');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    // The code is translated, and the dialog stays to try again.
    expect(await within(confirm).findByText(/That code is not right/)).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Authenticator app removed.')).toBeInTheDocument();
    expect(
      await (await appCard()).findByRole('button', { name: 'Set up an authenticator app' }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('two-factor')).getByText('On')).toBeInTheDocument();
    const sent = fetch.mock.calls.filter(([url]) =>
      String(url).endsWith('/api/users/me/two-factor/totp/remove'),
    );
    expect(sent.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('warns that removing the app, the last second factor, turns two-factor sign-in off', async () => {
    serve(WITH_APP, []);
    renderRoutes(routes, '/profile/security');
    fireEvent.click(await (await appCard()).findByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the authenticator app?' });
    expect(confirm).toHaveTextContent('It is your last second factor: two-factor sign-in turns off');
    fireEvent.change(within(confirm).getByLabelText('Code from the app or recovery code'), {
      target: { value: 'abcde-fghjk' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove and turn off' }));
    expect(
      await screen.findByText('Authenticator app removed. Two-factor sign-in is off.'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('two-factor')).getByText('Off')).toBeInTheDocument();
  });
});
