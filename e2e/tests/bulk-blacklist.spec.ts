import { readFile } from 'node:fs/promises';
import type { AnalysisDetail, BatchItem, BlacklistEntry, Prompt } from '@parley/contracts';
import { TIMINGS } from '@parley/contracts';
import {
  analysisViaApi,
  createScorecardViaApi,
  fundProject,
  removeSpeechFixtures,
  stereoCall,
  uploadViaApi,
  waitForStatus,
} from '../support/analyses.ts';
import { fakeText, llmRequests, uniqueMarker } from '../support/fake-llm.ts';
import { setTranscriptionRule, transcriptionRequests } from '../support/fake-transcription.ts';
import {
  createProjectViaApi,
  isolatedApi,
  main,
  newUser,
  type Project,
  signedInPage,
  signInViaApi,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { mediaRequests, type RecordingName, recordingUrl } from '../support/media-server.ts';
import { shoot } from '../support/screenshots.ts';
import { SERVER_LOG } from '../support/server.ts';
import {
  type APIRequestContext,
  type Download,
  expect,
  type Locator,
  type Page,
  test,
} from '../support/test.ts';

// Every test has its own users, project, prompt and media scope: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });
test.afterAll(removeSpeechFixtures);

const TEXTS = {
  template: 'url,type,date,representative,department',
  batchCreated: (id: number) =>
    `CSV uploaded. Batch #${id} was created; the recordings are downloaded and analysed in the background.`,
  csvOnly: 'Please choose a CSV file (its name must end in .csv).',
  invalidTitle: 'The CSV file was not accepted',
  oneProblem: 'The CSV file has 1 problem; nothing was uploaded. Fix it and upload the file again.',
  missingUrl: 'Row 1, url: The required column "url" is missing from the header.',
  privateAddress: (address: string) =>
    `The link points to a private or local network address (${address}); only links to public servers can be uploaded.`,
  notFound: "Project not found or you don't have access to it.",
  noPermission: "You don't have permission to view this page",
  skipped: (id: number) =>
    `Upload received, but the conversation was not analysed: its phone number is on this project's blacklist (skipped: blacklisted). Task ID: ${id}`,
};

// ---- Set-up ----

interface Setup {
  project: Project;
  prompt: Prompt;
}

/** A signed-in user with a funded project and a scorecard prompt (required metadata Department, Representative). */
async function projectWithScorecard(
  page: Page,
  label: string,
  prompt: { transcribeInstructions?: string; basicInstruction?: string } = {},
): Promise<Setup> {
  await signedInPage(page, { label });
  const project = await createProjectViaApi(page.request, { name: uniqueName('Outbound Calls') });
  await fundProject(project.id);
  const created = await createScorecardViaApi(page.request, project.id, {
    name: uniqueName('Sales scorecard'),
    ...prompt,
  });
  return { project, prompt: created };
}

const bulkPath = (project: Project) => `/projects/${project.id}/analysis/bulk-upload`;
const blacklistPath = (project: Project) => `/projects/${project.id}/integrations/blacklist`;
const analysisPath = (project: Project, taskId: number) => `/projects/${project.id}/analysis/${taskId}`;

/** A CSV file for the page's file input. */
const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: name.endsWith('.csv') ? 'text/csv' : 'text/plain',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
});

async function openBulkPage(page: Page, project: Project, prompt: Prompt): Promise<void> {
  await page.goto(bulkPath(project));
  await expect(main(page).getByRole('heading', { level: 1, name: 'Bulk Upload (CSV)' })).toBeVisible();
  // The prompts have loaded when the prompt select shows the default one.
  await expect(main(page).getByRole('combobox', { name: 'Analysis Prompt' })).toHaveText(prompt.scriptName);
}

/** The batch id in the success message. */
async function batchIdIn(alert: Locator): Promise<number> {
  const match = /Batch #(\d+)/.exec((await alert.textContent()) ?? '');
  if (!match) throw new Error(`No batch id in "${await alert.textContent()}"`);
  return Number(match[1]);
}

