import { googleDriveRoutes } from '@parley/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONNECTIONS_PATH, callsTo, connectionFixture, driveRoutes, mockDriveApi } from '../../test/drive';
import { jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import { DRIVE_OAUTH_STORAGE_KEY, storePendingAuth } from './api';

const CALLBACK = '/auth/google-drive/callback?code=c-1&state=st-1';

function mockCallback(answer: () => Response) {
  return mockDriveApi({}, { [routeKey(googleDriveRoutes.callback)]: answer });
}

describe('Drive callback page', () => {
  it('sends code and state, forgets the state and goes back to the Connections tab', async () => {
    storePendingAuth({ state: 'st-1', projectId: 5 });
    const fetch = mockCallback(() => routeAnswer(googleDriveRoutes.callback, { data: connectionFixture(2) }));
    renderRoutes(driveRoutes, CALLBACK);
    await screen.findByTestId('drive-panel');
    expect(screen.getByTestId('location')).toHaveTextContent(CONNECTIONS_PATH);
    expect(callsTo(fetch, routeKey(googleDriveRoutes.callback)).map((call) => call.json)).toEqual([
      { code: 'c-1', state: 'st-1' },
    ]);
    expect(localStorage.getItem(DRIVE_OAUTH_STORAGE_KEY)).toBeNull();
  });

  it('refuses a state this browser did not start, without calling the server', async () => {
    storePendingAuth({ state: 'other', projectId: 5 });
    const fetch = mockCallback(() => jsonResponse(500, {}));
    renderRoutes(driveRoutes, CALLBACK);
    const error = await screen.findByTestId('drive-callback-error');
    expect(error).toHaveTextContent('does not match the connection started in this browser');
    expect(callsTo(fetch, routeKey(googleDriveRoutes.callback))).toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: 'Back to connections' }));
    await screen.findByTestId('drive-panel');
  });

  it('shows a refusal by Google, with the way to the dashboard when nothing was kept', async () => {
    mockCallback(() => jsonResponse(500, {}));
    renderRoutes(driveRoutes, '/auth/google-drive/callback?error=access_denied&state=st-1');
    expect(await screen.findByTestId('drive-callback-error')).toHaveTextContent(
      'Google did not grant access',
    );
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it("shows the server's message when the connection can't be finished", async () => {
    storePendingAuth({ state: 'st-1', projectId: 5 });
    mockCallback(() =>
      jsonResponse(502, { error: { code: 'bad_gateway', message: 'Google refused the code.' } }),
    );
    renderRoutes(driveRoutes, CALLBACK);
    const error = await screen.findByTestId('drive-callback-error');
    expect(error).toHaveTextContent('Google Drive was not connected');
    expect(error).toHaveTextContent('Google refused the code.');
    expect(screen.getByRole('link', { name: 'Back to connections' })).toHaveAttribute(
      'href',
      CONNECTIONS_PATH,
    );
  });
});
