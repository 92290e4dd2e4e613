import { TopicsPage } from '../pages/topics.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { answer, said, scriptLlm, uniqueMarker } from '../support/fake-llm.ts';
import { expect, test } from '../support/test.ts';

test.use({ timezoneId: 'UTC' });

/** The scorecard's answer with this summary (the fake model answers each chat by its marker). */
const analysedWith = (summary: string) => ({
  Summary: said(summary),
  Title: said('A call'),
  Greeting: said('ok'),
  Needs: said(2),
  Discovery: { Budget: said(true) },
  'Final Score': said(0),
});

const SUMMARIES = [
  ...Array(3).fill('The customer was charged twice on the invoice and wants a refund.'),
  ...Array(3).fill('The parcel is late and the courier never delivered it.'),
];

test('a manager runs topics now and creates a tracker from a topic', async ({ page }) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'topics' });
  const taskIds: number[] = [];
  for (const summary of SUMMARIES) {
    const marker = uniqueMarker('topics');
    await scriptLlm(marker, answer(analysedWith(summary)));
    const text = Buffer.from(`Agent: Hello, Acme. ${marker}\nClient: ${summary}\n`);
    const recording = { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: text };
    taskIds.push(
      (
        await uploadViaApi(page.request, project.id, recording, prompt.id, {
          Department: 'Support',
          Representative: 'Ann Agent',
        })
      ).data.task_id!,
    );
  }
  for (const taskId of taskIds) await waitForStatus(page.request, project.id, taskId, 'completed');

  const topics = new TopicsPage(page);
  await topics.open(project.id);
  await expect(topics.heading('Topics')).toBeVisible();
  await expect(page.getByText('No topics yet')).toBeVisible();

  await topics.runNow.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('groups the 6 analysed conversations');
  await expect(dialog).toContainText('units');
  await dialog.getByRole('button', { name: 'Start' }).click();

  await expect(topics.rows).toHaveCount(2, { timeout: 30_000 });
  await expect(topics.rows.first()).toContainText('3 (before: 0)');
  await expect(topics.rows.first()).toContainText('New');
  const billing = topics.rows.filter({ hasText: 'charg' });
  await expect(billing.getByRole('link')).toHaveCount(4); // three examples and Create tracker
  await billing.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/analysis\/\d+$/);
  await page.goBack();
  await topics.rows.filter({ hasText: 'charg' }).getByRole('link', { name: 'Create tracker' }).click();
  await expect(page).toHaveURL(/\/settings\/trackers\?new=1&name=Topic\+.*&phrase=/);
});
