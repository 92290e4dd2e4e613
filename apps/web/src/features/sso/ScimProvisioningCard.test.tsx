import { type ScimProvisioning, scimRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import { ScimProvisioningCard } from './ScimProvisioningCard';

const BASE = 'https://parley.example/scim/v2';
const SECRET = 'parley_scim_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefgh';
const routes = [{ path: '/scim', element: <ScimProvisioningCard connectionId={7} /> }];

const withToken = (lastUsed: string | null = null): ScimProvisioning => ({
  base_url: BASE,
  token: { prefix: 'parley_scim_AbCd', created_at: '2026-12-01T10:00:00.000Z', last_used_at: lastUsed },
});

describe('the SCIM provisioning card', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows the base URL, generates a token shown once, and copies it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetch = mockFetch({
      [routeKey(scimRoutes.get, { connectionId: 7 })]: () =>
        routeAnswer(scimRoutes.get, { data: { base_url: BASE, token: null } }),
      [routeKey(scimRoutes.createToken, { connectionId: 7 })]: () =>
        routeAnswer(scimRoutes.createToken, { data: { ...withToken(), secret: SECRET } }),
    });
    renderRoutes(routes, '/scim');
    expect(await screen.findByTestId('scim-base-url')).toHaveTextContent(BASE);
    expect(screen.getByTestId('scim-no-token')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Generate token' }));
    expect(await screen.findByTestId('scim-token-secret')).toHaveTextContent(SECRET);
    expect(screen.getByTestId('scim-token-info')).toHaveTextContent('parley_scim_AbCd…');
    expect(screen.getByTestId('scim-token-info')).toHaveTextContent('never used');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Token copied to the clipboard.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
  });

  it('asks before replacing or revoking a token', async () => {
    const fetch = mockFetch({
      [routeKey(scimRoutes.get, { connectionId: 7 })]: () =>
        routeAnswer(scimRoutes.get, { data: withToken('2026-12-02T08:00:00.000Z') }),
      [routeKey(scimRoutes.revokeToken, { connectionId: 7 })]: () =>
        routeAnswer(scimRoutes.revokeToken, { data: { base_url: BASE, token: null } }),
    });
    renderRoutes(routes, '/scim');
    expect(await screen.findByTestId('scim-token-info')).toHaveTextContent('last used');

    fireEvent.click(screen.getByRole('button', { name: 'Generate new token' }));
    const rotate = within(await screen.findByRole('dialog', { name: 'Generate a new token?' }));
    fireEvent.click(rotate.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Revoke token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke the token?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByTestId('scim-no-token')).toBeInTheDocument();
    expect(await screen.findByText('SCIM token revoked.')).toBeInTheDocument();
    const writes = fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');
    expect(writes.map(([, init]) => init?.method)).toEqual(['DELETE']);
  });

  it('offers Retry when it cannot load', async () => {
    let calls = 0;
    mockFetch({
      [routeKey(scimRoutes.get, { connectionId: 7 })]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(500, { error: { code: 'internal_error', message: 'down' } })
          : routeAnswer(scimRoutes.get, { data: { base_url: BASE, token: null } });
      },
    });
    renderRoutes(routes, '/scim');
    expect(await screen.findByText('Failed to load the SCIM provisioning.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('scim-base-url')).toBeInTheDocument();
  });
});
