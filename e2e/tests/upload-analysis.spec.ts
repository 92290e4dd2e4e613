import { type AnalysisDetail, type Prompt, TIMINGS } from '@parley/contracts';
import {
  AGENT_LINE,
  analysisIdsViaApi,
  analysisViaApi,
  type CallRecording,
  CUSTOMER_LINE,
  createScorecardViaApi,
  fundProject,
  localInputIn,
  mediaState,
  otherFile,
  pauseMedia,
  removeSpeechFixtures,
  stereoCall,
  uploadViaApi,
  waitForStatus,
} from '../support/analyses.ts';
import { FAKE_JUSTIFICATION, fakeText, uniqueMarker } from '../support/fake-llm.ts';
import { setTranscriptionRule, transcriptionRequests } from '../support/fake-transcription.ts';
import {
  createProjectViaApi,
  escapeRegExp,
  main,
  type Project,
  signedInPage,
  uniqueName,
} from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

// Every test has its own user, project, prompt and markers: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });
test.afterAll(removeSpeechFixtures);

const TEXTS = {
  unsupported:
    'Please upload a supported audio or video file (e.g., mp3, wav, ogg, m4a, flac, mp4, webm, mov, avi, mkv).',
  insufficientFunds:
    'Insufficient funds to process this file. Please add funds to your account or purchase units before uploading.',
  invalidUrl: 'Please enter a valid URL.',
  privateAddress: (address: string) =>
    `The link points to a private or local network address (${address}); only links to public servers can be uploaded.`,
};
const TRANSCRIPTION_REFUSAL = 'The fake transcription was told to refuse this recording.';

// ---- Set-up and the upload panel ----

interface Setup {
  project: Project;
  prompt: Prompt;
}

/** A signed-in user with a project (funded unless told otherwise) and a scorecard prompt. */
async function projectWithScorecard(
  page: Page,
  options: { funded?: boolean; transcribeInstructions?: string; otherPromptFirst?: boolean } = {},
): Promise<Setup> {
  await signedInPage(page, { label: 'upload analysis' });
  const project = await createProjectViaApi(page.request, {
    name: uniqueName('Inbound Calls'),
    timezone: 'Europe/Berlin',
  });
  if (options.funded ?? true) await fundProject(project.id);
  if (options.otherPromptFirst) {
    await createScorecardViaApi(page.request, project.id, { name: uniqueName('Support checklist') });
  }
  const prompt = await createScorecardViaApi(page.request, project.id, {
    name: uniqueName('Sales scorecard'),
    transcribeInstructions: options.transcribeInstructions,
  });
  return { project, prompt };
}

const uploadPath = (project: Project) => `/projects/${project.id}/analysis/upload`;
const analysesPath = (project: Project) => `/projects/${project.id}/analyses`;
const analysisPath = (project: Project, taskId: number) => `/projects/${project.id}/analysis/${taskId}`;

async function openUploadPage(page: Page, project: Project): Promise<void> {
  await page.goto(uploadPath(project));
  await expect(main(page).getByRole('heading', { level: 1, name: 'Upload a Conversation' })).toBeVisible();
  // The prompts have loaded when the prompt select shows one.
  await expect(promptSelect(page)).toHaveText(/\w/);
}

const promptSelect = (page: Page) => main(page).getByRole('combobox', { name: 'Analysis Prompt' });
const uploadButton = (page: Page) => main(page).getByRole('button', { name: 'Upload', exact: true });
const fileInput = (page: Page) => page.getByTestId('file-drop-input');
const metadataInput = (page: Page, name: string) => page.getByTestId(`metadata-value-${name}`);

async function choosePrompt(page: Page, name: string): Promise<void> {
  await promptSelect(page).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(promptSelect(page)).toHaveText(name);
}

async function fillMetadata(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await metadataInput(page, name).fill(value);
}