interface BatchSummary {
  id: number;
  status: string;
  total_items: number;
  processed_items: number;
  failed_items: number;
}

async function batchesViaApi(api: APIRequestContext, projectId: number): Promise<BatchSummary[]> {
  const response = await api.get(`/api/projects/${projectId}/batches`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: BatchSummary[] }).data;
}

async function batchItemsViaApi(
  api: APIRequestContext,
  projectId: number,
  batchId: number,
): Promise<BatchItem[]> {
  const response = await api.get(`/api/projects/${projectId}/batches/${batchId}/items?page=1&page_size=100`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { items: BatchItem[] } }).data.items;
}

/** The times (ms since the test started watching) of the page's GETs of the recent batches list. */
function watchBatchPolls(page: Page): number[] {
  const started = Date.now();
  const times: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/projects\/\d+\/batches\?/.test(request.url())) {
      times.push(Date.now() - started);
    }
  });
  return times;
}

async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

/** The newest invitation link the server logged for this email (no SMTP in tests: mail goes to the log). */
async function inviteTokenFromLog(email: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = (await readFile(SERVER_LOG, 'utf8'))
      .split('\n')
      .filter((line) => line.includes(email) && line.includes('/invite?token='));
    const token = lines.at(-1)?.match(/\/invite\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No invitation link for ${email} in ${SERVER_LOG}`);
}

// ---- Bulk upload ----

test.describe('bulk upload', () => {
  test('template, a CSV of three links followed live to completed, and each row opens its analysis', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    // The transcriptions of this test's prompt answer late, so that the batch works long enough to be
    // followed through a few polls.
    const marker = uniqueMarker('bulk');
    const { project, prompt } = await projectWithScorecard(page, 'bulk upload', {
      transcribeInstructions: `Acme Solar. ${marker}`,
    });
    await setTranscriptionRule(marker, { delayMs: 5_000 });
    const scope = marker.replace(/[^a-z0-9-]/gi, '');
    const polls = watchBatchPolls(page);
    await openBulkPage(page, project, prompt);
    await expect(page.getByTestId('csv-requirements')).toContainText(
      'At most 10,000 rows and 20 MB per file, separated by commas or semicolons, saved as UTF-8.',
    );
    await expect(page.getByTestId('batches-empty')).toHaveText(
      'No batches yet. Upload a CSV file to create one.',
    );

    // --- The template ---
    const templateDownload = page.waitForEvent('download');
    await page.getByTestId('template-download').click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('bulk-upload-template.csv');
    const templateLines = (await downloadedText(template)).split(/\r?\n/);
    expect(templateLines[0]).toBe(TEXTS.template);
    expect(templateLines[1]).toMatch(/^https:\/\/\S+,call,2026-01-15,/);

    // --- Three recordings of the local media server, with representative and department columns ---
    const rows: Array<{ name: RecordingName; date: string; representative: string; department: string }> = [
      {
        name: 'agent-mono.wav',
        date: '2026-01-15',
        representative: 'Ann Agent',
        department: 'Inbound Sales',
      },
      {
        name: 'call-stereo.mp3',
        date: '2026-01-16 09:30',
        representative: 'Bob Builder',
        department: 'Inbound Sales',
      },
      { name: 'agent-mono.mp3', date: '', representative: 'Cleo Closer', department: 'Outbound Sales' },
    ];
    const urls = rows.map((row) => recordingUrl(scope, row.name));
    const fileName = `calls-${scope}.csv`;
    await page
      .getByTestId('csv-drop-input')
      .setInputFiles(
        csvFile(fileName, [
          TEXTS.template,
          ...rows.map(
            (row, index) => `${urls[index]},call,${row.date},${row.representative},"${row.department}"`,
          ),
        ]),
      );
    await expect(page.getByTestId('file-name')).toHaveText(fileName);
    await page.evaluate('window.__e2eNotReloaded = true');
    await page.getByTestId('bulk-submit').click();
    const success = page.getByTestId('bulk-success');
    await expect(success).toContainText(/Batch #\d+ was created/);
    const batchId = await batchIdIn(success);
    await expect(success).toHaveText(TEXTS.batchCreated(batchId));
    const submittedAt = polls.length;

    // --- The recent batches table follows the batch by itself (every 5 s while it works) ---
    const row = page.getByTestId(`batch-row-${batchId}`);
    await expect(row).toContainText(fileName);
    await expect(row.getByTestId('batch-total')).toHaveText('3');
    const percents: number[] = [];
    const statuses: string[] = [];
    await expect
      .poll(
        async () => {
          // The status first: a refresh in between can only make the percent newer, never older.
          const status = (await row.getByTestId('batch-status').textContent()) ?? '';
          const percent = Number.parseInt((await row.getByTestId('batch-percent').textContent()) ?? '', 10);
          if (percents.at(-1) !== percent) percents.push(percent);
          if (statuses.at(-1) !== status) statuses.push(status);
          return status;
        },
        { timeout: 120_000, intervals: [250], message: `batch ${batchId} completes` },
      )
      .toBe('Completed');
    expect(percents[0], 'the batch was seen before it finished').toBeLessThan(100);
    expect(['Pending', 'Processing']).toContain(statuses[0]);
    expect(percents.at(-1)).toBe(100);
    await setTranscriptionRule(marker, null);
    expect(percents, 'the progress only grows').toEqual([...percents].sort((a, b) => a - b));
    await expect(row.getByTestId('batch-percent')).toHaveText('100%');
    await expect(row.getByTestId('batch-progress')).toHaveAttribute('aria-valuenow', '100');
    await expect(row.getByTestId('batch-processed')).toHaveText('3');
    await expect(row.getByTestId('batch-failed')).toHaveText('0');
    expect(await page.evaluate('window.__e2eNotReloaded === true'), 'the page was not reloaded').toBe(true);

    // The list was fetched again on the 5 s rhythm while the batch worked, and not once it was done.
    const afterUpload = polls.slice(submittedAt);
    const gaps = afterUpload.slice(1).map((time, index) => time - afterUpload[index]!);
    expect(gaps.length, `polls after the upload at ${afterUpload.join(', ')} ms`).toBeGreaterThanOrEqual(1);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(TIMINGS.batchPollMs - 500);
      expect(gap).toBeLessThan(TIMINGS.batchPollMs + 2_500);
    }
    const pollsWhenDone = polls.length;
    await page.waitForTimeout(TIMINGS.batchPollMs + 1_500);
    expect(polls.length, 'no polling once no batch works').toBe(pollsWhenDone);

    // The server downloaded each link once from the media server.
    const downloads = await mediaRequests(scope);
    expect(downloads.map((request) => request.path).sort()).toEqual(
      urls.map((url) => new URL(url).pathname).sort(),
    );
    expect(downloads.every((request) => request.status === 200 && request.bytes > 0)).toBe(true);
    await shoot(page, 'bulk-upload');

    // --- The rows of the batch, each linked to its analysis ---
    const items = await batchItemsViaApi(page.request, project.id, batchId);
    expect(items.map((item) => item.url)).toEqual(urls);
    expect(items.map((item) => item.status)).toEqual(['task_created', 'task_created', 'task_created']);
    await row.getByRole('button', { name: `Show the rows of ${fileName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rows of ${fileName}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('items-summary')).toContainText(`Batch #${batchId}`);
    await expect(dialog.getByTestId('items-summary').getByTestId('batch-status')).toHaveText('Completed');
    for (const item of items) {
      const line = dialog.getByTestId(`item-row-${item.id}`);
      await expect(line.getByTestId('item-url')).toHaveText(item.url);
      await expect(line.getByTestId('item-status')).toHaveText('Analysis created');
      await expect(line.getByTestId('task-status')).toHaveText('Completed');
      const link = line.getByTestId('item-analysis');
      await expect(link).toHaveText(`Open analysis #${item.task_id}`);
      await expect(link).toHaveAttribute('href', analysisPath(project, item.task_id!));
    }
    await shoot(page, 'bulk-upload-rows');

    // The analyses have the rows' metadata (the prompt's spelling), type and date.
    const details: AnalysisDetail[] = [];
    for (const item of items) details.push(await analysisViaApi(page.request, project.id, item.task_id!));
    expect(details.map((detail) => detail.status)).toEqual(['completed', 'completed', 'completed']);
    expect(details[0]!.metadata).toEqual({
      Representative: 'Ann Agent',
      Department: 'Inbound Sales',
      type: 'call',
      date: '2026-01-15',
    });
    expect(details[1]!.metadata).toMatchObject({
      Representative: 'Bob Builder',
      date: '2026-01-16T09:30:00',
    });
    expect(details[2]!.metadata).not.toHaveProperty('date');

    const second = items[1]!;
    await dialog.getByTestId(`item-row-${second.id}`).getByTestId('item-analysis').click();
    await expect(page).toHaveURL(analysisPath(project, second.task_id!));
    await expect(main(page).getByRole('heading', { level: 1, name: fakeText('Title') })).toBeVisible();
    await expect(main(page).getByTestId('task-status').first()).toHaveText('Completed');
    await expect(main(page).getByRole('region', { name: 'Details' })).toContainText('Bob Builder');
  });

  test('refused files create nothing; a private-address row fails and the batch ends partially completed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { project, prompt } = await projectWithScorecard(page, 'bulk refused');
    const scope = uniqueMarker('bulk-refused').replace(/[^a-z0-9-]/gi, '');
    const batchPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/projects\/\d+\/batches$/.test(request.url())) {
        batchPosts.push(request.url());
      }
    });
    await openBulkPage(page, project, prompt);

    // A header without url: every problem by row and column, nothing created.
    await page
      .getByTestId('csv-drop-input')
      .setInputFiles(
        csvFile('no-url.csv', [
          'link,type,representative,department',
          `${recordingUrl(scope, 'agent-mono.wav')},call,Ann Agent,Sales`,
        ]),
      );
    await page.getByTestId('bulk-submit').click();
    const invalid = page.getByTestId('invalid-csv');
    await expect(invalid).toContainText(TEXTS.invalidTitle);
    await expect(invalid).toContainText(TEXTS.oneProblem);
    await expect(invalid.getByTestId('csv-error')).toHaveText([TEXTS.missingUrl]);
    await expect(page.getByTestId('bulk-success')).toHaveCount(0);
    await expect(page.getByTestId('batches-empty')).toBeVisible();
    expect(await batchesViaApi(page.request, project.id)).toEqual([]);
    expect(batchPosts).toHaveLength(1);

    // A file whose name does not end in .csv is refused on the page, before anything is sent.
    await main(page).getByRole('button', { name: 'Remove file' }).click();
    await page
      .getByTestId('csv-drop-input')
      .setInputFiles(
        csvFile('calls.txt', [TEXTS.template, `${recordingUrl(scope, 'agent-mono.wav')},call,,Ann,Sales`]),
      );
    await expect(page.getByTestId('file-error')).toHaveText(TEXTS.csvOnly);
    await expect(page.getByTestId('selected-file')).toHaveCount(0);
    await expect(page.getByTestId('bulk-submit')).toBeDisabled();
    expect(batchPosts).toHaveLength(1);
    expect(await batchesViaApi(page.request, project.id)).toEqual([]);

    // One good link and one to a private address (127.0.0.1 on port 80: not the allowed media server port).
    const good = recordingUrl(scope, 'call-stereo.wav');
    const refused = `http://127.0.0.1/recordings/${scope}/agent-mono.wav`;
    const fileName = 'mixed-links.csv';
    await page
      .getByTestId('csv-drop-input')
      .setInputFiles(
        csvFile(fileName, [
          TEXTS.template,
          `${good},call,2026-02-01,Dana Dialer,Support`,
          `${refused},call,2026-02-01,Eve Echo,Support`,
        ]),
      );
    await expect(page.getByTestId('file-error')).toHaveCount(0);
    await page.getByTestId('bulk-submit').click();
    const success = page.getByTestId('bulk-success');
    await expect(success).toContainText(/Batch #\d+ was created/);
    const batchId = await batchIdIn(success);
    const row = page.getByTestId(`batch-row-${batchId}`);
    await expect(row.getByTestId('batch-status')).toHaveText('Partially completed', { timeout: 90_000 });
    await expect(row.getByTestId('batch-processed')).toHaveText('1');
    await expect(row.getByTestId('batch-failed')).toHaveText('1');
    await expect(row.getByTestId('batch-total')).toHaveText('2');
    await expect(row.getByTestId('batch-percent')).toHaveText('100%');
    await expect(row.getByTestId('batch-progress')).toHaveAttribute('data-color', 'warning');
    expect((await batchesViaApi(page.request, project.id)).map((batch) => batch.id)).toEqual([batchId]);

    const items = await batchItemsViaApi(page.request, project.id, batchId);
    expect(items.map((item) => item.status)).toEqual(['task_created', 'failed']);
    expect(items[1]).toMatchObject({ task_id: null, error: TEXTS.privateAddress('127.0.0.1') });
    await row.getByRole('button', { name: `Show the rows of ${fileName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rows of ${fileName}` });
    const failedRow = dialog.getByTestId(`item-row-${items[1]!.id}`);
    await expect(failedRow.getByTestId('item-status')).toHaveText('Failed');
    await expect(failedRow).toContainText(TEXTS.privateAddress('127.0.0.1'));
    await expect(failedRow.getByTestId('item-analysis')).toHaveCount(0);
    const goodRow = dialog.getByTestId(`item-row-${items[0]!.id}`);
    await expect(goodRow.getByTestId('task-status')).toHaveText('Completed');
    await expect(goodRow.getByTestId('item-analysis')).toHaveAttribute(
      'href',
      analysisPath(project, items[0]!.task_id!),
    );
    // Only the allowed link reached the media server.
    expect((await mediaRequests(scope)).map((request) => request.path)).toEqual([new URL(good).pathname]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

// ---- Blacklist ----

async function blacklistViaApi(api: APIRequestContext, projectId: number): Promise<BlacklistEntry[]> {
  const response = await api.get(`/api/blacklist?project_id=${projectId}&limit=100`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { data: BlacklistEntry[] } }).data.data;
}

const phoneRow = (page: Page, number: string) =>
  page.getByTestId('blacklist-panel').getByRole('row').filter({ hasText: number });

test.describe('blacklist', () => {
  test('import, add with the normalised preview, edit, export and delete; a listed number is not analysed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The marker is in the prompt's transcription instructions and basic instruction: every request the
    // analyses of this test send to the fake upstreams mentions it.
    const marker = uniqueMarker('blacklist');
    const { project, prompt } = await projectWithScorecard(page, 'blacklist', {
      transcribeInstructions: `Acme Solar. ${marker}`,
      basicInstruction: `Judge how well the agent handled the call. ${marker}`,
    });
    await page.goto(blacklistPath(project));
    await expect(main(page).getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Blacklist' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByTestId('blacklist-panel');
    await expect(panel.getByRole('heading', { name: 'Phone Number Blacklist' })).toBeVisible();
    await expect(panel.getByText('The blacklist is empty')).toBeVisible();
    await expect(page.getByTestId('blacklist-export')).toBeDisabled();

    // --- Import: two new numbers, one repeated (another spelling), one invalid ---
    await page.getByTestId('blacklist-import').click();
    const importDialog = page.getByRole('dialog', { name: 'Import Numbers from a CSV File' });
    await expect(importDialog).toBeVisible();
    await importDialog
      .getByTestId('import-drop-input')
      .setInputFiles(
        csvFile('do-not-call.csv', [
          'phone_number,note',
          '+1 (555) 010-0001,Asked not to be called',
          '+15550100002,Legal hold',
          '555.010.0001,Same number again',
          '12345,Too short',
        ]),
      );
    await expect(importDialog.getByTestId('import-rows')).toContainText('4 data rows');
    await importDialog.getByTestId('import-submit').click();
    const result = importDialog.getByTestId('import-result');
    await expect(result).toContainText('Import finished.');
    await expect(result.getByTestId('import-success')).toHaveText('2');
    await expect(result.getByTestId('import-skipped')).toHaveText('1');
    await expect(result.getByTestId('import-failed')).toHaveText('1');
    await expect(result.getByTestId('import-partial')).toContainText('Rows not imported: 1');
    await result.getByRole('button', { name: 'Show errors (1)' }).click();
    await expect(result.getByTestId('import-errors').getByRole('listitem')).toHaveText([
      'Row 5: "12345" is not a valid phone number (7 to 15 digits with the country code).',
    ]);
    await importDialog.getByRole('button', { name: 'Close' }).click();
    await expect(importDialog).toBeHidden();
    await expect(phoneRow(page, '+15550100001')).toContainText('Asked not to be called');
    await expect(phoneRow(page, '+15550100002')).toContainText('Legal hold');

    // --- Add: the dialog shows how the number is stored, and counts the note ---
    await page.getByTestId('blacklist-add').click();
    const addDialog = page.getByRole('dialog', { name: 'Add a Number to the Blacklist' });
    const phone = addDialog.getByTestId('phone-input');
    const preview = addDialog.getByTestId('phone-preview');
    const note = addDialog.getByTestId('note-input');
    await expect(preview).toHaveValue('');
    await expect(addDialog.getByTestId('note-counter')).toHaveText('0/500');
    await phone.pressSequentially('(555) 123-4567');
    await expect(preview).toHaveValue('+15551234567');
    await expect(addDialog).toContainText('This is how the number is stored and compared.');
    const noteText = 'Asked to be removed on 12 March';
    await note.fill(noteText);
    await expect(addDialog.getByTestId('note-counter')).toHaveText(`${noteText.length}/500`);
    await shoot(page, 'blacklist-add-dialog');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await expect(addDialog).toBeHidden();
    await expect(page.getByTestId('toast')).toHaveText('The number was added to the blacklist.');
    await expect(phoneRow(page, '+15551234567')).toContainText(noteText);

    // --- Edit ---
    await page.getByRole('button', { name: 'Edit +15551234567' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Blacklist Entry' });
    await expect(editDialog.getByTestId('phone-input')).toHaveValue('+15551234567');
    await expect(editDialog.getByTestId('note-input')).toHaveValue(noteText);
    await editDialog.getByTestId('phone-input').fill('+44 20 7946 0958');
    await expect(editDialog.getByTestId('phone-preview')).toHaveValue('+442079460958');
    await editDialog.getByTestId('note-input').fill('Moved to the London office');
    await expect(editDialog.getByTestId('note-counter')).toHaveText('26/500');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(editDialog).toBeHidden();
    await expect(page.getByTestId('toast')).toHaveText('The blacklist entry was updated.');
    await expect(phoneRow(page, '+442079460958')).toContainText('Moved to the London office');
    await expect(phoneRow(page, '+15551234567')).toHaveCount(0);
    await shoot(page, 'blacklist-panel');

    // --- Export ---
    const exported = page.waitForEvent('download');
    await page.getByTestId('blacklist-export').click();
    const file = await exported;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^blacklist-project-${project.id}-\\d{8}-\\d{6}\\.csv$`),
    );
    const lines = (await downloadedText(file)).split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe('phone_number,note,created_at');
    // Cells starting with + get a leading ' so that spreadsheets keep them as text.
    const exportedNumbers = lines.slice(1).map((line) => line.split(',')[0]!);
    expect(exportedNumbers.sort()).toEqual(["'+15550100001", "'+15550100002", "'+442079460958"]);
    expect(lines.find((line) => line.startsWith("'+442079460958"))).toContain('Moved to the London office');

    // The export imports back unchanged: every number in it is already listed.
    await page.getByTestId('blacklist-import').click();
    await importDialog.getByTestId('import-drop-input').setInputFiles({
      name: file.suggestedFilename(),
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n'), 'utf8'),
    });
    await importDialog.getByTestId('import-submit').click();
    await expect(result.getByTestId('import-success')).toHaveText('0');
    await expect(result.getByTestId('import-skipped')).toHaveText('3');
    await expect(result.getByTestId('import-failed')).toHaveText('0');
    await expect(result.getByTestId('import-partial')).toHaveCount(0);
    await importDialog.getByRole('button', { name: 'Close' }).click();
    await expect(importDialog).toBeHidden();

    // --- Delete, after a confirmation ---
    await page.getByRole('button', { name: 'Delete +442079460958' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this number?' });
    await expect(confirm).toContainText(
      '+442079460958 will be removed from the blacklist. New conversations with this number will be analysed again.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('toast')).toHaveText('The number was removed from the blacklist.');
    await expect(phoneRow(page, '+442079460958')).toHaveCount(0);
    expect(
      (await blacklistViaApi(page.request, project.id)).map((entry) => entry.phone_number).sort(),
    ).toEqual(['+15550100001', '+15550100002']);

    // --- A conversation whose Phone is listed (typed another way) is not analysed ---
    const call = await stereoCall('blacklisted-call.mp3');
    await page.goto(`/projects/${project.id}/analysis/upload`);
    await expect(main(page).getByRole('combobox', { name: 'Analysis Prompt' })).toHaveText(prompt.scriptName);
    await page.getByTestId('metadata-value-Department').fill('Outbound Sales');
    await page.getByTestId('metadata-value-Representative').fill('Ann Agent');
    await main(page).getByRole('textbox', { name: 'Field name' }).fill('Phone');
    await main(page).getByRole('textbox', { name: 'Value' }).fill('(555) 010-0002');
    await main(page).getByRole('button', { name: 'Add Field' }).click();
    await expect(page.getByTestId('metadata-value-Phone')).toHaveValue('(555) 010-0002');
    await page.getByTestId('file-drop-input').setInputFiles(call.path);
    await main(page).getByRole('button', { name: 'Upload', exact: true }).click();
    const skipped = page.getByTestId('upload-skipped');
    await expect(skipped).toContainText('Not analysed');
    const taskId = Number(/Task ID: (\d+)/.exec((await skipped.textContent()) ?? '')?.[1]);
    expect(taskId).toBeGreaterThan(0);
    await expect(skipped).toContainText(TEXTS.skipped(taskId));
    await expect(page.getByTestId('upload-success')).toHaveCount(0);
    await shoot(page, 'upload-skipped');

    const detail = await analysisViaApi(page.request, project.id, taskId);
    expect(detail).toMatchObject({ status: 'skipped', error: 'skipped: blacklisted', units_charged: null });
    expect(detail.metadata).toMatchObject({ Phone: '(555) 010-0002' });
    await page.goto(`/projects/${project.id}/analyses`);
    await expect(page.getByTestId(`analysis-row-${taskId}`).getByTestId('task-status')).toHaveText('Skipped');

    // Neither fake upstream heard of it. A conversation with another number, with the same prompt, is
    // analysed: its requests (one transcription of a mono file, one analysis) are all the marker shows.
    expect(await transcriptionRequests(marker)).toEqual([]);
    expect(await llmRequests(marker)).toEqual([]);
    const mono = await fetch(recordingUrl(marker.replace(/[^a-z0-9-]/gi, ''), 'agent-mono.wav'));
    const control = await uploadViaApi(
      page.request,
      project.id,
      {
        path: '',
        fileName: 'allowed-call.wav',
        contentType: 'audio/wav',
        bytes: Buffer.from(await mono.arrayBuffer()),
      },
      prompt.id,
      { Department: 'Outbound Sales', Representative: 'Ann Agent', Phone: '+1 555 010 0003' },
    );
    await waitForStatus(page.request, project.id, control.data.task_id!, 'completed', 60_000);
    expect(await transcriptionRequests(marker)).toHaveLength(1);
    expect(await llmRequests(marker)).toHaveLength(1);
    expect((await analysisViaApi(page.request, project.id, taskId)).status).toBe('skipped');
  });
});

// ---- Roles ----

test.describe('blacklist access', () => {
  test("someone else's blacklist is not found; a member without the admin role is not allowed", async ({
    page,
  }) => {
    // User Y owns a project with a listed number.
    const y = await isolatedApi();
    await signUpViaApi(y, newUser('blacklist owner y'));
    const secret = await createProjectViaApi(y, { name: uniqueName('Private list') });
    const added = await y.post('/api/blacklist', {
      data: { project_id: secret.id, phone_number: '+1 555 010 0099', note: 'Top secret' },
    });
    expect(added.status()).toBe(201);
    const entry = ((await added.json()) as { data: BlacklistEntry }).data;

    // User X is no member: the guard's text, and the API answers 404 as for a project that does not exist.
    await signedInPage(page, { label: 'blacklist stranger x' });
    await page.goto(blacklistPath(secret));
    await expect(page.getByTestId('project-guard-error')).toHaveText(TEXTS.notFound);
    await expect(page.getByTestId('blacklist-panel')).toHaveCount(0);
    await expect(page.getByText('+15550100099')).toHaveCount(0);
    expect((await page.request.get(`/api/blacklist?project_id=${secret.id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/blacklist/export?project_id=${secret.id}`)).status()).toBe(404);
    expect(
      (
        await page.request.put(`/api/blacklist/${entry.ID}`, {
          data: { phone_number: '+15550100098', note: '' },
        })
      ).status(),
    ).toBe(404);
    expect((await page.request.delete(`/api/blacklist/${entry.ID}`)).status()).toBe(404);

    // User Z joins as a plain user: the page says they lack permission, the API answers 403.
    const z = newUser('blacklist member z');
    const invited = await y.post(`/api/projects/${secret.id}/invites`, {
      data: { email: z.email, role: 'user' },
    });
    expect(invited.status()).toBe(201);
    const token = await inviteTokenFromLog(z.email);
    const member = await isolatedApi();
    try {
      await signUpViaApi(member, z);
      expect((await member.post(`/api/invites/${token}/accept`, { data: {} })).status()).toBe(200);
      expect((await member.get(`/api/blacklist?project_id=${secret.id}`)).status()).toBe(403);
    } finally {
      await member.dispose();
    }
    await page.context().clearCookies();
    await signInViaApi(page.request, z);
    await page.goto(blacklistPath(secret));
    await expect(main(page).getByText(TEXTS.noPermission)).toBeVisible();
    await expect(page.getByTestId('blacklist-panel')).toHaveCount(0);
    await expect(page.getByText('+15550100099')).toHaveCount(0);
    // Any member may use the bulk upload page.
    await page.goto(bulkPath(secret));
    await expect(main(page).getByRole('heading', { level: 1, name: 'Bulk Upload (CSV)' })).toBeVisible();
    await y.dispose();
  });
});

// ---- Help ----

test.describe('help for bulk upload and integrations', () => {
  test('the articles of bulk upload, blacklist and Google Drive open in the user language', async ({
    page,
  }) => {
    await signedInPage(page, { label: 'bulk help', language: 'de' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Hilfe Stapel') });
    const openHelp = async () => {
      await page.getByRole('button', { name: 'Hilfe', exact: true }).click();
      const drawer = page.getByRole('complementary', { name: 'Hilfe' });
      await expect(drawer).toBeVisible();
      return drawer;
    };

    await page.goto(bulkPath(project));
    await expect(main(page).getByRole('heading', { level: 1, name: 'Massen-Upload (CSV)' })).toBeVisible();
    let drawer = await openHelp();
    await expect(drawer.getByRole('heading', { name: 'Massen-Upload (CSV)', exact: true })).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toContainText('Letzte Stapel');
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.goto(blacklistPath(project));
    drawer = await openHelp();
    await expect(
      drawer.getByRole('heading', { name: 'Sperrliste für Telefonnummern', exact: true }),
    ).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toContainText('+15551234567');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.goto(`/projects/${project.id}/integrations/google-drive`);
    drawer = await openHelp();
    await expect(
      drawer.getByRole('heading', { name: 'Google-Drive-Integration', exact: true }),
    ).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toContainText('drive.google.com/uc?export=download');
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);
  });
});
