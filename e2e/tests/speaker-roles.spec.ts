import type { AnalysisDetail } from '@parley/contracts';
import { AnalysesListPage, AnalysisPage, statusOf } from '../pages/analyses.ts';
import { PromptEditor } from '../pages/prompts.ts';
import { SettingsPage } from '../pages/settings.ts';
import { choose } from '../pages/shell.ts';
import { taskIdIn, UploadPage } from '../pages/upload.ts';
import {
  AGENT_LINE,
  analysisViaApi,
  CUSTOMER_LINE,
  fundProject,
  monoCall,
  projectWithScorecard,
  removeSpeechFixtures,
  SCORECARD,
  stereoCall,
  uploadViaApi,
  waitForStatus,
} from '../support/analyses.ts';
import { llmRequests, uniqueMarker } from '../support/fake-llm.ts';
import { createProjectViaApi, createPromptViaApi, escapeRegExp, uniqueName } from '../support/flows.ts';
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

test('a mono call translated to English keeps its speakers on a diarizing model; Whisper says it cannot', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { project: whisperProject } = await projectWithScorecard(page, { label: 'speaker roles translated' });
  const project = await createProjectViaApi(page.request, {
    name: uniqueName('Diarized calls'),
    timezone: 'UTC',
  });
  await fundProject(project.id);
  // The prompt's default task: translate to English. The marker finds the translation call at the fake LLM.
  const marker = uniqueMarker('translate');
  const translatedPrompt = (projectId: number) =>
    createPromptViaApi(page.request, projectId, {
      scriptName: 'Translated scorecard',
      basicInstruction: 'Judge how well the agent handled the call.',
      transcribeInstructions: `Acme Solar ${marker}`,
      content: SCORECARD,
      finalScore: 'percent',
      transcriptionTask: 'translate',
      metadataFields: ['Department', 'Representative'],
    });
  const editor = new PromptEditor(page);
  const analysis = new AnalysisPage(page);
  // The first page of a fresh browser loads the whole app: on a busy machine that can take long.
  const openBasicSettings = async (projectId: number) => {
    await page.goto(`/projects/${projectId}/prompts/new`);
    await expect(editor.heading('New Prompt')).toBeVisible({ timeout: 30_000 });
    await editor.showTab('Basic Settings');
  };

  // The server's default, Whisper, cannot tell the speakers of a mono call apart: the form and the
  // analysis say so.
  await openBasicSettings(whisperProject.id);
  await expect(page.getByTestId('prompt-no-speakers')).toContainText(
    'Whisper, the transcription model of this project, does not tell speakers apart',
  );
  const whisperPrompt = await translatedPrompt(whisperProject.id);
  const whisper = await uploadViaApi(page.request, whisperProject.id, await monoCall(), whisperPrompt.id);
  await completedAnalysis(page, whisperProject.id, whisper.data.task_id!);
  await expect(analysis.status).toHaveText('Completed', { timeout: 30_000 });
  await expect(page.getByTestId('transcript-no-speakers')).toContainText(
    'Speakers are not told apart in this transcript',
  );
  await expect(analysis.transcript).toContainText(AGENT_LINE);

  // With the diarizing model the call is transcribed by speaker, then translated by the prompt's model.
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
  await openBasicSettings(project.id);
  await expect(page.getByTestId('prompt-translated-by-speaker')).toContainText(
    "Mono recordings are transcribed by speaker, then translated into English by this prompt's model",
  );
  await expect(page.getByTestId('prompt-no-speakers')).toHaveCount(0);

  const prompt = await translatedPrompt(project.id);
  const upload = await uploadViaApi(page.request, project.id, await monoCall(), prompt.id, {
    Department: 'Inbound Sales',
    Representative: 'Dana Rep',
  });
  const detail = await completedAnalysis(page, project.id, upload.data.task_id!);
  await expect(analysis.status).toHaveText('Completed', { timeout: 30_000 });
  await expect(analysis.transcript.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('transcript-no-speakers')).toHaveCount(0);
  await expect(analysis.transcriptLine(0)).toContainText('Dana Rep');
  await expect(analysis.transcriptLine(0)).toContainText(AGENT_LINE);
  await expect(analysis.transcriptLine(1)).toContainText('Customer');
  await expect(analysis.transcriptLine(1)).toContainText(CUSTOMER_LINE);
  expect(detail.speaker_roles).toMatchObject({
    roles: { 'Speaker A': 'representative', 'Speaker B': 'customer' },
    source: 'model',
  });
  await expect(analysis.roleMetric('talkShare')).toHaveText([
    /./,
    shown(detail.speaker_roles!.metrics.representative_share),
    shown(detail.speaker_roles!.metrics.customer_share),
  ]);
  // One translation call over the numbered segments, with the speakers (Whisper translated the first).
  const translations = await llmRequests(marker);
  expect(translations).toHaveLength(1);
  expect(JSON.stringify(translations[0]!.body)).toContain(`2. [Speaker B] ${CUSTOMER_LINE}`);
  await shoot(page, 'speaker-roles-translated');
});