/** Drops a file on the drop zone as a person dragging it from their desktop would. */
async function dropFile(page: Page, recording: CallRecording): Promise<void> {
  const transfer = await page.evaluateHandle(`(() => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(recording.bytes.toString('base64'))}), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], ${JSON.stringify(recording.fileName)}, { type: ${JSON.stringify(recording.contentType)} }));
    return transfer;
  })()`);
  const zone = page.getByTestId('file-drop');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await expect(zone).toContainText('Drop the file to add it');
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await transfer.dispose();
}

/** The upload requests the page sends (file, chunks and links). */
function watchUploads(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/projects\/\d+\/uploads/.test(request.url())) {
      sent.push(request.url());
    }
  });
  return sent;
}

/** The task id in 'Upload successful! Task ID: N' or 'Force reanalysis started! Task ID: N'. */
async function taskIdIn(alert: Locator): Promise<number> {
  const match = /Task ID: (\d+)/.exec((await alert.textContent()) ?? '');
  if (!match) throw new Error(`No task id in "${await alert.textContent()}"`);
  return Number(match[1]);
}

const statusOf = (row: Locator) => row.getByTestId('task-status');

/**
 * Notes in the page when the upload's success message appears and when the app navigates next (the
 * router's history.pushState), to measure the redirect without the test's own polling in between.
 */
async function timeRedirect(page: Page): Promise<void> {
  // (a string: the e2e tsconfig has no DOM types)
  await page.evaluate(`(() => {
    const seen = new MutationObserver(() => {
      if (window.__e2eSuccessAt === undefined && document.querySelector('[data-testid="upload-success"]')) {
        window.__e2eSuccessAt = performance.now();
      }
    });
    seen.observe(document.body, { childList: true, subtree: true });
    const push = history.pushState.bind(history);
    history.pushState = (...args) => {
      if (window.__e2eSuccessAt !== undefined && window.__e2eNavigatedAt === undefined) {
        window.__e2eNavigatedAt = performance.now();
      }
      return push(...args);
    };
  })()`);
}

/** Milliseconds from the success message to the next navigation (see timeRedirect). */
async function redirectDelay(page: Page): Promise<number> {
  return page.evaluate('window.__e2eNavigatedAt - window.__e2eSuccessAt');
}

// ---- The analysis page ----

const en = {
  number: (value: number, digits = 2) =>
    new Intl.NumberFormat('en', { maximumFractionDigits: digits }).format(value),
  percent: (share: number) =>
    new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(share),
  /** m:ss, as the transcript and the evidence show times. */
  time: (seconds: number) => {
    const whole = Math.floor(seconds);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  },
};

/** Waits until the player's position is `seconds` (seeking also plays: allow what has played since). */
async function expectPlayerAt(page: Page, seconds: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const { currentTime } = await mediaState(page);
        return currentTime >= seconds - 0.01 && currentTime < seconds + 2.5;
      },
      { message: `the player is at ${seconds} s` },
    )
    .toBe(true);
}

