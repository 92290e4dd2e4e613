import { AnalysesListPage, AnalysisPage, FailedTasksPage, statusOf } from '../pages/analyses.ts';
import { taskIdIn, UploadPage } from '../pages/upload.ts';
import {
  analysisIdsViaApi,
  analysisViaApi,
  otherFile,
  projectWithScorecard,
  removeSpeechFixtures,
  stereoCall,
  uploadViaApi,
  waitForStatus,
} from '../support/analyses.ts';
import { fakeText, uniqueMarker } from '../support/fake-llm.ts';
import { setTranscriptionRule, transcriptionRequests } from '../support/fake-transcription.ts';
import { escapeRegExp } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, type Page, test } from '../support/test.ts';

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
  transcriptionRefusal: 'The fake transcription was told to refuse this recording.',
};

const PROJECT = { name: 'Inbound Calls', timezone: 'Europe/Berlin' } as const;

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

test.describe('uploads refused or repeated', () => {
  test('the same recording again: File Already Analyzed, View Existing Analysis, Force Reanalyze', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const upload = new UploadPage(page);
    const analysis = new AnalysisPage(page);
    const list = new AnalysesListPage(page);
    const { project, prompt } = await projectWithScorecard(page, {
      label: 'upload analysis',
      project: PROJECT,
    });
    const call = await stereoCall('repeat-call.mp3');
    const first = await uploadViaApi(page.request, project.id, call, prompt.id);
    const firstId = first.data.task_id!;
    await waitForStatus(page.request, project.id, firstId, 'completed');

    // Dropped on the panel: the same bytes are recognised.
    await upload.open(project.id);
    await upload.fillMetadata({ Department: 'Sales', Representative: 'Bob Builder' });
    await upload.dropFile(call);
    await expect(upload.fileName).toHaveText(call.fileName);
    await upload.uploadButton.click();
    await expect(upload.duplicate).toContainText('File Already Analyzed');
    const view = upload.duplicate.getByRole('link', { name: 'View Existing Analysis' });
    const force = upload.duplicate.getByRole('button', { name: 'Force Reanalyze' });
    await expect(view).toHaveAttribute('href', AnalysisPage.path(project.id, firstId));
    await expect(force).toBeVisible();
    await view.click();
    await expect(page).toHaveURL(AnalysisPage.path(project.id, firstId));
    await expect(analysis.heading(fakeText('Title'))).toBeVisible();
    await expect(analysis.finalScore).toHaveText('80 %');

    // Through the file input this time, then forced.
    await upload.open(project.id);
    await upload.fillMetadata({ Department: 'Sales', Representative: 'Bob Builder' });
    await upload.fileInput.setInputFiles(call.path);
    await upload.uploadButton.click();
    await expect(upload.duplicate).toContainText('File Already Analyzed');
    await force.click();
    await expect(upload.success).toContainText(/^Force reanalysis started! Task ID: \d+/);
    const secondId = await taskIdIn(upload.success);
    expect(secondId).not.toBe(firstId);
    await page.waitForURL(new RegExp(`${escapeRegExp(AnalysesListPage.path(project.id))}$`), {
      timeout: 6_000,
    });
    await expect(statusOf(list.row(secondId))).toHaveText('Completed', { timeout: 30_000 });
    await expect(statusOf(list.row(firstId))).toHaveText('Completed');
    expect(await analysisIdsViaApi(page.request, project.id)).toEqual([secondId, firstId]);
    const reanalysed = await analysisViaApi(page.request, project.id, secondId);
    expect(reanalysed.media.id).toBe(first.data.audio!.id);
    expect(reanalysed.metadata).toEqual({ Department: 'Sales', Representative: 'Bob Builder' });
  });

  test('refused before anything is analysed: a PDF, blank metadata, an invalid link, a private address', async ({
    page,
  }) => {
    const upload = new UploadPage(page);
    const { project, prompt } = await projectWithScorecard(page, {
      label: 'upload analysis',
      project: PROJECT,
    });
    const call = await stereoCall('checks-call.mp3');
    const uploads = watchUploads(page);
    await upload.open(project.id, prompt.scriptName);

    // A PDF is not taken.
    await upload.fileInput.setInputFiles(
      await otherFile('minutes.pdf', '%PDF-1.4\n% minutes of a meeting\n'),
    );
    await expect(upload.fileError).toHaveText(TEXTS.unsupported);
    await expect(upload.selectedFile).toHaveCount(0);
    await expect(upload.uploadButton).toBeDisabled();

    // The required metadata must be filled in.
    await upload.fileInput.setInputFiles(call.path);
    await expect(upload.fileError).toHaveCount(0);
    await expect(upload.fileName).toHaveText(call.fileName);
    await upload.uploadButton.click();
    await expect(upload.error).toHaveText(
      'Please fill in the required metadata field(s): Department, Representative.',
    );
    await expect(upload.metadataSection).toHaveAttribute('data-highlighted', 'true');
    await upload.fillMetadata({ Department: 'Sales', Representative: '   ' });
    await upload.uploadButton.click();
    await expect(upload.error).toHaveText('Please fill in the required metadata field(s): Representative.');
    await expect(upload.metadataInput('Representative')).toHaveAttribute('aria-invalid', 'true');
    await expect(upload.metadataInput('Department')).toHaveAttribute('aria-invalid', 'false');
    expect(uploads, 'nothing was sent').toEqual([]);

    // A link must look like one.
    await upload.fillMetadata({ Representative: 'Cleo Closer' });
    await upload.urlTab.click();
    await expect(upload.selectedFile).toHaveCount(0);
    await upload.urlInput.fill('recordings/call 12.mp3');
    await expect(upload.main.getByText(TEXTS.invalidUrl)).toBeVisible();
    await expect(upload.urlInput).toHaveAttribute('aria-invalid', 'true');
    await expect(upload.uploadButton).toBeDisabled();
    // The panel accepts a link to an address; the server's SSRF guard refuses a private one.
    await upload.urlInput.fill('http://127.0.0.1/recordings/call.mp3');
    await expect(upload.main.getByText(TEXTS.invalidUrl)).toHaveCount(0);
    await upload.uploadButton.click();
    await expect(upload.error).toHaveText(TEXTS.privateAddress('127.0.0.1'));
    expect(uploads).toHaveLength(1);
    expect(await analysisIdsViaApi(page.request, project.id)).toEqual([]);
  });

  test('a project without funds: the upload is refused before the file is sent, with the way to billing', async ({
    page,
  }) => {
    const upload = new UploadPage(page);
    const { project } = await projectWithScorecard(page, {
      label: 'upload analysis',
      project: PROJECT,
      funded: false,
    });
    const call = await stereoCall('unfunded-call.mp3');
    const uploads = watchUploads(page);
    await upload.open(project.id);
    await upload.fillMetadata({ Department: 'Sales', Representative: 'Dana Dialer' });
    await upload.fileInput.setInputFiles(call.path);
    await upload.uploadButton.click();
    await expect(upload.error).toContainText(TEXTS.insufficientFunds);
    await expect(upload.success).toHaveCount(0);
    await expect(upload.progress).toHaveCount(0);
    // The form stays as it was, to try again once funded.
    await expect(upload.fileName).toHaveText(call.fileName);
    await expect(upload.metadataInput('Representative')).toHaveValue('Dana Dialer');
    await expect(page).toHaveURL(`/projects/${project.id}/analysis/upload`);
    expect(uploads, 'no upload request').toEqual([]);
    expect(await analysisIdsViaApi(page.request, project.id)).toEqual([]);
    await shoot(page, 'upload-insufficient-funds');

    // The message leads the project's owner to its billing page.
    await upload.error.getByRole('link', { name: 'Go to billing' }).click();
    await expect(page).toHaveURL(`/projects/${project.id}/billing`);
    await expect(upload.heading('Billing')).toBeVisible();
  });

  test('a recording the transcription refuses fails; once fixed, a retry from Failed Tasks completes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const list = new AnalysesListPage(page);
    const analysis = new AnalysisPage(page);
    const failedTasks = new FailedTasksPage(page);
    const marker = uniqueMarker('refused-call');
    const { project, prompt } = await projectWithScorecard(page, {
      label: 'upload analysis',
      project: PROJECT,
      transcribeInstructions: `Acme Solar, solar panels. ${marker}`,
    });
    // A 400 is not retried: the task fails at its first attempt.
    await setTranscriptionRule(marker, { failure: { status: 400, message: TEXTS.transcriptionRefusal } });
    const call = await stereoCall('refused-call.mp3');
    const error = `OpenAI transcription answered 400: ${TEXTS.transcriptionRefusal}`;

    await list.open(project.id);
    const uploaded = await uploadViaApi(page.request, project.id, call, prompt.id);
    const taskId = uploaded.data.task_id!;
    const row = list.row(taskId);
    await expect(statusOf(row)).toHaveText('Failed', { timeout: 30_000 });
    const failed = await analysisViaApi(page.request, project.id, taskId);
    expect(failed).toMatchObject({ status: 'failed', stage: 'transcription', error, attempts: 1 });
    expect(failed.units_charged).toBeNull();

    await row.getByRole('link').click();
    await expect(analysis.statusPanel).toContainText('The analysis failed');
    await expect(analysis.statusPanel).toContainText('Failed at stage: Transcribing');
    await expect(analysis.statusError).toHaveText(error);
    await expect(analysis.results).toContainText('This analysis has no results.');
    await analysis.statusPanel.getByRole('link', { name: 'Open failed tasks' }).click();

    await expect(page).toHaveURL(`/projects/${project.id}/failed-tasks`);
    await expect(failedTasks.heading('Failed Tasks')).toBeVisible();
    const failedRow = failedTasks.row(taskId);
    await expect(failedRow).toContainText(call.fileName);
    await expect(failedRow).toContainText(prompt.scriptName);
    await expect(failedRow).toContainText('Transcribing');
    await expect(failedRow).toContainText(error);
    await expect(failedRow.getByRole('cell').nth(6)).toHaveText('1');
    await shoot(page, 'failed-tasks');

    // The cause is fixed: the next attempt transcribes both channels and completes.
    await setTranscriptionRule(marker, null);
    await failedTasks.retryButton(taskId, call.fileName).click();
    await expect(failedTasks.toast).toHaveText('Queued again: 1');
    await expect(failedRow).toHaveCount(0);
    await expect(failedTasks.main.getByText('No failed tasks')).toBeVisible();
    const done = await waitForStatus(page.request, project.id, taskId, 'completed');
    // A retry starts the count of attempts afresh (analyses/tasks.ts resetTask).
    expect(done.attempts).toBe(1);
    expect(done.error).toBeNull();
    expect(done.final_score).toBe(80);
    expect(done.transcript?.map((segment) => segment.speaker)).toEqual(['Channel 1', 'Channel 2']);
    // The two channels go to the provider side by side: the refused attempt sent one or both of them.
    const statuses = (await transcriptionRequests(marker)).map((request) => request.status);
    expect(statuses.slice(-2)).toEqual([200, 200]);
    expect(statuses.slice(0, -2)).toEqual(expect.arrayContaining([400]));
    expect(statuses.slice(0, -2).every((status) => status === 400)).toBe(true);

    await analysis.open(project.id, taskId);
    await expect(analysis.status).toHaveText('Completed');
    await expect(analysis.finalScore).toHaveText('80 %');
  });
});
