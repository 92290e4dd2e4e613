import type { AnalysisDetail } from '@parley/contracts';
import { AnalysesListPage, AnalysisPage, statusOf } from '../pages/analyses.ts';
import { SettingsPage } from '../pages/settings.ts';
import { choose } from '../pages/shell.ts';
import { taskIdIn, UploadPage } from '../pages/upload.ts';
import {
  AGENT_LINE,
  analysisViaApi,
  CUSTOMER_LINE,
  monoCall,
  projectWithScorecard,
  removeSpeechFixtures,
  stereoCall,
  uploadViaApi,
  waitForStatus,
} from '../support/analyses.ts';
import { escapeRegExp } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, type Page, test } from '../support/test.ts';

// Who said what: the transcript names the representative (the upload's Representative) and the customer.
// The fakes (support/fake-transcription.ts, fake-llm.ts): a diarizing model hears the agent's line as
// speaker A and the customer's as B; the analysis model names as representative the speaker the
// Representative detail names, else the first one.
test.describe.configure({ mode: 'parallel' });
test.afterAll(removeSpeechFixtures);

/** A share kept as a percentage (58.8) as the page shows it in English. */
const shown = (percent: number | null | undefined) =>
  new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format((percent ?? 0) / 100);

async function completedAnalysis(page: Page, projectId: number, taskId: number): Promise<AnalysisDetail> {
  const detail = await waitForStatus(page.request, projectId, taskId, 'completed', 60_000);
  await new AnalysisPage(page).open(projectId, taskId);
  return detail;
}

test('a mono call with a diarizing model: the representative by name, the customer, and Swap roles', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { project, prompt } = await projectWithScorecard(page, { label: 'speaker roles mono' });

  // The project transcribes with OpenAI's diarizing model.
  const settings = new SettingsPage(page);
  await settings.open(project.id, 'general');
  const transcription = page.getByTestId('transcription-settings');
  await choose(
    page,
    transcription.getByRole('combobox', { name: 'Service and model' }),
    'gpt-4o-transcribe-diarize',
    false,
  );
  await transcription.getByRole('button', { name: 'Save transcription' }).click();
  await expect(page.getByText('Transcription settings saved.')).toBeVisible();

  // Both voices in one channel, uploaded with the representative's name.
  const call = await monoCall();
  const upload = new UploadPage(page);
  await upload.open(project.id);
  await upload.choosePrompt(prompt.scriptName);
  await upload.fillMetadata({ Department: 'Inbound Sales', Representative: 'Dana Rep' });
  await upload.fileInput.setInputFiles(call.path);
  await expect(upload.fileName).toHaveText(call.fileName);
  await upload.uploadButton.click();
  await expect(upload.success).toContainText(/Task ID: \d+/);
  const taskId = await taskIdIn(upload.success);
  await page.waitForURL(new RegExp(`${escapeRegExp(AnalysesListPage.path(project.id))}$`));
  const row = new AnalysesListPage(page).row(taskId);
  await expect(statusOf(row)).toHaveText('Completed', { timeout: 60_000 });
  await row.getByRole('link').click();

  const analysis = new AnalysisPage(page);
  await expect(analysis.status).toHaveText('Completed');
  // Two speakers told apart by the model, named by role.
  await expect(analysis.transcript.getByRole('listitem')).toHaveCount(2);
  await expect(analysis.transcriptLine(0)).toContainText('Dana Rep');
  await expect(analysis.transcriptLine(0)).toContainText(AGENT_LINE);
  await expect(analysis.transcriptLine(1)).toContainText('Customer');
  await expect(analysis.transcriptLine(1)).toContainText(CUSTOMER_LINE);
  await expect(analysis.transcriptLine(1)).not.toContainText('Dana Rep');

  const detail = await analysisViaApi(page.request, project.id, taskId);
  expect(detail.transcript?.map((segment) => segment.speaker)).toEqual(['Speaker A', 'Speaker B']);
  expect(detail.speaker_roles).toMatchObject({
    roles: { 'Speaker A': 'representative', 'Speaker B': 'customer' },
    source: 'model',
  });
  const metrics = detail.speaker_roles!.metrics;
  expect(metrics.representative_share).toBeGreaterThan(metrics.customer_share!);

  // The speakers with their roles, and the talk share by role.
  await expect(analysis.speakerRoles).toContainText('Speaker A');
  await expect(analysis.speakerRoles).toContainText('Speaker B');
  await expect(analysis.roleMetric('talkShare')).toHaveText([
    /./,
    shown(metrics.representative_share),
    shown(metrics.customer_share),
  ]);
  await shoot(page, 'speaker-roles-mono');

  // The reviewer swaps them: the names in the transcript and the metrics follow.
  await analysis.swapRoles.click();
  await expect(analysis.transcriptLine(0)).toContainText('Customer');
  await expect(analysis.transcriptLine(0)).not.toContainText('Dana Rep');
  await expect(analysis.transcriptLine(1)).toContainText('Dana Rep');
  await expect(analysis.roleMetric('talkShare')).toHaveText([
    /./,
    shown(metrics.customer_share),
    shown(metrics.representative_share),
  ]);
  const swapped = await analysisViaApi(page.request, project.id, taskId);
  expect(swapped.speaker_roles).toMatchObject({
    roles: { 'Speaker A': 'customer', 'Speaker B': 'representative' },
    source: 'reviewer',
  });
  await shoot(page, 'speaker-roles-swapped');
});

