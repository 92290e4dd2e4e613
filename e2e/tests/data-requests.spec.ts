import { readFile } from 'node:fs/promises';
import { DEFAULT_PRIVACY_SETTINGS } from '@parley/contracts';
import { SettingsPage } from '../pages/settings.ts';
import { analysisViaApi, projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'parallel' });

/** A JSON chat in which the customer gives their phone number, written as people write it. */
const chat = (marker: string, text: string) =>
  JSON.stringify([
    { author: 'Sarah Agent', text: `Good morning, Acme Solar. ${marker}`, time: '2026-11-05T10:00:00Z' },
    { author: 'Tom', text, time: '2026-11-05T10:01:00Z' },
  ]);

test('an admin finds a person by phone number, exports the conversation, erases it and blacklists the number', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { project, prompt } = await projectWithScorecard(page, { label: 'data-requests' });
  const region = await page.request.put(`/api/projects/${project.id}/privacy`, {
    data: { ...DEFAULT_PRIVACY_SETTINGS, region: 'GB' },
  });
  expect(region.status()).toBe(200);
  const upload = async (fileName: string, text: string) => {
    const uploaded = await uploadViaApi(
      page.request,
      project.id,
      {
        path: '',
        fileName,
        contentType: 'application/json',
        bytes: Buffer.from(chat(uniqueMarker('data-requests'), text)),
      },
      prompt.id,
      { Department: 'Sales', Representative: 'Sarah Agent' },
    );
    const taskId = uploaded.data.task_id!;
    await waitForStatus(page.request, project.id, taskId, 'completed');
    return taskId;
  };
  const mentioned = await upload('tom.json', 'Call me back on 020 7946 0958, please.');
  const other = await upload('ann.json', 'I would like a quote for the panels.');

  const settings = new SettingsPage(page);
  await settings.open(project.id, 'data-requests');
  const search = page.getByTestId('data-requests-search');
  await search.getByRole('textbox', { name: 'Value' }).fill('+44 (0)20-7946-0958');
  await search.getByRole('button', { name: 'Search' }).click();

  const results = page.getByTestId('data-requests-results');
  const row = results.getByTestId(`data-request-row-${mentioned}`);
  await expect(row).toContainText('Transcript');
  await expect(results.getByTestId(`data-request-row-${other}`)).toHaveCount(0);
  await expect(results.getByText('Searched for: +44 20 7946 0958')).toBeVisible();

  await row.getByRole('checkbox', { name: `Select analysis #${mentioned}` }).check();
  const downloading = page.waitForEvent('download');
  await results.getByRole('link', { name: 'Export (zip)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^person-data-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path())!);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  // Entry names are stored in clear in a zip's headers.
  expect(zip.includes(`analysis-${mentioned}.json`)).toBe(true);
  expect(zip.includes(`analysis-${mentioned}-media.json`)).toBe(true);

  await results.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase the chosen conversations (1)?' });
  await expect(dialog).toContainText('the recording or chat file');
  await expect(dialog).toContainText('the billing ledger line, described only by the analysis number');
  await dialog.getByRole('checkbox', { name: /Also add \+44 20 7946 0958 to the blacklist/ }).check();
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();

  await expect(page.getByText('Conversations erased: 1. The number is on the blacklist.')).toBeVisible();
  await expect(results.getByText('No conversation mentions this value.')).toBeVisible();

  const erased = await analysisViaApi(page.request, project.id, mentioned);
  expect(erased).toMatchObject({ transcript: null, transcript_text: null, result: null, title: null });
  expect(erased.expired_at).not.toBeNull();
  const kept = await analysisViaApi(page.request, project.id, other);
  expect(kept.transcript_text).toContain('quote for the panels');
  const blacklist = await page.request.get(`/api/blacklist?project_id=${project.id}&limit=100`);
  const entries = ((await blacklist.json()) as { data: { data: Array<{ phone_number: string }> } }).data.data;
  expect(entries.map((entry) => entry.phone_number)).toContain('+442079460958');
});
