import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@parley/contracts';
import { Webhook } from 'standardwebhooks';
import { SettingsPage } from '../pages/settings.ts';
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
});
