import { memberRoutes, type WebhookDelivery, type WebhookEndpoint, webhookRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Navigate, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../app/pages/SettingsPage';
import { ProjectGuard, RequireProjectManager } from '../../shared/app/ProjectGuard';
import { type Handler, jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import {
  callsTo,
  lastBody,
  mockSettingsApi,
  notice,
  openSettingsTab,
  settingsProject,
  writeCalls,
} from './testUtils';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEW_SECRET = 'whsec_AAAAbbbbCCCCddddEEEEffffGGGGhhhh';

function endpoint(id: number, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id,
    project_id: 5,
    url: `https://hooks.example.com/parley/${id}`,
    description: '',
    events: ['analysis.completed'],
    enabled: true,
    disabled_reason: null,
    previous_secret_expires_at: null,
    created_by: 1,
    updated_by: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function delivery(id: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id,
    endpoint_id: 1,
    event_id: `msg_${id}`,
    event_type: 'analysis.completed',
    status: 'succeeded',
    attempts: 1,
    next_attempt_at: null,
    response_status: 200,
    response_body: 'ok',
    duration_ms: 42,
    created_at: '2026-03-02T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const deliveriesAnswer = (items: WebhookDelivery[]) =>
  routeAnswer(webhookRoutes.deliveries, { data: { items, total: items.length, page: 1, page_size: 25 } });

/** The webhooks routes of endpoint ids (empty logs), then `handlers`. */
function webhookHandlers(endpoints: WebhookEndpoint[], handlers: Record<string, Handler> = {}) {
  return {
    [routeKey(webhookRoutes.list, { id: 5 })]: () => routeAnswer(webhookRoutes.list, { data: endpoints }),
    ...Object.fromEntries(
      endpoints.map((item) => [
        routeKey(webhookRoutes.deliveries, { id: 5, endpointId: item.id }),
        () => deliveriesAnswer([]),
      ]),
    ),
    ...handlers,
  };
}

const open = (handlers: Record<string, Handler>, project = settingsProject()) =>
  openSettingsTab('webhooks', 'Webhooks', handlers, project);

function stubClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('Webhooks tab', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('is a settings tab after API Keys', async () => {
    await open(webhookHandlers([]));
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(tabs.indexOf('API Keys'), tabs.indexOf('API Keys') + 2)).toEqual([
      'API Keys',
      'Webhooks',
    ]);
    expect(screen.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists endpoints: URL, description, events, enabled switch and the last delivery', async () => {
    await open(
      webhookHandlers(
        [
          endpoint(1, { description: 'CRM sync', events: ['analysis.completed', 'analysis.failed'] }),
          endpoint(2, { enabled: false, disabled_reason: 'Deliveries kept failing for about 3 days.' }),
        ],
        {
          [routeKey(webhookRoutes.deliveries, { id: 5, endpointId: 1 })]: () =>
            deliveriesAnswer([delivery(7, { status: 'failed', response_status: 503 })]),
        },
      ),
    );
    const table = within(await screen.findByRole('table', { name: 'Webhooks' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Endpoint',
      'Events',
      'Enabled',
      'Last delivery',
      'Actions',
    ]);
    const first = within(screen.getByTestId('webhook-1'));
    expect(first.getByText('https://hooks.example.com/parley/1')).toBeInTheDocument();
    expect(first.getByText('CRM sync')).toBeInTheDocument();
    expect(first.getByText('analysis.completed')).toBeInTheDocument();
    expect(first.getByText('analysis.failed')).toBeInTheDocument();
    expect(
      first.getByRole('switch', { name: 'Send events to https://hooks.example.com/parley/1' }),
    ).toBeChecked();
    expect(await first.findByText('Failed')).toBeInTheDocument();
    expect(first.getByText('HTTP 503')).toBeInTheDocument();

    const second = within(screen.getByTestId('webhook-2'));
    expect(second.getByRole('switch')).not.toBeChecked();
    expect(second.getByText('Disabled: deliveries kept failing')).toBeInTheDocument();
    expect(await second.findByText('No deliveries yet')).toBeInTheDocument();
  });

  it('shows an empty state that explains webhooks, with a button to add one', async () => {
    await open(webhookHandlers([]));
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    expect(screen.getByText(/Every request is signed \(Standard Webhooks\)/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('dialog', { name: 'Add webhook endpoint' })).toBeInTheDocument();
  });

  it('says when the list fails to load, and loads again on Retry', async () => {
    let fail = true;
    await open(
      webhookHandlers([], {
        [routeKey(webhookRoutes.list, { id: 5 })]: () =>
          fail
            ? jsonResponse(500, {
                error: { code: 'internal_error', message: 'Something went wrong on our side.' },
              })
            : routeAnswer(webhookRoutes.list, { data: [endpoint(1)] }),
        [routeKey(webhookRoutes.deliveries, { id: 5, endpointId: 1 })]: () => deliveriesAnswer([]),
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the webhook endpoints.');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('webhook-1')).toBeInTheDocument();
  });

  it('add: URL and events required; the secret is shown once, copied, and gone after Done', async () => {
    const writeText = stubClipboard();
    let endpoints: WebhookEndpoint[] = [];
    const fetch = await open(
      webhookHandlers([], {
        [routeKey(webhookRoutes.list, { id: 5 })]: () => routeAnswer(webhookRoutes.list, { data: endpoints }),
        [routeKey(webhookRoutes.deliveries, { id: 5, endpointId: 3 })]: () => deliveriesAnswer([]),
        [routeKey(webhookRoutes.create, { id: 5 })]: (_url, init) => {
          const body = JSON.parse(String(init?.body));
          const created = endpoint(3, { url: body.url, description: body.description, events: body.events });
          endpoints = [created];
          return routeAnswer(webhookRoutes.create, { data: { ...created, secret: SECRET } });
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add webhook endpoint' }));
    const submit = dialog.getByRole('button', { name: 'Add endpoint' });
    expect(submit).toBeDisabled();
    // Every event is chosen at first; none chosen holds the form back.
    for (const box of dialog.getAllByRole('checkbox')) {
      expect(box).toBeChecked();
      fireEvent.click(box);
    }
    fireEvent.change(dialog.getByLabelText(/Endpoint URL/), {
      target: { value: ' https://crm.example.com/hook ' },
    });
    expect(submit).toBeDisabled();
    expect(dialog.getByText('Choose at least one event.')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('checkbox', { name: /Analysis failed/ }));
    fireEvent.change(dialog.getByLabelText('Description'), { target: { value: 'CRM' } });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);

    const created = within(await screen.findByRole('dialog', { name: 'Webhook endpoint added' }));
    expect(created.getByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(created.getByTestId('webhook-warning')).toHaveTextContent("you won't see it again");
    expect(lastBody(fetch, routeKey(webhookRoutes.create, { id: 5 }))).toEqual({
      url: 'https://crm.example.com/hook',
      description: 'CRM',
      events: ['analysis.failed'],
      enabled: true,
    });
    expect(await screen.findByTestId('webhook-3')).toHaveTextContent('https://crm.example.com/hook');
    expect(within(screen.getByTestId('webhook-3')).queryByText(SECRET)).not.toBeInTheDocument();

    fireEvent.click(created.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Signing secret copied to the clipboard.'));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    fireEvent.click(created.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notice()).toHaveTextContent('Make sure you saved the signing secret: it cannot be shown again.');
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the URL at the URL field", async () => {
    await open(
      webhookHandlers([], {
        [routeKey(webhookRoutes.create, { id: 5 })]: () =>
          jsonResponse(400, {
            error: {
              code: 'invalid_url',
              message:
                'The endpoint URL points to a private or local network address (127.0.0.1); webhooks go to public servers only.',
              field: 'url',
            },
          }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add webhook endpoint' }));
    const url = dialog.getByLabelText(/Endpoint URL/);
    fireEvent.change(url, { target: { value: 'https://127.0.0.1/hook' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(dialog.getByText(/points to a private or local network address/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Webhook endpoint added' })).not.toBeInTheDocument();
    // Changing the URL clears the refusal.
    fireEvent.change(url, { target: { value: 'https://hooks.example.com/x' } });
    expect(url).toHaveAttribute('aria-invalid', 'false');
  });

  it('says why an endpoint cannot be added beyond the limit', async () => {
    await open(
      webhookHandlers([], {
        [routeKey(webhookRoutes.create, { id: 5 })]: () =>
          jsonResponse(409, {
            error: {
              code: 'too_many_endpoints',
              message: 'A project can have at most 20 webhook endpoints.',
            },
          }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add webhook endpoint' }));
    fireEvent.change(dialog.getByLabelText(/Endpoint URL/), { target: { value: 'https://a.example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent('A project can have at most 20 webhook endpoints. Delete one'),
    );
  });

  it('edits an endpoint and switches it off from the list', async () => {
    const fetch = await open(
      webhookHandlers([endpoint(1, { description: 'Old' })], {
        [routeKey(webhookRoutes.update, { id: 5, endpointId: 1 })]: (_url, init) =>
          routeAnswer(webhookRoutes.update, { data: endpoint(1, JSON.parse(String(init?.body))) }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit webhook endpoint' }));
    expect(dialog.getByLabelText(/Endpoint URL/)).toHaveValue('https://hooks.example.com/parley/1');
    fireEvent.change(dialog.getByLabelText('Description'), { target: { value: 'New' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Webhook endpoint saved.'));
    expect(lastBody(fetch, routeKey(webhookRoutes.update, { id: 5, endpointId: 1 }))).toMatchObject({
      description: 'New',
    });

    fireEvent.click(screen.getByRole('switch', { name: /Send events to/ }));
    await waitFor(() => expect(notice()).toHaveTextContent('Endpoint disabled'));
    expect(lastBody(fetch, routeKey(webhookRoutes.update, { id: 5, endpointId: 1 }))).toEqual({
      enabled: false,
    });
  });

  it('sends a test event and shows the status code the receiver answered', async () => {
    let sent = false;
    const test = delivery(9, {
      event_type: 'webhook.test',
      status: 'pending',
      attempts: 0,
      response_status: null,
    });
    await open(
      webhookHandlers([endpoint(1)], {
        [routeKey(webhookRoutes.test, { id: 5, endpointId: 1 })]: () => {
          sent = true;
          return jsonResponse(202, { data: test });
        },
        [routeKey(webhookRoutes.deliveries, { id: 5, endpointId: 1 })]: () =>
          deliveriesAnswer(
            sent
              ? [{ ...test, status: 'succeeded', attempts: 1, response_status: 204, duration_ms: 31 }]
              : [],
          ),
      }),
    );
    expect(await screen.findByTestId('webhook-deliveries-empty')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByTestId('webhook-test-result')).toHaveTextContent(
      'Test event delivered: the receiver answered HTTP 204 in 31 ms.',
    );
    expect(within(screen.getByTestId('webhook-delivery-9')).getByText('webhook.test')).toBeInTheDocument();
  });

  it('a test event the receiver refuses says so, with its status code and the coming retry', async () => {
    let answered = false;
    const test = delivery(9, {
      event_type: 'webhook.test',
      status: 'pending',
      attempts: 0,
      response_status: null,
    });
    await open(
      webhookHandlers([endpoint(1)], {
        [routeKey(webhookRoutes.test, { id: 5, endpointId: 1 })]: () => jsonResponse(202, { data: test }),
        [routeKey(webhookRoutes.deliveries, { id: 5, endpointId: 1 })]: () =>
          deliveriesAnswer([
            answered
              ? {
                  ...test,
                  attempts: 1,
                  next_attempt_at: '2026-03-02T10:00:05.000Z',
                  response_status: 500,
                  duration_ms: 12,
                }
              : test,
          ]),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByTestId('webhook-test-result')).toHaveTextContent(
      "Test event sent; waiting for the receiver's answer...",
    );
    answered = true;
    // The log is read again while the delivery is under way.
    await waitFor(
      () =>
        expect(screen.getByTestId('webhook-test-result')).toHaveTextContent(
          'Test event failed: the receiver answered HTTP 500 after 12 ms. Parley will try again.',
        ),
      { timeout: 5000 },
    );
    expect(screen.getByTestId('webhook-delivery-9')).toHaveAttribute('data-status', 'retrying');
  });

  it('the delivery log: the answer opens as plain text; resend one, resend failed since a time', async () => {
    const fetch = await open(
      webhookHandlers([endpoint(1)], {
        [routeKey(webhookRoutes.deliveries, { id: 5, endpointId: 1 })]: () =>
          deliveriesAnswer([
            delivery(8, {
              status: 'failed',
              attempts: 8,
              response_status: 500,
              response_body: '<h1>Oops</h1><script>alert(1)</script>',
            }),
          ]),
        [routeKey(webhookRoutes.resend, { id: 5, endpointId: 1, deliveryId: 8 })]: () =>
          jsonResponse(202, { data: delivery(8, { status: 'pending', attempts: 0 }) }),
        [routeKey(webhookRoutes.resendFailed, { id: 5, endpointId: 1 })]: () =>
          jsonResponse(202, { data: { resent: 3 } }),
      }),
    );
    const row = await screen.findByTestId('webhook-delivery-8');
    const log = within(screen.getByTestId('webhook-deliveries'));
    expect(log.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '',
      'Event',
      'Status',
      'Response',
      'Attempts',
      'Duration',
      'Time',
      'Actions',
    ]);
    expect(within(row).getByText('HTTP 500')).toBeInTheDocument();
    expect(within(row).getByText('42 ms')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Show the answer' }));
    const detail = await screen.findByTestId('webhook-delivery-8-detail');
    expect(detail).toHaveTextContent('<h1>Oops</h1><script>alert(1)</script>');
    expect(detail.querySelector('h1, script')).toBeNull();
    expect(detail).toHaveTextContent('msg_8');

    fireEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Delivery queued to be sent again.'));

    fireEvent.change(log.getByLabelText('Failed since'), { target: { value: '2026-03-01T08:30' } });
    fireEvent.click(log.getByRole('button', { name: 'Resend failed' }));
    await waitFor(() => expect(notice()).toHaveTextContent('3 failed deliveries queued to be sent again.'));
    expect(lastBody(fetch, routeKey(webhookRoutes.resendFailed, { id: 5, endpointId: 1 }))).toEqual({
      since: new Date('2026-03-01T08:30').toISOString(),
    });
  });

  it('rotates the secret after confirmation and shows the new one once', async () => {
    await open(
      webhookHandlers([endpoint(1)], {
        [routeKey(webhookRoutes.rotateSecret, { id: 5, endpointId: 1 })]: () =>
          routeAnswer(webhookRoutes.rotateSecret, {
            data: {
              ...endpoint(1, { previous_secret_expires_at: '2026-03-03T10:00:00.000Z' }),
              secret: NEW_SECRET,
            },
          }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Rotate signing secret' }));
    expect(confirm.getByText(/The current secret stays valid for 24 hours/)).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'Rotate secret' }));
    const shown = within(await screen.findByRole('dialog', { name: 'New signing secret' }));
    expect(shown.getByTestId('webhook-secret')).toHaveTextContent(NEW_SECRET);
    expect(shown.getByText(/signed with both the new and the old secret \(24 hours\)/)).toBeInTheDocument();
    fireEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(NEW_SECRET)).not.toBeInTheDocument());
  });

  it('deletes an endpoint after confirmation', async () => {
    const fetch = await open(
      webhookHandlers([endpoint(1)], {
        [routeKey(webhookRoutes.remove, { id: 5, endpointId: 1 })]: () =>
          routeAnswer(webhookRoutes.remove, { data: { ok: true } }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete webhook endpoint' }));
    expect(
      dialog.getByText(/Delete https:\/\/hooks.example.com\/parley\/1 and its delivery log\?/),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Webhook endpoint deleted.'));
    expect(callsTo(fetch, routeKey(webhookRoutes.remove, { id: 5, endpointId: 1 }))).toHaveLength(1);
  });

  it('read-only (support access): endpoints and log are shown, nothing can be changed', async () => {
    const fetch = await open(
      webhookHandlers([endpoint(1)], {
        [routeKey(webhookRoutes.deliveries, { id: 5, endpointId: 1 })]: () => deliveriesAnswer([delivery(8)]),
      }),
      settingsProject({ read_only: true }),
    );
    expect(await screen.findByTestId('webhook-delivery-8')).toBeInTheDocument();
    for (const name of [
      'Add endpoint',
      'Send test event',
      'Edit',
      'Rotate secret',
      'Delete',
      'Resend',
      'Resend failed',
    ])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(writeCalls(fetch)).toEqual([]);
  });
});

describe('Webhooks tab: who sees it', () => {
  // The app's route: the settings page is for admins and owners (RequireProjectManager).
  const guardedRoutes: RouteObject[] = [
    {
      path: '/projects/:projectId',
      element: <ProjectGuard />,
      children: [
        {
          element: <RequireProjectManager />,
          children: [
            { path: 'settings', element: <Navigate to="general" replace /> },
            { path: 'settings/:tab', element: <SettingsPage /> },
          ],
        },
      ],
    },
  ];

  it.each(['user', 'teamleader'] as const)(
    'a %s gets no permission, no tab and no webhooks call',
    async (role) => {
      const fetch = mockSettingsApi(webhookHandlers([endpoint(1)]), settingsProject({ my_role: role }));
      renderRoutes(guardedRoutes, '/projects/5/settings/webhooks');
      expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Webhooks' })).not.toBeInTheDocument();
      expect(callsTo(fetch, routeKey(webhookRoutes.list, { id: 5 }))).toHaveLength(0);
    },
  );

  it.each(['admin', 'owner'] as const)('an %s sees the tab and the endpoints', async (role) => {
    mockSettingsApi(
      {
        ...webhookHandlers([endpoint(1)]),
        [routeKey(memberRoutes.list, { id: 5 })]: () =>
          routeAnswer(memberRoutes.list, { data: { members: [], invites: [] } }),
      },
      settingsProject({ my_role: role }),
    );
    renderRoutes(guardedRoutes, '/projects/5/settings/webhooks');
    expect(await screen.findByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('webhook-1')).toBeInTheDocument();
  });
});
