import {
  type AutomationFiring,
  type AutomationRule,
  automationRoutes,
  memberRoutes,
  promptRoutes,
  type WebhookEndpoint,
  webhookRoutes,
} from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, promptFixture } from '../../test/prompts';
import { type Handler, jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import {
  callsTo,
  lastBody,
  member,
  mockSettingsApi,
  notice,
  openSettingsTab,
  settingsProject,
  settingsRoutes,
  writeCalls,
} from './testUtils';

function rule(id: number, overrides: Partial<AutomationRule> = {}): AutomationRule {
  return {
    id,
    project_id: 5,
    name: `Rule ${id}`,
    trigger: 'analysis.completed',
    conditions: {
      prompt_id: null,
      department: null,
      representative: null,
      score_below: null,
      knocked_out: false,
      field: null,
    },
    actions: [{ type: 'slack', url: 'https://hooks.slack.com/services/T/B/x' }],
    enabled: true,
    last_fired_at: null,
    created_by: 1,
    updated_by: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const endpoint = (id: number): WebhookEndpoint => ({
  id,
  project_id: 5,
  url: `https://crm.example.com/hook/${id}`,
  description: '',
  events: ['analysis.completed'],
  enabled: true,
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_by: 1,
  updated_by: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
});

/** The rules, a prompt "Sales Call" with a yes/no Greeting, an endpoint and two members; then `handlers`. */
function automationHandlers(rules: AutomationRule[], handlers: Record<string, Handler> = {}) {
  return {
    [routeKey(automationRoutes.list, { id: 5 })]: () => routeAnswer(automationRoutes.list, { data: rules }),
    [routeKey(promptRoutes.list, { id: 5 })]: () =>
      jsonResponse(200, {
        data: [
          promptFixture({
            id: 11,
            scriptName: 'Sales Call',
            content: [field('Greeting', 'bool', { includeInScore: true }), field('Outcome')],
          }),
        ],
      }),
    [routeKey(webhookRoutes.list, { id: 5 })]: () => routeAnswer(webhookRoutes.list, { data: [endpoint(3)] }),
    [routeKey(memberRoutes.list, { id: 5 })]: () =>
      routeAnswer(memberRoutes.list, {
        data: {
          members: [
            member(1, 'owner', { name: 'Ada Lovelace', email: 'ada@example.com' }),
            member(2, 'user', { name: 'Grace Hopper', email: 'grace@example.com' }),
          ],
          invites: [],
        },
      }),
    ...handlers,
  };
}

const open = (handlers: Record<string, Handler>, project = settingsProject()) =>
  openSettingsTab('automations', 'Automations', handlers, project);

function choose(scope: ReturnType<typeof within>, label: string, option: string) {
  fireEvent.mouseDown(scope.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('Automations tab', () => {
  it('is a settings tab after Webhooks', async () => {
    await open(automationHandlers([]));
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs[tabs.indexOf('Webhooks') + 1]).toBe('Automations');
    expect(screen.getByRole('tab', { name: 'Automations' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists rules with their trigger, a summary of conditions and actions, enabled and last fired', async () => {
    await open(
      automationHandlers([
        rule(1, {
          name: 'Missed greetings',
          conditions: {
            prompt_id: 11,
            department: 'Sales',
            representative: null,
            score_below: 60,
            knocked_out: true,
            field: { path: 'Greeting', outcome: 'missed', value: null },
          },
          actions: [
            { type: 'webhook', endpoint_id: 3 },
            { type: 'email', user_ids: [1, 2] },
          ],
          last_fired_at: '2026-03-02T10:00:00.000Z',
        }),
        rule(2, { trigger: 'review.submitted', enabled: false }),
      ]),
    );
    const table = within(await screen.findByRole('table', { name: 'Automations' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'When',
      'What it does',
      'Enabled',
      'Last fired',
      'Actions',
    ]);
    const first = within(screen.getByTestId('automation-1'));
    expect(first.getByText('Missed greetings')).toBeInTheDocument();
    expect(first.getByText('Analysis completed')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('automation-1-summary')).toHaveTextContent(
        'Prompt: Sales Call · Department: Sales · Score below 60 · Knocked out only · Greeting: missed → ' +
          'Webhook to https://crm.example.com/hook/3 · Email to Ada Lovelace, Grace Hopper',
      ),
    );
    expect(first.getByRole('switch', { name: 'Run the rule Missed greetings' })).toBeChecked();
    expect(first.queryByText('Never')).not.toBeInTheDocument();

    const second = within(screen.getByTestId('automation-2'));
    expect(second.getByText('Review submitted')).toBeInTheDocument();
    expect(screen.getByTestId('automation-2-summary')).toHaveTextContent('Every analysis → Slack');
    expect(second.getByRole('switch')).not.toBeChecked();
    expect(second.getByText('Never')).toBeInTheDocument();
  });

  it('shows an empty state with a button to add a rule', async () => {
    await open(automationHandlers([]));
    expect(await screen.findByText('No automation rules yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByRole('dialog', { name: 'Add automation rule' })).toBeInTheDocument();
  });

  it('says when the rules cannot be loaded', async () => {
    await open(
      automationHandlers([], {
        [routeKey(automationRoutes.list, { id: 5 })]: () =>
          jsonResponse(500, { error: { code: 'internal', message: 'Boom' } }),
      }),
    );
    expect(await screen.findByText('Failed to load the automation rules.')).toBeInTheDocument();
  });

  it('checks a new rule with the contracts schema, then posts it', async () => {
    const fetch = await open(
      automationHandlers([], {
        [routeKey(automationRoutes.create, { id: 5 })]: (_url, init) =>
          jsonResponse(201, { data: rule(9, JSON.parse(String(init?.body))) }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add automation rule' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add rule' }));
    expect(dialog.getByText('Please enter a name.')).toBeInTheDocument();
    expect(dialog.getByText('Add at least one action.')).toBeInTheDocument();
    expect(callsTo(fetch, routeKey(automationRoutes.create, { id: 5 }))).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(/Name/), { target: { value: ' Low scores ' } });
    choose(dialog, 'When', 'Review submitted');
    choose(dialog, 'Prompt', 'Sales Call');
    choose(dialog, 'Field', 'Greeting');
    choose(dialog, 'Answer', 'passed');
    fireEvent.change(dialog.getByLabelText('Final score below'), { target: { value: '70' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Only analyses a knockout answer failed' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Add action' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Email members' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add action' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Send a webhook' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add rule' }));
    expect(dialog.getByText('Choose at least one member.')).toBeInTheDocument();
    expect(dialog.getByText('Choose a webhook endpoint.')).toBeInTheDocument();

    fireEvent.mouseDown(dialog.getByRole('combobox', { name: /Members to email/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Grace Hopper/ }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    choose(dialog, 'Webhook endpoint', 'https://crm.example.com/hook/3');
    fireEvent.click(dialog.getByRole('button', { name: 'Add rule' }));

    await waitFor(() => expect(notice()).toHaveTextContent('Automation rule added.'));
    expect(lastBody(fetch, routeKey(automationRoutes.create, { id: 5 }))).toEqual({
      name: 'Low scores',
      trigger: 'review.submitted',
      conditions: {
        prompt_id: 11,
        department: null,
        representative: null,
        score_below: 70,
        knocked_out: true,
        field: { path: 'Greeting', outcome: 'passed', value: null },
      },
      actions: [
        { type: 'email', user_ids: [2] },
        { type: 'webhook', endpoint_id: 3 },
      ],
      enabled: true,
    });
  });

  it("shows the server's 422 on the field it names, and a 409 above the form", async () => {
    let answer = 422;
    await open(
      automationHandlers([], {
        [routeKey(automationRoutes.create, { id: 5 })]: () =>
          answer === 422
            ? jsonResponse(422, {
                error: {
                  code: 'invalid_value',
                  message: 'The Slack URL points to a private or local network address.',
                  field: 'actions.0.url',
                },
              })
            : jsonResponse(409, {
                error: { code: 'too_many_rules', message: 'A project can have at most 50 rules.' },
              }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add automation rule' }));
    fireEvent.change(dialog.getByLabelText(/Name/), { target: { value: 'Slack' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add action' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Post to Slack' }));
    const url = dialog.getByLabelText(/Slack incoming-webhook URL/);
    fireEvent.change(url, { target: { value: 'https://10.0.0.1/hook' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(
      dialog.getByText('The Slack URL points to a private or local network address.'),
    ).toBeInTheDocument();
    // Changing the form clears the refusal.
    fireEvent.change(url, { target: { value: 'https://hooks.slack.com/services/T/B/x' } });
    expect(url).toHaveAttribute('aria-invalid', 'false');

    answer = 409;
    fireEvent.click(dialog.getByRole('button', { name: 'Add rule' }));
    expect(await dialog.findByTestId('automation-error')).toHaveTextContent(
      'A project can have at most 50 automation rules. Delete one you no longer use.',
    );
  });

  it('edits a rule and switches it off from the list', async () => {
    let saved = rule(1);
    const fetch = await open(
      automationHandlers([], {
        [routeKey(automationRoutes.list, { id: 5 })]: () =>
          routeAnswer(automationRoutes.list, { data: [saved] }),
        [routeKey(automationRoutes.update, { id: 5, ruleId: 1 })]: (_url, init) => {
          saved = rule(1, JSON.parse(String(init?.body)));
          return routeAnswer(automationRoutes.update, { data: saved });
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit automation rule' }));
    expect(dialog.getByLabelText(/Slack incoming-webhook URL/)).toHaveValue(
      'https://hooks.slack.com/services/T/B/x',
    );
    fireEvent.change(dialog.getByLabelText(/Name/), { target: { value: 'Renamed' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Automation rule saved.'));
    expect(lastBody(fetch, routeKey(automationRoutes.update, { id: 5, ruleId: 1 }))).toMatchObject({
      name: 'Renamed',
    });

    fireEvent.click(await screen.findByRole('switch', { name: 'Run the rule Renamed' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Rule disabled'));
    expect(lastBody(fetch, routeKey(automationRoutes.update, { id: 5, ruleId: 1 }))).toEqual({
      name: 'Renamed',
      trigger: 'analysis.completed',
      conditions: rule(1).conditions,
      actions: rule(1).actions,
      enabled: false,
    });
  });

  it('deletes a rule after confirmation', async () => {
    const fetch = await open(
      automationHandlers([rule(1)], {
        [routeKey(automationRoutes.delete, { id: 5, ruleId: 1 })]: () =>
          routeAnswer(automationRoutes.delete, { data: { ok: true } }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete automation rule' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Automation rule deleted.'));
    expect(callsTo(fetch, routeKey(automationRoutes.delete, { id: 5, ruleId: 1 }))).toHaveLength(1);
  });

  it("the firing log: each action's status and detail, a link to the analysis, paged", async () => {
    const firing = (id: number, overrides: Partial<AutomationFiring> = {}): AutomationFiring => ({
      id,
      rule_id: 1,
      event_type: 'analysis.completed',
      task_id: 40 + id,
      actions: [
        { type: 'webhook', status: 'sent', detail: null },
        { type: 'slack', status: 'failed', detail: 'Slack answered HTTP 404.' },
      ],
      created_at: '2026-03-02T10:00:00.000Z',
      ...overrides,
    });
    const fetch = await open(
      automationHandlers([rule(1), rule(2)], {
        [routeKey(automationRoutes.firings, { id: 5, ruleId: 1 })]: () =>
          routeAnswer(automationRoutes.firings, {
            data: {
              items: [
                firing(1),
                firing(2, {
                  task_id: null,
                  actions: [{ type: 'email', status: 'queued', detail: '2 members' }],
                }),
              ],
              total: 30,
              page: 1,
              page_size: 25,
            },
          }),
        [routeKey(automationRoutes.firings, { id: 5, ruleId: 2 })]: () =>
          routeAnswer(automationRoutes.firings, { data: { items: [], total: 0, page: 1, page_size: 25 } }),
      }),
    );
    fireEvent.click((await screen.findAllByRole('button', { name: 'Show firings' }))[0]!);
    const log = within(await screen.findByRole('dialog', { name: 'Firings of Rule 1' }));
    const row = within(await log.findByTestId('automation-firing-1'));
    expect(row.getByText('Send a webhook: Sent')).toBeInTheDocument();
    expect(row.getByText('Post to Slack: Failed')).toBeInTheDocument();
    expect(row.getByText('Slack answered HTTP 404.')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Analysis #41' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/41',
    );
    const deleted = within(log.getByTestId('automation-firing-2'));
    expect(deleted.getByText('Deleted')).toBeInTheDocument();
    expect(deleted.getByText('Email members: Queued')).toBeInTheDocument();
    expect(deleted.getByText('2 members')).toBeInTheDocument();
    fireEvent.click(log.getByRole('button', { name: /next page/i }));
    await waitFor(() =>
      expect(
        callsTo(fetch, routeKey(automationRoutes.firings, { id: 5, ruleId: 1 })).some(([input]) =>
          String(input).includes('page=2'),
        ),
      ).toBe(true),
    );
    fireEvent.click(log.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getAllByRole('button', { name: 'Show firings' })[1]!);
    expect(await screen.findByTestId('automation-firings-empty')).toHaveTextContent(
      'This rule has not fired yet',
    );
  });

  it('read-only (support access): rules and firings are shown, nothing can be changed', async () => {
    const fetch = await open(automationHandlers([rule(1)]), settingsProject({ read_only: true }));
    expect(await screen.findByTestId('automation-1')).toBeInTheDocument();
    for (const name of ['Add rule', 'Edit', 'Delete'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(writeCalls(fetch)).toEqual([]);
  });

  it.each(['user', 'teamleader'] as const)(
    'a %s gets no permission and no automations call',
    async (role) => {
      const fetch = mockSettingsApi(automationHandlers([rule(1)]), settingsProject({ my_role: role }));
      renderRoutes(settingsRoutes, '/projects/5/settings/automations');
      expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
      expect(callsTo(fetch, routeKey(automationRoutes.list, { id: 5 }))).toHaveLength(0);
    },
  );
});
