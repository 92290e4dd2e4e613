import { AnalysisPage } from '../pages/analyses.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test.use({ viewport: PHONE });

const CARD = '4111 1111 1111 1111';

/** A JSON chat in which the customer types a card number with its expiry and security code. */
const chat = (marker: string) =>
  JSON.stringify([
    { author: 'Sarah Agent', text: `Good morning, Acme Solar. ${marker}`, time: '2026-11-05T10:00:00Z' },
    { author: 'Tom', text: `My card is ${CARD}, expiry 12/27, CVV 123.`, time: '2026-11-05T10:01:00Z' },
  ]);

test('an owner sees redacted card data highlighted by type, and reads the original, which is audited', async ({
  page,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'privacy-view' });
  const saved = await page.request.put(`/api/projects/${project.id}/privacy`, {
    data: {
      redaction_enabled: true,
      redaction_types: ['card_number', 'card_security_code', 'card_expiry', 'email'],
      redaction_keep: 'redacted_and_original',
      region: null,
      media_retention_days: null,
      result_retention_days: null,
    },
  });
  expect(saved.status()).toBe(200);

  const marker = uniqueMarker('privacy-view');
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
  const line = analysis.transcriptLine(1);
  const placeholders = line.getByTestId('redacted-placeholder');
  await expect(placeholders).toHaveText([
    'Card number 1, redacted',
    'Card expiry 1, redacted',
    'Security code 1, redacted',
  ]);
  await expect(placeholders.first()).toHaveAttribute('title', 'Card number, redacted: [CARD_NUMBER_1]');
  await expect(line).toContainText(
    'My card is Card number 1, redacted, expiry Card expiry 1, redacted, CVV Security code 1, redacted.',
  );
  await expect(analysis.transcript.getByText(/4111/)).toHaveCount(0);
  // The highlight stays within the phone's width.
  const box = await placeholders.first().boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'privacy-view-phone');

  const original = page.getByRole('switch', { name: 'Show original' });
  await expect(page.getByTestId('original-switch')).toContainText(
    'Each reading of the original is recorded in the audit log.',
  );
  await original.check();
  await expect(page.getByTestId('original-transcript').getByRole('alert')).toContainText(
    'Your reading was recorded in the audit log.',
  );
  await expect(line).toContainText(`My card is ${CARD}, expiry 12/27, CVV 123.`);
  await expect(line.getByTestId('redacted-placeholder')).toHaveCount(0);
  await shoot(page, 'privacy-view-original-phone');

  const audit = await page.request.get(`/api/projects/${project.id}/audit?action=original_transcript_read`);
  expect(audit.status()).toBe(200);
  const entries = (await audit.json()).data;
  expect(entries).toHaveLength(1);
  expect(entries[0].target_id).toBe(taskId);

  await original.uncheck();
  await expect(placeholders).toHaveCount(3);
  await expect(analysis.transcript.getByText(/4111/)).toHaveCount(0);

  await page.setViewportSize(DESKTOP);
  await expect(placeholders.first()).toBeVisible();
  await shoot(page, 'privacy-view-desktop');
});
