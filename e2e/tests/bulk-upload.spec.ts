import type { AnalysisDetail, BatchItem } from '@parley/contracts';
import { TIMINGS } from '@parley/contracts';
import { AnalysisPage } from '../pages/analyses.ts';
import { BulkUploadPage, csvFile, downloadedText } from '../pages/bulk-upload.ts';
import { analysisViaApi, projectWithScorecard, removeSpeechFixtures } from '../support/analyses.ts';
import { fakeText, uniqueMarker } from '../support/fake-llm.ts';
import { setTranscriptionRule } from '../support/fake-transcription.ts';
import { mediaRequests, type RecordingName, recordingUrl } from '../support/media-server.ts';
import { shoot } from '../support/screenshots.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

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
};

const OUTBOUND = { name: 'Outbound Calls' };

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

test.describe('bulk upload', () => {
  test('template, a CSV of three links followed live to completed, and each row opens its analysis', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const bulk = new BulkUploadPage(page);
    const analysis = new AnalysisPage(page);
    // The transcriptions of this test's prompt answer late, so that the batch works long enough to be
    // followed through a few polls.
    const marker = uniqueMarker('bulk');
    const { project, prompt } = await projectWithScorecard(page, {
      label: 'bulk upload',
      project: OUTBOUND,
      transcribeInstructions: `Acme Solar. ${marker}`,
    });
    await setTranscriptionRule(marker, { delayMs: 5_000 });
    const scope = marker.replace(/[^a-z0-9-]/gi, '');
    const polls = watchBatchPolls(page);
    // The page's clock runs as usual until the test moves it on to show that the polling has stopped.
    await page.clock.install();
    await bulk.open(project.id, prompt.scriptName);
    await expect(bulk.requirements).toContainText(
      'At most 10,000 rows and 20 MB per file, separated by commas or semicolons, saved as UTF-8.',
    );
    await expect(bulk.batchesEmpty).toHaveText('No batches yet. Upload a CSV file to create one.');

    // --- The template ---
    const template = await bulk.downloadTemplate();
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
    await bulk.chooseCsv(
      csvFile(fileName, [
        TEXTS.template,
        ...rows.map(
          (row, index) => `${urls[index]},call,${row.date},${row.representative},"${row.department}"`,
        ),
      ]),
    );
    await expect(bulk.fileName).toHaveText(fileName);
    await page.evaluate('window.__e2eNotReloaded = true');
    const batchId = await bulk.submit();
    await expect(bulk.success).toHaveText(TEXTS.batchCreated(batchId));
    const submittedAt = polls.length;

    // --- The recent batches table follows the batch by itself (every 5 s while it works) ---
    const batch = bulk.batch(batchId);
    await expect(batch.root).toContainText(fileName);
    await expect(batch.total).toHaveText('3');
    const percents: number[] = [];
    const statuses: string[] = [];
    await expect
      .poll(
        async () => {
          // The status first: a refresh in between can only make the percent newer, never older.
          const status = (await batch.status.textContent()) ?? '';
          const percent = Number.parseInt((await batch.percent.textContent()) ?? '', 10);
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
    await expect(batch.percent).toHaveText('100%');
    await expect(batch.progress).toHaveAttribute('aria-valuenow', '100');
    await expect(batch.processed).toHaveText('3');
    await expect(batch.failed).toHaveText('0');
    expect(await page.evaluate('window.__e2eNotReloaded === true'), 'the page was not reloaded').toBe(true);

    // The list was fetched again at least on the 5 s rhythm while the batch worked (more often on its live
    // events), and not once it was done: three poll intervals later on the page's clock, no timer has asked again.
    const afterUpload = polls.slice(submittedAt);
    const gaps = afterUpload.slice(1).map((time, index) => time - afterUpload[index]!);
    expect(gaps.length, `polls after the upload at ${afterUpload.join(', ')} ms`).toBeGreaterThanOrEqual(1);
    for (const gap of gaps) expect(gap).toBeLessThan(TIMINGS.batchPollMs + 2_500);
    const pollsWhenDone = polls.length;
    await page.clock.runFor(3 * TIMINGS.batchPollMs);
    await expect(batch.status).toHaveText('Completed');

    // The server downloaded each link once from the media server.
    const downloads = await mediaRequests(scope);
    expect(downloads.map((request) => request.path).sort()).toEqual(
      urls.map((url) => new URL(url).pathname).sort(),
    );
    expect(downloads.every((request) => request.status === 200 && request.bytes > 0)).toBe(true);
    expect(polls.length, 'no polling once no batch works').toBe(pollsWhenDone);
    await shoot(page, 'bulk-upload');

    // --- The rows of the batch, each linked to its analysis ---
    const items = await batchItemsViaApi(page.request, project.id, batchId);
    expect(items.map((item) => item.url)).toEqual(urls);
    expect(items.map((item) => item.status)).toEqual(['task_created', 'task_created', 'task_created']);
    const dialog = await bulk.showRows(batchId, fileName);
    await expect(dialog.summary).toContainText(`Batch #${batchId}`);
    await expect(dialog.summary.getByTestId('batch-status')).toHaveText('Completed');
    for (const item of items) {
      const line = dialog.item(item.id);
      await expect(line.url).toHaveText(item.url);
      await expect(line.status).toHaveText('Analysis created');
      await expect(line.taskStatus).toHaveText('Completed');
      await expect(line.analysisLink).toHaveText(`Open analysis #${item.task_id}`);
      await expect(line.analysisLink).toHaveAttribute('href', AnalysisPage.path(project.id, item.task_id!));
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
    await dialog.item(second.id).analysisLink.click();
    await expect(page).toHaveURL(AnalysisPage.path(project.id, second.task_id!));
    await expect(analysis.heading(fakeText('Title'))).toBeVisible();
    await expect(analysis.status).toHaveText('Completed');
    await expect(analysis.details).toContainText('Bob Builder');
  });

  test("the rows dialog and the table follow the batch's live events to its end, without a poll", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const bulk = new BulkUploadPage(page);
    // The transcriptions answer late, so that the dialog is open while the batch works.
    const marker = uniqueMarker('bulk-live');
    const { project, prompt } = await projectWithScorecard(page, {
      label: 'bulk live',
      project: OUTBOUND,
      transcribeInstructions: `Acme Solar. ${marker}`,
    });
    await setTranscriptionRule(marker, { delayMs: 8_000 });
    const scope = marker.replace(/[^a-z0-9-]/gi, '');
    await page.clock.install();
    await bulk.open(project.id, prompt.scriptName);
    await expect(bulk.live).toHaveText('Live');

    const fileName = `live-${scope}.csv`;
    const names: RecordingName[] = ['agent-mono.wav', 'call-stereo.mp3'];
    await bulk.chooseCsv(
      csvFile(fileName, [
        TEXTS.template,
        ...names.map((name) => `${recordingUrl(scope, name)},call,2026-03-02,Ann Agent,Inbound Sales`),
      ]),
    );
    const batchId = await bulk.submit();
    const dialog = await bulk.showRows(batchId, fileName);
    const header = {
      status: dialog.summary.getByTestId('batch-status'),
      percent: dialog.summary.getByTestId('batch-percent'),
    };
    await expect(dialog.root.getByTestId(/^item-row-/)).toHaveCount(2);
    await expect(header.status).toHaveText(/^(Pending|Processing)$/);

    // From here the page's clock stands still, so no 5 s poll can run: the test moves it on by a millisecond
    // at a time, only for the page's own zero-delay timers. What changes now comes from the live events.
    // (A moment ahead: the page's clock runs on while this is sent.)
    const pausedAt = (await page.evaluate(() => Date.now())) + 500;
    await page.clock.pauseAt(pausedAt);
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1);
          return header.status.textContent();
        },
        { timeout: 120_000, intervals: [100], message: `the dialog shows batch ${batchId} completed` },
      )
      .toBe('Completed');
    expect((await page.evaluate(() => Date.now())) - pausedAt).toBeLessThan(TIMINGS.batchPollMs);
    await setTranscriptionRule(marker, null);

    // The header says what the rows say, and so does the table behind the dialog.
    await expect(header.percent).toHaveText('100%');
    const items = await batchItemsViaApi(page.request, project.id, batchId);
    for (const item of items) {
      await expect(dialog.item(item.id).status).toHaveText('Analysis created');
      await expect(dialog.item(item.id).taskStatus).toHaveText('Completed');
    }
    const batch = bulk.batch(batchId);
    await expect(batch.status).toHaveText('Completed');
    await expect(batch.percent).toHaveText('100%');
    await expect(batch.processed).toHaveText('2');
    await page.clock.resume();
    await shoot(page, 'bulk-upload-rows-live');
    await dialog.close();
  });

  test('refused files create nothing; a private-address row fails and the batch ends partially completed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const bulk = new BulkUploadPage(page);
    const { project, prompt } = await projectWithScorecard(page, {
      label: 'bulk refused',
      project: OUTBOUND,
    });
    const scope = uniqueMarker('bulk-refused').replace(/[^a-z0-9-]/gi, '');
    const batchPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/projects\/\d+\/batches$/.test(request.url())) {
        batchPosts.push(request.url());
      }
    });
    await bulk.open(project.id, prompt.scriptName);

    // A header without url: every problem by row and column, nothing created.
    await bulk.chooseCsv(
      csvFile('no-url.csv', [
        'link,type,representative,department',
        `${recordingUrl(scope, 'agent-mono.wav')},call,Ann Agent,Sales`,
      ]),
    );
    await bulk.submitButton.click();
    await expect(bulk.invalid).toContainText(TEXTS.invalidTitle);
    await expect(bulk.invalid).toContainText(TEXTS.oneProblem);
    await expect(bulk.invalid.getByTestId('csv-error')).toHaveText([TEXTS.missingUrl]);
    await expect(bulk.success).toHaveCount(0);
    await expect(bulk.batchesEmpty).toBeVisible();
    expect(await batchesViaApi(page.request, project.id)).toEqual([]);
    expect(batchPosts).toHaveLength(1);

    // A file whose name does not end in .csv is refused on the page, before anything is sent.
    await bulk.removeFile();
    await bulk.chooseCsv(
      csvFile('calls.txt', [TEXTS.template, `${recordingUrl(scope, 'agent-mono.wav')},call,,Ann,Sales`]),
    );
    await expect(bulk.fileError).toHaveText(TEXTS.csvOnly);
    await expect(bulk.selectedFile).toHaveCount(0);
    await expect(bulk.submitButton).toBeDisabled();
    expect(batchPosts).toHaveLength(1);
    expect(await batchesViaApi(page.request, project.id)).toEqual([]);

    // One good link and one to a private address (127.0.0.1 on port 80: not the allowed media server port).
    const good = recordingUrl(scope, 'call-stereo.wav');
    const refused = `http://127.0.0.1/recordings/${scope}/agent-mono.wav`;
    const fileName = 'mixed-links.csv';
    await bulk.chooseCsv(
      csvFile(fileName, [
        TEXTS.template,
        `${good},call,2026-02-01,Dana Dialer,Support`,
        `${refused},call,2026-02-01,Eve Echo,Support`,
      ]),
    );
    await expect(bulk.fileError).toHaveCount(0);
    const batchId = await bulk.submit();
    const batch = bulk.batch(batchId);
    await expect(batch.status).toHaveText('Partially completed', { timeout: 90_000 });
    await expect(batch.processed).toHaveText('1');
    await expect(batch.failed).toHaveText('1');
    await expect(batch.total).toHaveText('2');
    await expect(batch.percent).toHaveText('100%');
    await expect(batch.progress).toHaveAttribute('data-color', 'warning');
    expect((await batchesViaApi(page.request, project.id)).map((summary) => summary.id)).toEqual([batchId]);

    const items = await batchItemsViaApi(page.request, project.id, batchId);
    expect(items.map((item) => item.status)).toEqual(['task_created', 'failed']);
    expect(items[1]).toMatchObject({ task_id: null, error: TEXTS.privateAddress('127.0.0.1') });
    const dialog = await bulk.showRows(batchId, fileName);
    const failedRow = dialog.item(items[1]!.id);
    await expect(failedRow.status).toHaveText('Failed');
    await expect(failedRow.root).toContainText(TEXTS.privateAddress('127.0.0.1'));
    await expect(failedRow.analysisLink).toHaveCount(0);
    const goodRow = dialog.item(items[0]!.id);
    await expect(goodRow.taskStatus).toHaveText('Completed');
    await expect(goodRow.analysisLink).toHaveAttribute(
      'href',
      AnalysisPage.path(project.id, items[0]!.task_id!),
    );
    // Only the allowed link reached the media server.
    expect((await mediaRequests(scope)).map((request) => request.path)).toEqual([new URL(good).pathname]);
    await dialog.close();
  });
});
