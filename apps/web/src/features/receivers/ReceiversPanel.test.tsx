import { receiverRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { integrationRoutes, requestsTo } from '../../test/blacklist';
import {
  eventFixture,
  eventsAnswer,
  mockReceiversApi,
  openPhoneSystems,
  PHONE_SYSTEMS_PATH,
  receiverFixture,
  stubClipboard,
} from '../../test/receivers';
import { jsonResponse, renderRoutes, routeAnswer, routeKey, testProject } from '../../test/utils';

const card = (id: number) => within(screen.getByTestId(`receiver-${id}`));
const writes = (fetch: ReturnType<typeof mockReceiversApi>) =>
  fetch.mock.calls.flatMap(([input, init]) =>
    (init?.method ?? 'GET') === 'GET'
      ? []
      : [`${init?.method} ${new URL(String(input), 'http://l').pathname}`],
  );

describe('integrations page: the Phone systems tab', () => {
  it('sits between Google Drive and Blacklist and opens the receivers panel', async () => {
    mockReceiversApi({ receivers: [] });
    renderRoutes(integrationRoutes, '/projects/5/integrations/google-drive');
    await screen.findByTestId('drive-panel');
    const areas = within(screen.getByRole('tablist', { name: 'Integration areas' }));
    expect(areas.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Google Drive',
      'Phone systems',
      'Blacklist',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Phone systems' }));
    await screen.findByTestId('receivers-panel');
    expect(screen.getByTestId('location')).toHaveTextContent(PHONE_SYSTEMS_PATH);
    expect(screen.getByRole('tab', { name: 'Phone systems' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is for admins and owners only: a team leader gets no panel and no receivers are asked for', async () => {
    const fetch = mockReceiversApi({ project: testProject({ my_role: 'teamleader' }) });
    renderRoutes(integrationRoutes, PHONE_SYSTEMS_PATH);
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(requestsTo(fetch, routeKey(receiverRoutes.list, { id: 5 }))).toHaveLength(0);
  });
});

describe('receivers panel', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('without receivers: an empty state whose button opens the add dialog', async () => {
    mockReceiversApi({ receivers: [] });
    await openPhoneSystems();
    expect(
      await screen.findByRole('heading', { name: 'No phone systems connected yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Add a receiver for Twilio, Zoom, Aircall/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add receiver' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up a phone system' }));
    expect(screen.getByRole('dialog', { name: 'Add a phone-system receiver' })).toBeInTheDocument();
  });

  it('shows each receiver: kind, name, state, address with copy, prompt, last call and the setup steps', async () => {
    const writeText = stubClipboard();
    mockReceiversApi({
      receivers: [
        receiverFixture(1, { name: 'Sales line' }),
        receiverFixture(2, {
          kind: 'generic',
          name: 'PBX',
          enabled: false,
          prompt_id: null,
          last_event_at: '2026-03-02T10:30:00.000Z',
        }),
      ],
    });
    await openPhoneSystems();
    await screen.findByTestId('receiver-1');
    expect(card(1).getByRole('heading', { name: 'Sales line' })).toBeInTheDocument();
    expect(card(1).getByText('Twilio')).toBeInTheDocument();
    expect(card(1).getByTestId('receiver-state')).toHaveTextContent('Enabled');
    expect(card(1).getByTestId('receiver-address')).toHaveTextContent(
      'https://parley.example.com/api/receivers/key1',
    );
    expect(await card(1).findByText('Sales QA')).toBeInTheDocument();
    expect(card(1).getByText('No calls yet')).toBeInTheDocument();
    // No call yet: the steps are open.
    expect(card(1).getByTestId('receiver-setup')).toHaveTextContent(
      /recording status callback URL.*\?agent=Anna%20Smith&queue=Sales.*Auth Token/,
    );

    expect(card(2).getByText('Generic (signed JSON)')).toBeInTheDocument();
    expect(card(2).getByTestId('receiver-state')).toHaveTextContent('Disabled');
    expect(card(2).getByText('No prompt: choose one in Edit')).toBeInTheDocument();
    expect(card(2).getByText('Mar 2, 2026, 10:30 AM')).toBeInTheDocument();
    // Calls have come: the steps are one click away, with the body a generic sender posts.
    expect(card(2).queryByTestId('receiver-setup')).not.toBeInTheDocument();
    fireEvent.click(card(2).getByRole('button', { name: 'How to set up Generic (signed JSON)' }));
    expect(card(2).getByTestId('receiver-setup')).toHaveTextContent(/Standard Webhooks/);
    expect(card(2).getByTestId('receiver-setup')).toHaveTextContent('"recording_url":');

    fireEvent.click(card(1).getByRole('button', { name: 'Copy the address' }));
    expect(writeText).toHaveBeenCalledWith('https://parley.example.com/api/receivers/key1');
    expect(await screen.findByTestId('toast')).toHaveTextContent('Address copied to the clipboard.');
  });

  it("lists a receiver's recent calls: time, event, status, reason, metadata and the analysis link", async () => {
    mockReceiversApi(
      {},
      {
        [routeKey(receiverRoutes.events, { id: 5, receiverId: 1 })]: () =>
          eventsAnswer([
            eventFixture(1),
            eventFixture(2, { status: 'duplicate', task_id: 7 }),
            eventFixture(3, {
              status: 'failed',
              task_id: null,
              reason: 'The recording could not be downloaded: HTTP 404.',
            }),
            eventFixture(4, { status: 'skipped', task_id: null, metadata: {} }),
            eventFixture(5, { status: 'received', task_id: null }),
            eventFixture(6, { status: 'ignored', task_id: null, event_type: 'in-progress' }),
          ]),
      },
    );
    await openPhoneSystems();
    const table = within(await screen.findByRole('table', { name: 'Recent calls of Receiver 1' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Time',
      'Event',
      'Status',
      'Call',
      'Analysis',
    ]);
    const row = (id: number) => within(screen.getByTestId(`receiver-event-${id}`));
    expect(row(1).getByText('Mar 2, 2026, 9:35 AM')).toBeInTheDocument();
    expect(row(1).getByText('completed')).toBeInTheDocument();
    expect(row(1).getByTestId('receiver-event-status')).toHaveTextContent('Queued');
    expect(row(1).getByText('Representative: Anna Smith · Department: Sales')).toBeInTheDocument();
    expect(row(1).getByText('Call of Mar 2, 2026, 9:30 AM')).toBeInTheDocument();
    expect(row(1).getByRole('link', { name: 'Analysis #41' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/41',
    );
    expect(row(2).getByTestId('receiver-event-status')).toHaveTextContent('Duplicate');
    expect(row(2).getByRole('link', { name: 'Analysis #7' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/7',
    );
    expect(row(3).getByTestId('receiver-event-status')).toHaveTextContent('Failed');
    expect(row(3).getByText('The recording could not be downloaded: HTTP 404.')).toBeInTheDocument();
    expect(row(3).queryByRole('link')).not.toBeInTheDocument();
    expect(row(4).getByTestId('receiver-event-status')).toHaveTextContent('Skipped');
    expect(row(4).getAllByText('—')).toHaveLength(2);
    expect(row(5).getByTestId('receiver-event-status')).toHaveTextContent('Received');
    expect(row(6).getByTestId('receiver-event-status')).toHaveTextContent('Ignored');
  });

  it('pages the calls, and says when there are none or they failed to load (Retry)', async () => {
    let failing = true;
    const fetch = mockReceiversApi(
      { receivers: [receiverFixture(1), receiverFixture(2)] },
      {
        [routeKey(receiverRoutes.events, { id: 5, receiverId: 1 })]: (url) =>
          eventsAnswer([eventFixture(Number(url.searchParams.get('page')) * 100)], 25),
        [routeKey(receiverRoutes.events, { id: 5, receiverId: 2 })]: () =>
          failing ? jsonResponse(500, { error: { code: 'internal', message: 'Boom' } }) : eventsAnswer([]),
      },
    );
    await openPhoneSystems();
    await screen.findByTestId('receiver-event-100');
    const calls = () =>
      requestsTo(fetch, routeKey(receiverRoutes.events, { id: 5, receiverId: 1 })).map(
        ({ url }) => url.search,
      );
    expect(calls()).toEqual(['?page=1&page_size=10']);
    fireEvent.click(card(1).getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('receiver-event-200');
    expect(calls().at(-1)).toBe('?page=2&page_size=10');

    expect(await card(2).findByText('Failed to load the calls.')).toBeInTheDocument();
    failing = false;
    fireEvent.click(card(2).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('receiver-2-events-empty')).toHaveTextContent(
      'No calls have arrived yet.',
    );
  });

  it('says when the receivers failed to load, with Retry', async () => {
    let failing = true;
    mockReceiversApi(
      { receivers: [] },
      {
        [routeKey(receiverRoutes.list, { id: 5 })]: () =>
          failing
            ? jsonResponse(500, { error: { code: 'internal', message: 'Boom' } })
            : routeAnswer(receiverRoutes.list, { data: [] }),
      },
    );
    await openPhoneSystems();
    expect(await screen.findByText('Failed to load the receivers.')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'No phone systems connected yet' }),
    ).toBeInTheDocument();
  });

  it('disables and enables a receiver', async () => {
    let saved = receiverFixture(1);
    const fetch = mockReceiversApi(
      {},
      {
        [routeKey(receiverRoutes.list, { id: 5 })]: () => routeAnswer(receiverRoutes.list, { data: [saved] }),
        [routeKey(receiverRoutes.update, { id: 5, receiverId: 1 })]: (_url, init) => {
          const { enabled } = JSON.parse(String(init?.body)) as { enabled: boolean };
          saved = { ...saved, enabled };
          return routeAnswer(receiverRoutes.update, { data: saved });
        },
      },
    );
    await openPhoneSystems();
    await screen.findByTestId('receiver-1');
    fireEvent.click(card(1).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(card(1).getByTestId('receiver-state')).toHaveTextContent('Disabled'));
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Receiver 1 is disabled: its address refuses calls until you enable it again.',
    );
    const updates = requestsTo(fetch, routeKey(receiverRoutes.update, { id: 5, receiverId: 1 }));
    expect(updates.map((request) => request.json)).toEqual([{ enabled: false }]);
    fireEvent.click(card(1).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(card(1).getByTestId('receiver-state')).toHaveTextContent('Enabled'));
  });

  it('deletes a receiver after confirmation', async () => {
    let receivers = [receiverFixture(1, { name: 'Sales line' })];
    const fetch = mockReceiversApi(
      { receivers },
      {
        [routeKey(receiverRoutes.list, { id: 5 })]: () =>
          routeAnswer(receiverRoutes.list, { data: receivers }),
        [routeKey(receiverRoutes.delete, { id: 5, receiverId: 1 })]: () => {
          receivers = [];
          return routeAnswer(receiverRoutes.delete, { data: { ok: true } });
        },
      },
    );
    await openPhoneSystems();
    fireEvent.click(within(await screen.findByTestId('receiver-1')).getByRole('button', { name: 'Delete' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete receiver?' }));
    expect(confirm.getByText(/Sales line and its list of calls will be deleted/)).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(fetch)).toEqual([]);

    fireEvent.click(card(1).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByRole('heading', { name: 'No phone systems connected yet' }),
    ).toBeInTheDocument();
    expect(writes(fetch)).toEqual(['DELETE /api/projects/5/receivers/1']);
    expect(screen.getByTestId('toast')).toHaveTextContent('Receiver deleted.');
  });

  it('read-only (support access): every change is disabled; the address can still be copied', async () => {
    const writeText = stubClipboard();
    const fetch = mockReceiversApi({ project: testProject({ read_only: true }) });
    await openPhoneSystems();
    await screen.findByTestId('receiver-1');
    expect(screen.getByRole('button', { name: 'Add receiver' })).toBeDisabled();
    for (const name of ['Disable', 'Edit', 'Delete']) {
      expect(card(1).getByRole('button', { name })).toBeDisabled();
    }
    fireEvent.click(card(1).getByRole('button', { name: 'Copy the address' }));
    expect(writeText).toHaveBeenCalled();
    expect(writes(fetch)).toEqual([]);
  });

  it('read-only without receivers: the set-up button is disabled', async () => {
    mockReceiversApi({ receivers: [], project: testProject({ read_only: true }) });
    await openPhoneSystems();
    expect(await screen.findByRole('button', { name: 'Set up a phone system' })).toBeDisabled();
  });
});
