import type { Receiver, ReceiverEvent } from '@parley/contracts';
import { Webhook } from 'standardwebhooks';
import { AnalysesListPage, statusOf } from '../pages/analyses.ts';
import { choose } from '../pages/shell.ts';
import { projectWithScorecard, removeSpeechFixtures } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { isolatedApi } from '../support/flows.ts';
import { mediaRequests, recordingUrl } from '../support/media-server.ts';
import { shoot } from '../support/screenshots.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

test.afterAll(removeSpeechFixtures);

// The texts of apps/web/src/locales/en/receivers.json.
const TEXTS = {
  emptyTitle: 'No phone systems connected yet',
  warningTitle: 'Copy the signing secret now',
  reminder: 'Make sure you saved the signing secret: it cannot be shown again.',
};

/** Posts a call event to a receiver's address as a phone system would: JSON signed per Standard Webhooks. */
function postCallEvent(
  api: APIRequestContext,
  address: string,
  event: Record<string, string>,
  { secret, messageId, signedAt = new Date() }: { secret: string; messageId: string; signedAt?: Date },
) {
  const body = JSON.stringify(event);
  return api.post(address, {
    headers: {
      'content-type': 'application/json',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(messageId, signedAt, body),
    },
    data: body,
  });
}

test.describe('phone systems', () => {
  test('an owner adds a generic receiver; a signed call event to its address is analysed with the mapped representative', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const { project, prompt } = await projectWithScorecard(page, { label: 'phone systems owner' });
    const scope = uniqueMarker('receiver').replace(/[^a-z0-9-]/gi, '');

    // --- Integrations → Phone systems: the empty tab, then the add dialog ---
    await page.goto(`/projects/${project.id}/integrations/google-drive`);
    await page.getByRole('tab', { name: 'Phone systems' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/integrations/phone-systems$`));
    await expect(page.getByRole('heading', { name: TEXTS.emptyTitle })).toBeVisible();
    await page.getByRole('button', { name: 'Set up a phone system' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a phone-system receiver' });
    await choose(page, dialog.getByRole('combobox', { name: 'Phone system' }), /^Generic \(signed JSON\)/);
    await dialog.getByLabel('Name').fill('Office PBX');
    await choose(page, dialog.getByRole('combobox', { name: /^Prompt/ }), prompt.scriptName);
    // The generic kind's usual fields, agent and queue among them.
    await expect(dialog.getByTestId('mapping-row-0').getByLabel('Field of the call')).toHaveValue('agent');
    await expect(dialog.getByTestId('mapping-row-0').getByLabel('Metadata field')).toHaveValue(
      'Representative',
    );
    await expect(dialog.getByTestId('mapping-row-1').getByLabel('Field of the call')).toHaveValue('queue');
    await expect(dialog.getByTestId('mapping-row-1').getByLabel('Metadata field')).toHaveValue('Department');
    await shoot(page, 'integrations-phone-systems-add');
    await dialog.getByRole('button', { name: 'Add receiver' }).click();

    // --- The signing secret and the address, once ---
    const shown = page.getByRole('dialog', { name: 'Receiver added: its signing secret' });
    await expect(shown.getByTestId('receiver-warning')).toContainText(TEXTS.warningTitle);
    const secret = (await shown.getByTestId('receiver-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const address = (await shown.getByTestId('receiver-address').textContent()) ?? '';
    expect(address).toMatch(/^https?:\/\/[^/]+\/api\/receivers\/[^/]+$/);
    await shoot(page, 'integrations-phone-systems-secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByTestId('toast')).toHaveText(TEXTS.reminder);
    await expect(page.getByText(secret)).toHaveCount(0);

    const listed = await page.request.get(`/api/projects/${project.id}/receivers`);
    const receiver = ((await listed.json()) as { data: Receiver[] }).data[0]!;
    expect(receiver).toMatchObject({
      kind: 'generic',
      name: 'Office PBX',
      prompt_id: prompt.id,
      url: address,
    });
    const card = page.getByTestId(`receiver-${receiver.id}`);
    await expect(card.getByTestId('receiver-address')).toHaveText(address);
    await expect(card.getByTestId('receiver-state')).toHaveText('Enabled');
    await expect(card).toContainText(prompt.scriptName);
    await expect(card).toContainText('No calls have arrived yet.');

    // --- The phone system posts a call: a wrong signature and a stale one are refused, a good one taken ---
    const event = {
      recording_url: recordingUrl(scope, 'call-stereo.mp3'),
      call_id: `call-${scope}`,
      started_at: new Date().toISOString(),
      agent: 'Anna Smith',
      queue: 'Sales',
      direction: 'inbound',
      caller_number: '+15550100',
    };
    const pbx = await isolatedApi();
    try {
      const forged = await postCallEvent(pbx, address, event, {
        secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        messageId: `msg_forged_${scope}`,
      });
      expect(forged.status()).toBe(401);
      const stale = await postCallEvent(pbx, address, event, {
        secret,
        messageId: `msg_stale_${scope}`,
        signedAt: new Date(Date.now() - 10 * 60_000),
      });
      expect(stale.status()).toBe(401);

      const taken = await postCallEvent(pbx, address, event, { secret, messageId: `msg_${scope}` });
      expect(taken.status()).toBe(200);
      const answer = ((await taken.json()) as { data: { event_id: number; status: string } }).data;
      expect(answer.event_id).toEqual(expect.any(Number));
      // The same call again (a provider's retry): answered, not taken twice.
      const again = await postCallEvent(pbx, address, event, { secret, messageId: `msg_${scope}` });
      expect(again.status()).toBe(200);
      expect(((await again.json()) as { data: { event_id: number } }).data.event_id).toBe(answer.event_id);
    } finally {
      await pbx.dispose();
    }

    // --- Recent calls: the event, queued, with the metadata the mapping made and a link to its analysis ---
    await page.reload();
    const row = card.getByTestId(/^receiver-event-\d+$/);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('receiver-event-status')).toHaveText('Queued', { timeout: 30_000 });
    await expect(row).toContainText('recording');
    await expect(row).toContainText('Representative: Anna Smith');
    await expect(row).toContainText('Department: Sales');
    const link = row.getByRole('link', { name: /^Analysis #\d+$/ });
    await expect(link).toBeVisible();
    const taskId = Number(/analysis\/(\d+)$/.exec((await link.getAttribute('href')) ?? '')?.[1]);
    expect(taskId).toBeGreaterThan(0);
    // The recording was fetched from the link, as a link upload fetches it.
    expect(await mediaRequests(scope)).toContainEqual(
      expect.objectContaining({ method: 'GET', status: 200 }),
    );
    const log = await page.request.get(`/api/projects/${project.id}/receivers/${receiver.id}/events`);
    const logged = ((await log.json()) as { data: { items: ReceiverEvent[] } }).data.items;
    expect(logged).toEqual([
      expect.objectContaining({
        status: 'queued',
        task_id: taskId,
        external_id: `call-${scope}`,
        metadata: expect.objectContaining({ Representative: 'Anna Smith', Department: 'Sales' }),
      }),
    ]);
    // The toast of the secret has gone (it stays 6 s), so the picture shows the panel alone.
    await expect(page.getByTestId('toast')).toBeHidden();
    await shoot(page, 'integrations-phone-systems');

    // --- The analysis completes, with the representative the call carried ---
    const list = new AnalysesListPage(page);
    await list.open(project.id);
    const analysis = list.row(taskId);
    await expect(statusOf(analysis)).toHaveText('Completed', { timeout: 60_000 });
    await expect(analysis).toContainText('Anna Smith');
    await expect(analysis).toContainText(prompt.scriptName);
  });
});
