import { googleDriveRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONNECTIONS_PATH, callsTo, connectionFixture, mockDriveApi, openDrive } from '../../test/drive';
import { jsonResponse, routeAnswer, routeKey } from '../../test/utils';
import { browser, DRIVE_OAUTH_STORAGE_KEY } from './api';

const card = (id: number) => within(screen.getByTestId(`drive-connection-${id}`));

function openAddDialog(name: RegExp | string = 'Add connection') {
  fireEvent.click(screen.getByRole('button', { name }));
  return within(screen.getByRole('dialog', { name: 'Connect Google Drive' }));
}

describe('Connections tab', () => {
  it('shows each connection: name, email, connected date and its chip, with the error for one in error', async () => {
    mockDriveApi({
      connections: [
        connectionFixture(1),
        connectionFixture(2, {
          is_valid: false,
          error_count: 1,
          last_error: 'Google refused the stored access',
        }),
        connectionFixture(3, { is_active: false }),
      ],
    });
    await openDrive(CONNECTIONS_PATH);
    await screen.findByTestId('drive-connection-1');
    expect(screen.getByRole('tab', { name: 'Connections' })).toHaveAttribute('aria-selected', 'true');
    expect(card(1).getByText('Drive 1')).toBeInTheDocument();
    expect(card(1).getByText('drive1@example.com')).toBeInTheDocument();
    expect(card(1).getByText('Connected Mar 1, 2026')).toBeInTheDocument();
    expect(card(1).getByTestId('drive-status')).toHaveTextContent('Active');
    expect(card(2).getByTestId('drive-status')).toHaveTextContent('Error');
    expect(card(2).getByTestId('connection-last-error')).toHaveTextContent(
      'Google refused the stored access',
    );
    expect(card(3).getByTestId('drive-status')).toHaveTextContent('Inactive');
    expect(card(1).queryByTestId('connection-last-error')).not.toBeInTheDocument();
  });

  it('offers to add the first connection when there is none', async () => {
    mockDriveApi({ connections: [] });
    await openDrive(CONNECTIONS_PATH);
    expect(await screen.findByText('No Google Drive account connected yet')).toBeInTheDocument();
    const dialog = openAddDialog('Add first connection');
    expect(dialog.getByTestId('connection-name')).toHaveAttribute('placeholder', 'Google Drive Connection');
  });

  it('Connect sends the name, shows Connecting… while it runs, keeps the state and goes to Google', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    let answer: (response: Response) => void = () => {};
    const fetch = mockDriveApi(
      {},
      {
        [routeKey(googleDriveRoutes.createConnection)]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    );
    await openDrive(CONNECTIONS_PATH);
    await screen.findByTestId('drive-connection-1');
    const dialog = openAddDialog();
    fireEvent.change(dialog.getByTestId('connection-name'), { target: { value: '  Sales Drive ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Connect' }));
    const connecting = await dialog.findByRole('button', { name: 'Connecting…' });
    expect(connecting).toBeDisabled();
    expect(callsTo(fetch, routeKey(googleDriveRoutes.createConnection))[0]?.json).toEqual({
      project_id: 5,
      name: 'Sales Drive',
      redirect_uri: `${window.location.origin}/auth/google-drive/callback`,
    });
    answer(
      routeAnswer(googleDriveRoutes.createConnection, {
        status: 'success',
        data: {
          auth_url: 'https://accounts.example/auth?x=1',
          state: 'st-1',
          connection: connectionFixture(2),
        },
      }),
    );
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    expect(JSON.parse(localStorage.getItem(DRIVE_OAUTH_STORAGE_KEY) ?? '{}')).toEqual({
      state: 'st-1',
      projectId: 5,
    });
  });

  it('an empty name is sent as the default name; a failure ends connecting and shows the banner', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const fetch = mockDriveApi(
      {},
      {
        [routeKey(googleDriveRoutes.createConnection)]: () =>
          jsonResponse(503, { error: { code: 'unavailable', message: '' } }),
      },
    );
    await openDrive(CONNECTIONS_PATH);
    await screen.findByTestId('drive-connection-1');
    fireEvent.click(openAddDialog().getByRole('button', { name: 'Connect' }));
    const banner = await screen.findByTestId('drive-error');
    expect(banner).toHaveTextContent('Could not connect the Google Drive account.');
    expect(callsTo(fetch, routeKey(googleDriveRoutes.createConnection))[0]?.json).toMatchObject({
      name: 'Google Drive Connection',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    // The dialog's focus trap may still hide the page from assistive technology for a moment after it closed.
    fireEvent.click(await within(banner).findByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('drive-error')).not.toBeInTheDocument();
  });

  it('deletes after confirmation and reloads both lists', async () => {
    const fetch = mockDriveApi(
      {},
      {
        [routeKey(googleDriveRoutes.deleteConnection, { id: 1 })]: () =>
          routeAnswer(googleDriveRoutes.deleteConnection, { data: { ok: true } }),
      },
    );
    await openDrive(CONNECTIONS_PATH);
    await screen.findByTestId('drive-connection-1');
    const lists = () => [
      callsTo(fetch, routeKey(googleDriveRoutes.listConnections)).length,
      callsTo(fetch, routeKey(googleDriveRoutes.listIntegrations)).length,
    ];
    const before = lists();
    fireEvent.click(card(1).getByRole('button', { name: 'Delete Drive 1' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete this connection?' }));
    expect(confirm.getByText(/"Drive 1" and its folder integrations will be deleted/)).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, routeKey(googleDriveRoutes.deleteConnection, { id: 1 }))[0]?.url.search).toBe(
      '?project_id=5',
    );
    // The connections list is on screen; the integrations list is refetched the next time it is shown.
    await waitFor(() => expect(lists()[0]).toBeGreaterThan(before[0]!));
  });

  it("shows the server's message when a delete fails, else the fallback", async () => {
    mockDriveApi(
      {},
      {
        [routeKey(googleDriveRoutes.deleteConnection, { id: 1 })]: () =>
          jsonResponse(500, { error: { code: 'internal', message: '' } }),
      },
    );
    await openDrive(CONNECTIONS_PATH);
    await screen.findByTestId('drive-connection-1');
    fireEvent.click(card(1).getByRole('button', { name: 'Delete Drive 1' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('drive-error')).toHaveTextContent('Could not delete the connection.');
  });

  it('connects a connection in error (or never finished) again through the auth route', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const fetch = mockDriveApi(
      {
        connections: [
          connectionFixture(1),
          connectionFixture(2, { is_valid: false, error_count: 1, last_error: 'revoked' }),
        ],
      },
      {
        [routeKey(googleDriveRoutes.auth)]: () =>
          routeAnswer(googleDriveRoutes.auth, {
            status: 'success',
            data: {
              auth_url: 'https://accounts.example/again',
              state: 'st-2',
              connection: connectionFixture(2),
            },
          }),
      },
    );
    await openDrive(CONNECTIONS_PATH);
    await screen.findByTestId('drive-connection-2');
    expect(card(1).queryByRole('button', { name: 'Connect Drive 1 again' })).not.toBeInTheDocument();
    fireEvent.click(card(2).getByRole('button', { name: 'Connect Drive 2 again' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://accounts.example/again'));
    expect(callsTo(fetch, routeKey(googleDriveRoutes.auth))[0]?.json).toEqual({
      project_id: 5,
      connection_id: 2,
      redirect_uri: `${window.location.origin}/auth/google-drive/callback`,
    });
    expect(JSON.parse(localStorage.getItem(DRIVE_OAUTH_STORAGE_KEY) ?? '{}')).toEqual({
      state: 'st-2',
      projectId: 5,
    });
  });

  it("says why when Drive can't be connected on this server, and holds adding back", async () => {
    mockDriveApi(
      { connections: [] },
      {
        [routeKey(googleDriveRoutes.oauthStatus)]: () =>
          routeAnswer(googleDriveRoutes.oauthStatus, {
            data: {
              google_configured: true,
              encryption_configured: false,
              available: false,
              message: 'Google Drive connections need ENCRYPTION_KEY.',
            },
          }),
      },
    );
    await openDrive(CONNECTIONS_PATH);
    const notice = await screen.findByTestId('drive-unavailable');
    expect(notice).toHaveTextContent("Google Drive can't be connected on this server");
    expect(notice).toHaveTextContent('Google Drive connections need ENCRYPTION_KEY.');
    expect(screen.getByRole('button', { name: 'Add first connection' })).toBeDisabled();
  });
});
