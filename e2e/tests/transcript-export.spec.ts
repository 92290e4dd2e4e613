import { AnalysisPage } from '../pages/analyses.ts';
import { downloadedText } from '../pages/bulk-upload.ts';
import {
  AGENT_LINE,
  projectWithScorecard,
  removeSpeechFixtures,
  stereoCall,
  uploadViaApi,
  waitForStatus,
} from '../support/analyses.ts';
import { expect, test } from '../support/test.ts';

test.afterAll(removeSpeechFixtures);

test('the transcript of an analysed call downloads as WebVTT subtitles with its speakers', async ({
  page,
}) => {
  const analysis = new AnalysisPage(page);
  const { project, prompt } = await projectWithScorecard(page, { label: 'transcript-export' });
  const upload = await uploadViaApi(page.request, project.id, await stereoCall(), prompt.id);
  const taskId = upload.data.task_id!;
  await waitForStatus(page.request, project.id, taskId, 'completed');

  await analysis.open(project.id, taskId);
  await expect(analysis.transcript).toContainText(AGENT_LINE);
  const card = page.getByTestId('transcript-section');
  await card.getByRole('button', { name: 'Export' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Text (.txt)',
    'Subtitles (.srt)',
    'WebVTT subtitles (.vtt)',
  ]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name: 'WebVTT subtitles (.vtt)' }).click(),
  ]);

  expect(download.suggestedFilename()).toMatch(/^[^\\/:*?"<>|\s]+\.vtt$/);
  const vtt = await downloadedText(download);
  expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
  // The speakers as the transcript names them: the representative (the upload's Representative) and the customer.
  expect(vtt).toMatch(/\n00:00:00\.\d{3} --> 00:00:0\d\.\d{3}\n<v Ann Agent>/);
  expect(vtt).toContain(AGENT_LINE.split(' ')[0]);
  expect(vtt).toContain('<v Customer>');
});
