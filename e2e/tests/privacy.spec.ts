import { AnalysisPage } from '../pages/analyses.ts';
import { SettingsPage } from '../pages/settings.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'parallel' });

const CARD = '4111 1111 1111 1111';

/** A JSON chat in which the customer types a card number, its expiry and security code, and an email. */
const chat = (marker: string) =>
  JSON.stringify([
    { author: 'Sarah Agent', text: `Good morning, Acme Solar. ${marker}`, time: '2026-11-05T10:00:00Z' },
    { author: 'Tom', text: `My card is ${CARD}, expiry 12/27, CVV 123.`, time: '2026-11-05T10:01:00Z' },
    {
      author: 'Tom',
      text: 'Send the receipt to tom.baker@example.com please.',
      time: '2026-11-05T10:02:00Z',
    },
  ]);

test('an admin switches redaction on; a chat with a card number shows placeholders, and the change is audited', async ({
  page,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'privacy' });
  const settings = new SettingsPage(page);
  await settings.open(project.id, 'privacy');
  const panel = settings.panel('privacy');
  const types = panel.getByRole('checkbox', { name: 'Card numbers' });
  await expect(types).toBeDisabled();
  await panel.getByRole('switch', { name: 'Redact personal and card data' }).check();
  await expect(types).toBeChecked();
  await expect(types).toBeEnabled();
  await shoot(page, 'settings-privacy');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Privacy settings saved.')).toBeVisible();

  const marker = uniqueMarker('privacy');
  const uploaded = await uploadViaApi(
    page.request,
    project.id,
    { path: '', fileName: 'chat.json', contentType: 'application/json', bytes: Buffer.from(chat(marker)) },
    prompt.id,
    { Department: 'Sales', Representative: 'Sarah Agent' },
  );
  const taskId = uploaded.data.task_id!;
  await waitForStatus(page.request, project.id, taskId, 'completed');

  const analysis = new AnalysisPage(page);
  await analysis.open(project.id, taskId);
  await expect(analysis.transcriptLine(1)).toContainText(
    'My card is Card number 1, redacted, expiry Card expiry 1, redacted, CVV Security code 1, redacted.',
  );
  await expect(analysis.transcriptLine(2)).toContainText('Send the receipt to Email 1, redacted please.');
  await expect(analysis.transcript.getByText(/4111/)).toHaveCount(0);

  const audit = await page.request.get(`/api/projects/${project.id}/audit?action=privacy_settings_changed`);
  expect(audit.status()).toBe(200);
  const entries = (await audit.json()).data;
  expect(entries).toHaveLength(1);
  expect(entries[0].details).toMatchObject({ redaction_enabled: true });
});
