import { AnalysisPage } from '../pages/analyses.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ mode: 'parallel' });

/** A WhatsApp export (Android, US dates): the app's notice, a message over two lines, a Cyrillic name. */
const whatsApp = (marker: string) =>
  [
    '12/31/23, 9:41 PM - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.',
    `12/31/23, 9:41 PM - Sarah Agent: Good evening, Acme Solar. How can I help? ${marker}`,
    '12/31/23, 9:43 PM - Олена Коваль: My panels stopped working after the storm.',
    'The inverter shows a red light.',
    '12/31/23, 9:50 PM - Sarah Agent: Could you send a photo of the inverter?',
    '12/31/23, 9:51 PM - Олена Коваль: <Media omitted>',
  ].join('\n');

test('a chat upload shows its turns by speaker and the chat metrics', async ({ page }) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'chat-upload' });
  const marker = uniqueMarker('chat');
  const chat = {
    path: '',
    fileName: 'WhatsApp Chat.txt',
    contentType: 'text/plain',
    bytes: Buffer.from(whatsApp(marker)),
  };
  const uploaded = await uploadViaApi(page.request, project.id, chat, prompt.id, {
    Department: 'Sales',
    Representative: 'Sarah Agent',
  });
  const taskId = uploaded.data.task_id!;
  await waitForStatus(page.request, project.id, taskId, 'completed');

  const analysis = new AnalysisPage(page);
  await analysis.open(project.id, taskId);
  await expect(analysis.transcriptLine(0)).toContainText('Sarah Agent');
  await expect(analysis.transcriptLine(0)).toContainText(`How can I help? ${marker}`);
  await expect(analysis.transcriptLine(1)).toContainText('2:00');
  // The other author is the customer (the Representative names Sarah Agent); the roles list her name.
  await expect(analysis.transcriptLine(1)).toContainText('Customer');
  await expect(analysis.speakerRoles).toContainText('Олена Коваль');
  await expect(analysis.transcriptLine(1)).toContainText('after the storm. The inverter shows a red light.');
  await expect(analysis.transcriptLine(3)).toContainText('<Media omitted>');
  // The app's notice is no turn; a chat has nothing to play.
  await expect(page.getByTestId('transcript').getByRole('listitem')).toHaveCount(4);
  await expect(analysis.transcript.getByText(/end-to-end encrypted/)).toHaveCount(0);
  await expect(page.getByTestId('player')).toHaveCount(0);

  await expect(analysis.metrics.getByRole('heading', { name: 'Share of words' })).toBeVisible();
  await expect(analysis.metrics.getByTestId('metric-messages')).toContainText('4');
  await expect(analysis.metrics.getByTestId('metric-longest-message')).toContainText('Customer, at 2:00');
  // Responses after 2:00, 7:00 and 1:00: the median is 2:00.
  await expect(analysis.metrics.getByTestId('metric-response-time')).toContainText('2:00');
  const sarah = analysis.metrics.getByTestId('speaker-Sarah Agent');
  await expect(sarah.getByRole('cell')).toHaveText(['Sarah Agent', '2', /%$/, /\d+/, '2', '7:00']);
  await expect(analysis.metrics.getByText('Talk ratio')).toHaveCount(0);
  await expect(analysis.metrics.getByText('Interruptions')).toHaveCount(0);
  await shoot(page, 'chat-analysis');
});
