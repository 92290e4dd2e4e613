import { googleDriveRoutes } from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CONNECTIONS_PATH,
  callsTo,
  FOLDERS_PATH,
  integrationFixture,
  mockDriveApi,
  openDrive,
  runFixture,
} from '../../test/drive';
import { jsonResponse, routeAnswer, routeKey, testProject } from '../../test/utils';

const card = (id: number) => within(screen.getByTestId(`drive-integration-${id}`));
const listCalls = (fetch: ReturnType<typeof mockDriveApi>) =>
  callsTo(fetch, routeKey(googleDriveRoutes.listIntegrations)).length;
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('Folder integrations tab', () => {
  it('without connections: a notice leads to the Connections tab and adding is disabled', async () => {
    mockDriveApi({ connections: [], integrations: [] });
    await openDrive(FOLDERS_PATH);
    const notice = await screen.findByTestId('drive-no-connections');
    expect(screen.getByRole('button', { name: 'Add folder' })).toBeDisabled();
    fireEvent.click(within(notice).getByRole('link', { name: 'Go to connections' }));
    await screen.findByTestId('drive-connections');
    expect(screen.getByTestId('location')).toHaveTextContent(CONNECTIONS_PATH);
  });

  it('with connections but no folders: an empty state with a setup button opening the dialog', async () => {
    mockDriveApi({ integrations: [] });
    await openDrive(FOLDERS_PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up a folder' }));
    expect(screen.getByRole('dialog', { name: 'Add folder integration' })).toBeInTheDocument();
  });

  it('shows each folder: name and id, connection, structure, prompt, chip, last check and last error', async () => {
    mockDriveApi({
      integrations: [
        integrationFixture(7),
        integrationFixture(8, {
          error_count: 2,
          last_error: 'Folder not found',
          last_check_at: null,
          prompt_id: 12,
        }),
        integrationFixture(9, { is_active: false }),
      ],
    });
    await openDrive(FOLDERS_PATH);
    await screen.findByTestId('drive-integration-7');
    expect(card(7).getByText('Calls 7')).toBeInTheDocument();
    expect(card(7).getByText('Folder ID: folder-7')).toBeInTheDocument();
    // An email is cut with … rather than broken mid-word; the whole address is its tooltip.
    expect(card(7).getByText('drive1@example.com')).toHaveAttribute('title', 'drive1@example.com');
    expect(card(7).getByText('Department / Representative')).toBeInTheDocument();
    expect(await card(7).findByText('Sales QA')).toBeInTheDocument();
    expect(card(7).getByText('Mar 2, 2026, 10:30 AM')).toBeInTheDocument();
    expect(card(7).getByTestId('drive-status')).toHaveTextContent('Active');
    expect(card(8).getByTestId('drive-status')).toHaveTextContent('Error');
    expect(card(8).getByTestId('integration-last-error')).toHaveTextContent('Last error: Folder not found');
    expect(card(8).getByText('Never')).toBeInTheDocument();
    expect(card(8).getByText('Support QA')).toBeInTheDocument();
    expect(card(9).getByTestId('drive-status')).toHaveTextContent('Inactive');
  });

  it('Sync is disabled from the click until the lists reload 2 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = mockDriveApi(
      {},
      {
        [routeKey(googleDriveRoutes.sync)]: () =>
          jsonResponse(202, { data: { status: 'started', message: null } }),
      },
    );
    await openDrive(FOLDERS_PATH);
    await screen.findByTestId('drive-integration-7');
    vi.useFakeTimers();
    const loads = listCalls(fetch);
    fireEvent.click(card(7).getByTestId('drive-sync'));
    await flush();
    expect(card(7).getByTestId('drive-sync')).toBeDisabled();
    expect(callsTo(fetch, routeKey(googleDriveRoutes.sync))[0]?.json).toEqual({
      integration_id: 7,
      force_sync: true,
      project_id: 5,
    });
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(listCalls(fetch)).toBe(loads);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(listCalls(fetch)).toBe(loads + 1);
    await flush();
    expect(card(7).getByTestId('drive-sync')).toBeEnabled();
  });

  it('a folder still syncing keeps its button disabled; a sync already running is said as information', async () => {
    mockDriveApi(
      { integrations: [integrationFixture(7, { syncing: true }), integrationFixture(8)] },
      {
        [routeKey(googleDriveRoutes.sync)]: () =>
          jsonResponse(409, {
            error: { code: 'sync_running', message: 'A sync of this folder is already running.' },
          }),
      },
    );
    await openDrive(FOLDERS_PATH);
    await screen.findByTestId('drive-integration-7');
    expect(card(7).getByTestId('drive-sync')).toBeDisabled();
    expect(card(7).getByTestId('drive-sync')).toHaveTextContent('Syncing…');
    fireEvent.click(card(8).getByTestId('drive-sync'));
    expect(await screen.findByTestId('drive-info')).toHaveTextContent(
      'A sync of this folder is already running.',
    );
    expect(screen.queryByTestId('drive-error')).toBeNull();
  });

  it('while a folder syncs, the list is asked again every 2 s until the sync has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const fetch = mockDriveApi(
      {},
      {
        [routeKey(googleDriveRoutes.listIntegrations)]: () => {
          answers += 1;
          return jsonResponse(200, { data: [integrationFixture(7, { syncing: answers <= 2 })] });
        },
      },
    );
    await openDrive(FOLDERS_PATH);
    await screen.findByTestId('drive-integration-7');
    expect(card(7).getByTestId('drive-sync')).toBeDisabled();
    const loads = listCalls(fetch);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(listCalls(fetch)).toBeGreaterThan(loads);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(card(7).getByTestId('drive-sync')).toBeEnabled());
    // Ended: no more asking.
    const ended = listCalls(fetch);
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(listCalls(fetch)).toBe(ended);
  });

  it('reloads the lists when the browser tab becomes visible again', async () => {
    const fetch = mockDriveApi();
    await openDrive(FOLDERS_PATH);
    await screen.findByTestId('drive-integration-7');
    const loads = listCalls(fetch);
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(listCalls(fetch)).toBe(loads);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(listCalls(fetch)).toBe(loads + 1));
  });

  it('shows the sync history: counts and errors', async () => {
    mockDriveApi(
      {},
      {
        [routeKey(googleDriveRoutes.syncHistory, { id: 7 })]: () =>
          routeAnswer(googleDriveRoutes.syncHistory, {
            data: [runFixture(2, { errors: ['bad.mp3: too large'] }), runFixture(1, { trigger: 'schedule' })],
          }),
      },
    );
    await openDrive(FOLDERS_PATH);
    await screen.findByTestId('drive-integration-7');
    fireEvent.click(card(7).getByRole('button', { name: 'Sync history' }));
    const table = within(await screen.findByRole('table', { name: 'Sync history' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Started',
      'Trigger',
      'Status',
      'Found',
      'Queued',
      'Skipped',
      'Failed',
    ]);
    expect(
      within(table.getByTestId('sync-run-2'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Mar 2, 2026, 10:30 AM', 'Manual', 'Completed', '4', '2', '1', '1']);
    expect(table.getByText('bad.mp3: too large')).toBeInTheDocument();
    expect(table.getByTestId('sync-run-1')).toHaveTextContent('Scheduled');
  });

  it('deletes a folder integration after confirmation', async () => {
    const fetch = mockDriveApi(
      {},
      {
        [routeKey(googleDriveRoutes.deleteIntegration, { id: 7 })]: () =>
          routeAnswer(googleDriveRoutes.deleteIntegration, { data: { ok: true } }),
      },
    );
    await openDrive(FOLDERS_PATH);
    await screen.findByTestId('drive-integration-7');
    fireEvent.click(card(7).getByRole('button', { name: 'Delete' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete this folder integration?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(callsTo(fetch, routeKey(googleDriveRoutes.deleteIntegration, { id: 7 }))).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a failed list load shows the fallback with Retry', async () => {
    mockDriveApi({}, { [routeKey(googleDriveRoutes.listIntegrations)]: () => jsonResponse(500, {}) });
    await openDrive(FOLDERS_PATH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the Google Drive integration. Try again.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('seen through support access: nothing can be changed', async () => {
    mockDriveApi({ project: testProject({ my_role: 'admin', read_only: true }) });
    await openDrive(FOLDERS_PATH);
    await screen.findByTestId('drive-integration-7');
    expect(screen.getByRole('button', { name: 'Add folder' })).toBeDisabled();
    for (const name of ['Sync now', 'Edit', 'Delete'])
      expect(card(7).getByRole('button', { name })).toBeDisabled();
    expect(card(7).getByRole('button', { name: 'Sync history' })).toBeEnabled();
  });
});