test.describe('upload and analysis', () => {
  test('a two-speaker call: upload, live status, transcript by speaker, results, metrics and seeking', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The recording's transcription answers late (marked by the prompt's transcription instructions), so
    // the analysis is seen at work.
    const marker = uniqueMarker('live-call');
    const { project, prompt } = await projectWithScorecard(page, {
      transcribeInstructions: `Acme Solar, solar panels. ${marker}`,
      otherPromptFirst: true,
    });
    await setTranscriptionRule(marker, { delayMs: 1500 });
    const call = await stereoCall();

    // --- The upload panel ---
    await openUploadPage(page, project);
    await choosePrompt(page, prompt.scriptName);
    await expect(main(page).getByText('Required metadata: Department, Representative')).toBeVisible();
    await expect(page.getByTestId('metadata-section')).toContainText('Required: 2');
    await fillMetadata(page, { Department: 'Inbound Sales', Representative: 'Ann Agent' });
    await fileInput(page).setInputFiles(call.path);
    await expect(page.getByTestId('file-name')).toHaveText(call.fileName);
    await expect(page.getByTestId('file-size')).toHaveText(
      `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(call.bytes.length / 1024 / 1024)} MB`,
    );
    await shoot(page, 'upload-page');

    // Scheduled a few seconds ahead: the analysis waits in the queue long enough to be seen there.
    await page.getByTestId('schedule-input').fill(await localInputIn(page, 12));
    // A slow uplink (32 KB/s), so the progress of the upload can be seen.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    const uplink = (bytesPerSecond: number) =>
      network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      });
    await uplink(32 * 1024);
    await timeRedirect(page);
    // Every percent the panel shows is recorded in the page, so a fast machine cannot skip past them.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { percentsSeen: string[] }).percentsSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="upload-percent"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await uploadButton(page).click();
    await expect(page.getByTestId('upload-progress')).toContainText('Uploading...');
    await expect(main(page).getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(page.getByRole('tab', { name: 'URL Upload' })).toBeDisabled();
    const success = page.getByTestId('upload-success');
    await expect(success).toContainText(/^Upload successful! Task ID: \d+/);
    const taskId = await taskIdIn(success);
    await expect(success).toContainText('Opening the analyses list...');
    await uplink(-1);
    await expect(page.getByTestId('upload-progress')).toContainText('Upload progress');
    await expect(page.getByTestId('upload-percent')).toHaveText('100%');
    const percents = await page.evaluate(
      () => (window as unknown as { percentsSeen: string[] }).percentsSeen,
    );
    // How many steps the browser reports depends on its socket buffers (component tests check the
    // arithmetic with a fake XHR); here the bar must have counted up to 100% while uploading.
    expect(percents.at(-1)).toBe('100%');
    expect(
      percents.every((text) => /^\d{1,3}%$/.test(text)),
      percents.join(' '),
    ).toBe(true);
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    // --- About 2 s later: the analyses list, where the row changes live ---
    await page.waitForURL(new RegExp(`${escapeRegExp(analysesPath(project))}$`), { timeout: 6_000 });
    const redirectMs = await redirectDelay(page);
    expect(redirectMs, 'the redirect comes 2 s after the success').toBeGreaterThanOrEqual(
      TIMINGS.uploadRedirectMs - 50,
    );
    expect(redirectMs).toBeLessThan(TIMINGS.uploadRedirectMs + 1_000);
    await page.evaluate('window.__e2eNotReloaded = true');
    await expect(page.getByTestId('live-indicator')).toHaveText('Live');
    const row = page.getByTestId(`analysis-row-${taskId}`);
    await expect(statusOf(row)).toHaveText('Queued');
    await expect(row).toContainText(call.fileName);
    await expect(row).toContainText('Ann Agent');
    await expect(row).toContainText(prompt.scriptName);
    await expect(statusOf(row)).toHaveText('Processing', { timeout: 20_000 });
    await expect(row).toContainText(/Transcribing · \d+%/);
    await expect(row.getByRole('progressbar')).toBeVisible();
    await expect(statusOf(row)).toHaveText('Completed', { timeout: 30_000 });
    // What a status event cannot carry (title, score) comes with the reload of the list that follows it.
    await expect(row).toContainText(fakeText('Title'));
    await expect(row.getByTestId('analysis-score')).toHaveText('80 %');
    await expect(row).toContainText('0:07');
    expect(await page.evaluate('window.__e2eNotReloaded === true'), 'the list was not reloaded').toBe(true);
    await shoot(page, 'analyses-list');

    // Both channels were transcribed, one request each, with the prompt's instructions.
    const requests = await transcriptionRequests(marker);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.path).toBe('/v1/audio/transcriptions');
      expect(request.fields).toMatchObject({
        model: 'whisper-1',
        response_format: 'verbose_json',
        language: 'en',
      });
      expect(request.files[0]).toMatchObject({
        field: 'file',
        filename: 'audio.wav',
        contentType: 'audio/wav',
      });
    }
    expect(requests.map((request) => request.segments.map((segment) => segment.text))).toEqual(
      expect.arrayContaining([[AGENT_LINE], [CUSTOMER_LINE]]),
    );

    // --- The analysis ---
    await row.getByRole('link').click();
    await expect(page).toHaveURL(analysisPath(project, taskId));
    const detail: AnalysisDetail = await analysisViaApi(page.request, project.id, taskId);
    expect(detail.status).toBe('completed');
    const [agent, customer] = detail.transcript ?? [];
    expect(detail.transcript).toHaveLength(2);
    expect(agent).toMatchObject({ speaker: 'Channel 1', text: AGENT_LINE });
    expect(customer).toMatchObject({ speaker: 'Channel 2', text: CUSTOMER_LINE });
    expect(agent!.start).toBeCloseTo(0.2, 0);
    expect(customer!.start).toBeCloseTo(4, 0);

    await expect(main(page).getByRole('heading', { level: 1, name: fakeText('Title') })).toBeVisible();
    await expect(main(page).getByTestId('task-status').first()).toHaveText('Completed');
    await expect(page.getByTestId('status-panel')).toHaveCount(0);

    // The transcript by speaker, with times.
    const transcript = page.getByTestId('transcript');
    await expect(transcript.getByRole('listitem')).toHaveCount(2);
    const line0 = page.getByTestId('transcript-line-0');
    const line1 = page.getByTestId('transcript-line-1');
    await expect(line0).toContainText(en.time(agent!.start));
    await expect(line0).toContainText('Channel 1');
    await expect(line0).toContainText(AGENT_LINE);
    await expect(line1).toContainText(en.time(customer!.start));
    await expect(line1).toContainText('Channel 2');
    await expect(line1).toContainText(CUSTOMER_LINE);

    // The results: every field with its value, points and evidence (the fake model quotes the lines in turn).
    const results = page.getByTestId('results');
    await expect(results).toContainText(prompt.scriptName);
    await expect(page.getByTestId('field-value-Summary')).toHaveText(fakeText('Summary'));
    await expect(page.getByTestId('field-value-Greeting')).toHaveText('OK');
    await expect(page.getByTestId('field-points-Greeting')).toHaveText('1 / 1 points');
    await expect(page.getByTestId('field-value-Needs')).toContainText('2');
    await expect(page.getByTestId('field-value-Needs')).toContainText('of 3');
    await expect(page.getByTestId('mark-explanation')).toHaveText('2 of 3: good');
    await expect(page.getByTestId('field-points-Needs')).toHaveText('2 / 3 points');
    await expect(page.getByTestId('field-value-Discovery.Budget')).toHaveText('Yes');
    await expect(page.getByTestId('field-points-Discovery.Budget')).toHaveText('1 / 1 points');
    // The model quotes with the transcript's [0.2s] times (one decimal).
    const evidence = (detail.result as { evidence: Record<string, { quote: string; timestamp: number }> })
      .evidence;
    expect(evidence.Greeting).toMatchObject({
      quote: AGENT_LINE,
      timestamp: Number(agent!.start.toFixed(1)),
    });
    expect(evidence.Needs).toMatchObject({
      quote: CUSTOMER_LINE,
      timestamp: Number(customer!.start.toFixed(1)),
    });
    const greetingEvidence = page.getByTestId('field-Greeting').getByTestId('evidence');
    await expect(greetingEvidence).toContainText(FAKE_JUSTIFICATION);
    await expect(greetingEvidence.getByTestId('evidence-quote')).toContainText(AGENT_LINE);
    await expect(greetingEvidence.getByTestId('evidence-quote')).toContainText(en.time(agent!.start));
    const needsQuote = page.getByTestId('field-Needs').getByTestId('evidence-quote');
    await expect(needsQuote).toContainText(CUSTOMER_LINE);
    await expect(needsQuote).toContainText(en.time(customer!.start));

    // The final score: 1 + 2 + 1 of 1 + 3 + 1 points.
    await expect(page.getByTestId('final-score')).toHaveText('80 %');
    await expect(page.getByTestId('score-explanation')).toHaveText(
      '4 points out of 5 possible (the most the counted fields could give) × 100 = 80 %, kept between 0 and 100.',
    );
    expect(detail.final_score).toBe(80);

    // The conversation metrics: the talk ratio chart and the figures per speaker.
    const metrics = main(page).getByRole('region', { name: 'Conversation metrics' });
    await expect(metrics.locator('svg').first()).toBeVisible();
    await expect(metrics.locator('svg path')).not.toHaveCount(0);
    const speakers = detail.metrics?.speakers ?? [];
    expect(speakers.map((speaker) => speaker.speaker).sort()).toEqual(['Channel 1', 'Channel 2']);
    for (const speaker of speakers) {
      const speakerRow = metrics.getByTestId(`speaker-${speaker.speaker}`);
      await expect(speakerRow).toContainText(en.percent(speaker.talkRatio));
      await expect(speakerRow.getByRole('cell').nth(3)).toHaveText(String(speaker.words));
    }
    expect(speakers.reduce((sum, speaker) => sum + speaker.talkRatio, 0)).toBeCloseTo(1, 3);
    await expect(metrics).toContainText('Speakers');

    // The units charged and the call's details.
    expect(detail.units_charged).toBeGreaterThan(0);
    await expect(page.getByTestId('units-charged')).toHaveText(
      `Units charged${en.number(detail.units_charged!, 3)}`,
    );
    const details = main(page).getByRole('region', { name: 'Details' });
    await expect(details).toContainText('Inbound Sales');
    await expect(details).toContainText('Ann Agent');
    await expect(details).toContainText('2 channels');
    await expect(details).toContainText('Scheduled for');
    await shoot(page, 'analysis-detail');

    // --- Seeking: a transcript line and an evidence quote move the player there ---
    await expect.poll(async () => (await mediaState(page)).readyState).toBeGreaterThanOrEqual(1);
    expect((await mediaState(page)).currentTime).toBe(0);
    const line1Button = line1.getByRole('button');
    await expect(line1Button).toHaveAttribute('title', `Play from ${en.time(customer!.start)}`);
    await line1Button.click();
    await expectPlayerAt(page, customer!.start);
    await expect(line1).toHaveAttribute('aria-current', 'true');
    await pauseMedia(page);

    await greetingEvidence.getByTestId('evidence-quote').click();
    await expectPlayerAt(page, evidence.Greeting!.timestamp);
    await expect(line0).toHaveAttribute('aria-current', 'true');
    await pauseMedia(page);

    await needsQuote.click();
    await expectPlayerAt(page, evidence.Needs!.timestamp);
    await pauseMedia(page);
  });

  test('the same recording again: File Already Analyzed, View Existing Analysis, Force Reanalyze', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { project, prompt } = await projectWithScorecard(page);
    const call = await stereoCall('repeat-call.mp3');
    const first = await uploadViaApi(page.request, project.id, call, prompt.id);
    const firstId = first.data.task_id!;
    await waitForStatus(page.request, project.id, firstId, 'completed');

    // Dropped on the panel: the same bytes are recognised.
    await openUploadPage(page, project);
    await fillMetadata(page, { Department: 'Sales', Representative: 'Bob Builder' });
    await dropFile(page, call);
    await expect(page.getByTestId('file-name')).toHaveText(call.fileName);
    await uploadButton(page).click();
    const duplicate = page.getByTestId('upload-duplicate');
    await expect(duplicate).toContainText('File Already Analyzed');
    const view = duplicate.getByRole('link', { name: 'View Existing Analysis' });
    await expect(view).toHaveAttribute('href', analysisPath(project, firstId));
    await expect(duplicate.getByRole('button', { name: 'Force Reanalyze' })).toBeVisible();
    await view.click();
    await expect(page).toHaveURL(analysisPath(project, firstId));
    await expect(main(page).getByRole('heading', { level: 1, name: fakeText('Title') })).toBeVisible();
    await expect(page.getByTestId('final-score')).toHaveText('80 %');

    // Through the file input this time, then forced.
    await openUploadPage(page, project);
    await fillMetadata(page, { Department: 'Sales', Representative: 'Bob Builder' });
    await fileInput(page).setInputFiles(call.path);
    await uploadButton(page).click();
    await expect(duplicate).toContainText('File Already Analyzed');
    await duplicate.getByRole('button', { name: 'Force Reanalyze' }).click();
    const started = page.getByTestId('upload-success');
    await expect(started).toContainText(/^Force reanalysis started! Task ID: \d+/);
    const secondId = await taskIdIn(started);
    expect(secondId).not.toBe(firstId);
    await page.waitForURL(new RegExp(`${escapeRegExp(analysesPath(project))}$`), { timeout: 6_000 });
    const second = page.getByTestId(`analysis-row-${secondId}`);
    await expect(statusOf(second)).toHaveText('Completed', { timeout: 30_000 });
    await expect(statusOf(page.getByTestId(`analysis-row-${firstId}`))).toHaveText('Completed');
    expect(await analysisIdsViaApi(page.request, project.id)).toEqual([secondId, firstId]);
    const reanalysed = await analysisViaApi(page.request, project.id, secondId);
    expect(reanalysed.media.id).toBe(first.data.audio!.id);
    expect(reanalysed.metadata).toEqual({ Department: 'Sales', Representative: 'Bob Builder' });
  });

  test('refused before anything is analysed: a PDF, blank metadata, an invalid link, a private address', async ({
    page,
  }) => {
    const { project, prompt } = await projectWithScorecard(page);
    const call = await stereoCall('checks-call.mp3');
    const uploads = watchUploads(page);
    await openUploadPage(page, project);
    await expect(promptSelect(page)).toHaveText(prompt.scriptName);

    // A PDF is not taken.
    await fileInput(page).setInputFiles(await otherFile('minutes.pdf', '%PDF-1.4\n% minutes of a meeting\n'));
    await expect(page.getByTestId('file-error')).toHaveText(TEXTS.unsupported);
    await expect(page.getByTestId('selected-file')).toHaveCount(0);
    await expect(uploadButton(page)).toBeDisabled();

    // The required metadata must be filled in.
    await fileInput(page).setInputFiles(call.path);
    await expect(page.getByTestId('file-error')).toHaveCount(0);
    await expect(page.getByTestId('file-name')).toHaveText(call.fileName);
    await uploadButton(page).click();
    await expect(page.getByTestId('upload-error')).toHaveText(
      'Please fill in the required metadata field(s): Department, Representative.',
    );
    await expect(page.getByTestId('metadata-section')).toHaveAttribute('data-highlighted', 'true');
    await fillMetadata(page, { Department: 'Sales', Representative: '   ' });
    await uploadButton(page).click();
    await expect(page.getByTestId('upload-error')).toHaveText(
      'Please fill in the required metadata field(s): Representative.',
    );
    await expect(metadataInput(page, 'Representative')).toHaveAttribute('aria-invalid', 'true');
    await expect(metadataInput(page, 'Department')).toHaveAttribute('aria-invalid', 'false');
    expect(uploads, 'nothing was sent').toEqual([]);

    // A link must look like one.
    await fillMetadata(page, { Representative: 'Cleo Closer' });
    await page.getByRole('tab', { name: 'URL Upload' }).click();
    await expect(page.getByTestId('selected-file')).toHaveCount(0);
    const link = page.getByTestId('url-input');
    await link.fill('recordings/call 12.mp3');
    await expect(main(page).getByText(TEXTS.invalidUrl)).toBeVisible();
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(uploadButton(page)).toBeDisabled();
    // The panel accepts a link to an address; the server's SSRF guard refuses a private one.
    await link.fill('http://127.0.0.1/recordings/call.mp3');
    await expect(main(page).getByText(TEXTS.invalidUrl)).toHaveCount(0);
    await uploadButton(page).click();
    await expect(page.getByTestId('upload-error')).toHaveText(TEXTS.privateAddress('127.0.0.1'));
    expect(uploads).toHaveLength(1);
    expect(await analysisIdsViaApi(page.request, project.id)).toEqual([]);
  });

  test('a project without funds: the upload is refused before the file is sent', async ({ page }) => {
    const { project } = await projectWithScorecard(page, { funded: false });
    const call = await stereoCall('unfunded-call.mp3');
    const uploads = watchUploads(page);
    await openUploadPage(page, project);
    await fillMetadata(page, { Department: 'Sales', Representative: 'Dana Dialer' });
    await fileInput(page).setInputFiles(call.path);
    await uploadButton(page).click();
    await expect(page.getByTestId('upload-error')).toHaveText(TEXTS.insufficientFunds);
    await expect(page.getByTestId('upload-success')).toHaveCount(0);
    await expect(page.getByTestId('upload-progress')).toHaveCount(0);
    // The form stays as it was, to try again once funded.
    await expect(page.getByTestId('file-name')).toHaveText(call.fileName);
    await expect(metadataInput(page, 'Representative')).toHaveValue('Dana Dialer');
    await expect(page).toHaveURL(uploadPath(project));
    expect(uploads, 'no upload request').toEqual([]);
    expect(await analysisIdsViaApi(page.request, project.id)).toEqual([]);
  });

  test('a recording the transcription refuses fails; once fixed, a retry from Failed Tasks completes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const marker = uniqueMarker('refused-call');
    const { project, prompt } = await projectWithScorecard(page, {
      transcribeInstructions: `Acme Solar, solar panels. ${marker}`,
    });
    // A 400 is not retried: the task fails at its first attempt.
    await setTranscriptionRule(marker, { failure: { status: 400, message: TRANSCRIPTION_REFUSAL } });
    const call = await stereoCall('refused-call.mp3');
    const error = `OpenAI transcription answered 400: ${TRANSCRIPTION_REFUSAL}`;

    await page.goto(analysesPath(project));
    await expect(page.getByTestId('live-indicator')).toHaveText('Live');
    const upload = await uploadViaApi(page.request, project.id, call, prompt.id);
    const taskId = upload.data.task_id!;
    const row = page.getByTestId(`analysis-row-${taskId}`);
    await expect(statusOf(row)).toHaveText('Failed', { timeout: 30_000 });
    const failed = await analysisViaApi(page.request, project.id, taskId);
    expect(failed).toMatchObject({ status: 'failed', stage: 'transcription', error, attempts: 1 });
    expect(failed.units_charged).toBeNull();

    await row.getByRole('link').click();
    const panel = page.getByTestId('status-panel');
    await expect(panel).toContainText('The analysis failed');
    await expect(panel).toContainText('Failed at stage: Transcribing');
    await expect(page.getByTestId('status-error')).toHaveText(error);
    await expect(page.getByTestId('results')).toContainText('This analysis has no results.');
    await panel.getByRole('link', { name: 'Open failed tasks' }).click();

    await expect(page).toHaveURL(`/projects/${project.id}/failed-tasks`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Failed Tasks' })).toBeVisible();
    const failedRow = page.getByTestId(`failed-row-${taskId}`);
    await expect(failedRow).toContainText(call.fileName);
    await expect(failedRow).toContainText(prompt.scriptName);
    await expect(failedRow).toContainText('Transcribing');
    await expect(failedRow).toContainText(error);
    await expect(failedRow.getByRole('cell').nth(6)).toHaveText('1');
    await shoot(page, 'failed-tasks');

    // The cause is fixed: the next attempt transcribes both channels and completes.
    await setTranscriptionRule(marker, null);
    await failedRow.getByRole('button', { name: `Retry ${call.fileName}` }).click();
    await expect(page.getByTestId('toast')).toHaveText('Queued again: 1');
    await expect(failedRow).toHaveCount(0);
    await expect(main(page).getByText('No failed tasks')).toBeVisible();
    const done = await waitForStatus(page.request, project.id, taskId, 'completed');
    // A retry starts the count of attempts afresh (analyses/tasks.ts resetTask).
    expect(done.attempts).toBe(1);
    expect(done.error).toBeNull();
    expect(done.final_score).toBe(80);
    expect(done.transcript?.map((segment) => segment.speaker)).toEqual(['Channel 1', 'Channel 2']);
    expect((await transcriptionRequests(marker)).map((request) => request.status)).toEqual([400, 200, 200]);

    await page.goto(analysisPath(project, taskId));
    await expect(main(page).getByTestId('task-status').first()).toHaveText('Completed');
    await expect(page.getByTestId('final-score')).toHaveText('80 %');
  });
});
