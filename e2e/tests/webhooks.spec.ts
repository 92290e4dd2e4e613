import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@parley/contracts';
import { Webhook } from 'standardwebhooks';
import { SettingsPage } from '../pages/settings.ts';
import { choose } from '../pages/shell.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { createProjectViaApi, freshPage, signedInPage, signInViaApi, uniqueName } from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// The texts of apps/web/src/locales/en/webhooks.json.
const TEXTS = {
  emptyTitle: 'No webhook endpoints yet',
  warningTitle: 'Copy the signing secret now',
  warning: "This is the only time the secret is shown: you won't see it again.",
  reminder: 'Make sure you saved the signing secret: it cannot be shown again.',
  delivered: /^Test event delivered: the receiver answered HTTP 200 in \d[\d,]* ms\.$/,
};

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

test.describe('webhooks', () => {
  test('an owner adds an endpoint, sees the secret once, sends a test event the receiver can verify; a user has no tab', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const settings = new SettingsPage(page);
    const { webhooks } = settings;
    await signedInPage(page, { label: 'webhooks owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Hooked Project') });
    const path = `/parley/${project.id}`;

    // --- The empty tab, then the add dialog ---
    await settings.open(project.id, 'webhooks');
    await expect(webhooks.section.getByRole('heading', { name: TEXTS.emptyTitle })).toBeVisible();
    await webhooks.openAddDialog();
    await expect(webhooks.addButton).toBeDisabled();
    await webhooks.url.fill(receiver.url(path));
    await webhooks.description.fill('CRM sync');
    await expect(webhooks.addDialog.getByRole('checkbox', { name: /Analysis completed/ })).toBeChecked();
    await shoot(page, 'settings-webhook-add');
    await webhooks.addButton.click();

    // --- The signing secret, once ---
    await expect(webhooks.createdDialog).toBeVisible();
    await expect(webhooks.warning).toContainText(TEXTS.warningTitle);
    await expect(webhooks.warning).toContainText(TEXTS.warning);
    const secret = (await webhooks.secret.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shoot(page, 'settings-webhook-secret');
    await webhooks.createdDialog.getByRole('button', { name: 'Done' }).click();
    await expect(webhooks.createdDialog).toBeHidden();
    await expect(settings.toast).toHaveText(TEXTS.reminder);
    await expect(page.getByText(secret)).toHaveCount(0);

    const listed = await page.request.get(`/api/projects/${project.id}/webhooks`);
    const endpoint = ((await listed.json()) as { data: WebhookEndpoint[] }).data[0]!;
    expect(endpoint).toMatchObject({ url: receiver.url(path), description: 'CRM sync', enabled: true });
    const row = webhooks.row(endpoint.id);
    await expect(row).toContainText(receiver.url(path));
    await expect(row).toContainText('CRM sync');
    await expect(row).toContainText('No deliveries yet');
    await expect(row.getByRole('switch', { name: `Send events to ${receiver.url(path)}` })).toBeChecked();

    // --- A test event: the answer's status shows, the receiver verifies the signature with the secret ---
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(webhooks.testResult).toHaveText(TEXTS.delivered);
    expect(receiver.received(path)).toHaveLength(1);
    const request = receiver.received(path)[0]!;
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    expect(headers['webhook-id']).toMatch(/^msg_/);
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    const event = new Webhook(secret).verify(request.body, headers) as WebhookEvent;
    expect(event).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: endpoint.id, project_id: project.id },
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(request.body, headers),
    ).toThrow();

    // --- The delivery log and the list's last delivery ---
    const log = await page.request.get(`/api/projects/${project.id}/webhooks/${endpoint.id}/deliveries`);
    const delivery = ((await log.json()) as { data: { items: WebhookDelivery[] } }).data.items[0]!;
    expect(delivery).toMatchObject({
      event_id: headers['webhook-id'],
      status: 'succeeded',
      response_status: 200,
    });
    const logged = webhooks.deliveryRow(delivery.id);
    await expect(logged.getByRole('cell')).toContainText(['', 'webhook.test', 'Succeeded', 'HTTP 200', '1']);
    await logged.getByRole('button', { name: 'Show the answer' }).click();
    const detail = webhooks.deliveries.getByTestId(`webhook-delivery-${delivery.id}-detail`);
    await expect(detail).toContainText(headers['webhook-id']);
    await expect(detail).toContainText('received by the e2e receiver');
    await expect(row).toContainText('Succeeded');
    await expect(row).toContainText('HTTP 200');
    // The reminder after the secret has gone (it stays 6 s), so the picture shows the tab alone.
    await expect(settings.toast).toBeHidden();
    await shoot(page, 'settings-webhooks');

    // --- A plain user of the project: no Settings, no Webhooks tab, and the API refuses ---
    const { user } = await addMemberViaApi(page.request, project.id, 'user', 'webhooks user');
    const member = await freshPage(browser);
    try {
      await signInViaApi(member.page.request, user);
      const theirs = new SettingsPage(member.page);
      await theirs.goto(project.id, 'webhooks');
      await expect(theirs.noPermission).toBeVisible();
      await expect(theirs.tab('webhooks')).toHaveCount(0);
      await expect(theirs.navItem('settings')).toHaveCount(0);
      expect((await member.page.request.get(`/api/projects/${project.id}/webhooks`)).status()).toBe(403);
    } finally {
      await member.context.close();
    }
  });

  // In this file: the receiver's one port is this spec's.
  test('an owner adds an automation rule; a matching analysis fires it: a signed automation.fired and a Slack post', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { project, prompt } = await projectWithScorecard(page, { label: 'automations owner' });
    const hookPath = `/automations/${project.id}`;
    const slackPath = `/slack/${project.id}`;
    const created = await page.request.post(`/api/projects/${project.id}/webhooks`, {
      data: { url: receiver.url(hookPath), events: ['batch.completed'] },
    });
    expect(created.status()).toBe(201);
    const endpoint = ((await created.json()) as { data: WebhookEndpoint & { secret: string } }).data;

    // --- The rule: completed analyses of the Sales department → the endpoint and Slack ---
    const settings = new SettingsPage(page);
    await settings.open(project.id, 'automations');
    await expect(page.getByRole('heading', { name: 'No automation rules yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add automation rule' });
    await dialog.getByLabel('Name').fill('Sales calls to the CRM');
    await dialog.getByRole('combobox', { name: 'Department' }).fill('Sales');
    await dialog.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: 'Send a webhook' }).click();
    await choose(page, dialog.getByRole('combobox', { name: 'Webhook endpoint' }), receiver.url(hookPath));
    await dialog.getByRole('button', { name: 'Add action' }).click();
    await page.getByRole('menuitem', { name: 'Post to Slack' }).click();
    await dialog.getByLabel('Slack incoming-webhook URL').fill(receiver.url(slackPath));
    await shoot(page, 'settings-automation-dialog');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog).toBeHidden();
    const listed = await page.request.get(`/api/projects/${project.id}/automations`);
    const rule = ((await listed.json()) as { data: Array<{ id: number }> }).data[0]!;
    const summary = page.getByTestId(`automation-${rule.id}-summary`);
    await expect(summary).toContainText('Department: Sales');
    await expect(summary).toContainText(`Webhook to ${receiver.url(hookPath)}`);

    // --- An analysis of another department does not fire it; one of Sales does ---
    const chat = (line: string) => ({
      path: '',
      fileName: 'chat.txt',
      contentType: 'text/plain',
      bytes: Buffer.from(`Agent: Good morning, Acme Solar.\nClient: ${line}\n`),
    });
    const support = await uploadViaApi(page.request, project.id, chat('My panel is broken.'), prompt.id, {
      Department: 'Support',
      Representative: 'Ann',
    });
    const sales = await uploadViaApi(page.request, project.id, chat('I would like panels.'), prompt.id, {
      Department: 'Sales',
      Representative: 'Ann',
    });
    await waitForStatus(page.request, project.id, support.data.task_id!, 'completed');
    await waitForStatus(page.request, project.id, sales.data.task_id!, 'completed');
    await expect.poll(() => receiver.received(hookPath).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => receiver.received(slackPath).length, { timeout: 30_000 }).toBe(1);
    const request = receiver.received(hookPath)[0]!;
    const event = new Webhook(endpoint.secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    }) as WebhookEvent;
    expect(event).toMatchObject({
      type: 'automation.fired',
      data: { rule: { id: rule.id }, event_type: 'analysis.completed', analysis: { id: sales.data.task_id } },
    });
    const slack = JSON.parse(receiver.received(slackPath)[0]!.body) as { text: string };
    expect(slack.text).toContain(`/projects/${project.id}/analysis/${sales.data.task_id}`);

    // --- The firing log: one firing, both actions sent ---
    await page.reload();
    await page.getByTestId(`automation-${rule.id}`).getByRole('button', { name: 'Show firings' }).click();
    const firings = page.getByTestId('automation-firings');
    await expect(firings.getByText('Send a webhook: Sent')).toBeVisible();
    await expect(firings.getByText('Post to Slack: Sent')).toBeVisible();
    await expect(firings.getByTestId(/^automation-firing-\d+$/)).toHaveCount(1);
    await shoot(page, 'settings-automation-firings');
  });
});