test('a stereo call: the representative is on the left channel by default', async ({ page }) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'speaker roles stereo' });
  const upload = await uploadViaApi(page.request, project.id, await stereoCall(), prompt.id, {
    Department: 'Sales',
    Representative: 'Ann Agent',
  });
  const taskId = upload.data.task_id!;
  const detail = await completedAnalysis(page, project.id, taskId);
  expect(detail.speaker_roles).toMatchObject({
    roles: { 'Channel 1': 'representative', 'Channel 2': 'customer' },
    source: 'channel',
    check: 'agrees',
  });

  const analysis = new AnalysisPage(page);
  await expect(analysis.transcriptLine(0)).toContainText('Ann Agent');
  await expect(analysis.transcriptLine(0)).toContainText(AGENT_LINE);
  await expect(analysis.transcriptLine(1)).toContainText('Customer');
  await expect(analysis.transcriptLine(1)).toContainText(CUSTOMER_LINE);
  // The model's reading agrees with the channels: no warning to swap.
  await expect(analysis.speakerRoles.getByRole('alert')).toHaveCount(0);
  await expect(analysis.roleMetric('talkShare')).toHaveText([
    /./,
    shown(detail.speaker_roles!.metrics.representative_share),
    shown(detail.speaker_roles!.metrics.customer_share),
  ]);
  await shoot(page, 'speaker-roles-stereo');
});

test('a chat: the author the Representative names is the representative, the other the customer', async ({
  page,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'speaker roles chat' });
  // The customer writes first: the representative is found by name, not by order.
  const text = [
    'Sam Buyer: Hello, do you install solar panels on flat roofs?',
    'Dana Rep: Good morning! Yes, we do. How large is your roof?',
    'Sam Buyer: About sixty square metres.',
  ].join('\n');
  const chat = { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: Buffer.from(text) };
  const upload = await uploadViaApi(page.request, project.id, chat, prompt.id, {
    Department: 'Sales',
    Representative: 'Dana Rep',
  });
  const detail = await completedAnalysis(page, project.id, upload.data.task_id!);
  expect(detail.speaker_roles).toMatchObject({
    roles: { 'Sam Buyer': 'customer', 'Dana Rep': 'representative' },
    source: 'model',
  });

  const analysis = new AnalysisPage(page);
  await expect(analysis.transcript.getByRole('listitem')).toHaveCount(3);
  await expect(analysis.transcriptLine(0)).toContainText('Customer');
  await expect(analysis.transcriptLine(0)).toContainText('flat roofs');
  await expect(analysis.transcriptLine(1)).toContainText('Dana Rep');
  await expect(analysis.transcriptLine(1)).toContainText('How large is your roof?');
  await expect(analysis.transcriptLine(2)).toContainText('Customer');
  await expect(analysis.roleMetric('wordShare')).toHaveText([
    /./,
    shown(detail.speaker_roles!.metrics.representative_share),
    shown(detail.speaker_roles!.metrics.customer_share),
  ]);
  await shoot(page, 'speaker-roles-chat');
});
