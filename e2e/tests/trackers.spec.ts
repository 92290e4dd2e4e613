import { AnalysesListPage, AnalysisPage } from '../pages/analyses.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { expectNoViolations } from '../support/axe.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// Applying to past analyses runs in the background on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('an owner adds a keyword tracker: the past call that said it is found, filtered, marked and counted', async ({
  page,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'trackers' });
  const chat = async (representative: string, customerSays: string) => {
    const marker = uniqueMarker('trackers');
    const text = Buffer.from(`Agent: Good morning, Acme Solar. ${marker}\nClient: ${customerSays}\n`);
    const uploaded = await uploadViaApi(
      page.request,
      project.id,
      { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: text },
      prompt.id,
      { Department: 'Sales', Representative: representative },
    );
    return uploaded.data.task_id!;
  };
  const cancelling = await chat('Ann Agent', 'I cancelled my order last week and want my money back.');
  const buying = await chat('Bob Agent', 'I would like panels for my roof.');
  for (const taskId of [cancelling, buying])
    await waitForStatus(page.request, project.id, taskId, 'completed');

  // Project Settings → Trackers: none yet; add one in English ("cancel" finds "cancelled").
  await page.goto(`/projects/${project.id}/settings/trackers`);
  await expect(page.getByText('No trackers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add tracker' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add tracker' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Cancellation');
  await expect(dialog.getByText('Words also match their other forms')).toBeVisible();
  const phrases = dialog.getByRole('combobox', { name: 'Words and phrases' });
  await phrases.fill('cancel');
  await phrases.press('Enter');
  await expect(dialog.getByRole('button', { name: 'cancel', exact: true })).toBeVisible();
  await shoot(page, 'trackers-dialog');
  await dialog.getByRole('button', { name: 'Add tracker' }).click();
  await expect(dialog).toBeHidden();

  // Applied to the past analyses in the background: one of the two hit it.
  const hitsLink = page.getByRole('link', { name: '1 analysis hit Cancellation: open them' });
  await expect(hitsLink).toBeVisible();
  await shoot(page, 'trackers-tab');
  await expectNoViolations(page, 'Project Settings → Trackers');

  // The link opens the analyses list filtered by the tracker.
  await hitsLink.click();
  const list = new AnalysesListPage(page);
  await expect(page).toHaveURL(/tracker_id=\d+/);
  await expect(list.row(cancelling)).toBeVisible();
  await expect(list.row(buying)).toHaveCount(0);

  // The analysis shows where it was said, in the Trackers card and on the transcript.
  const analysis = new AnalysisPage(page);
  await analysis.open(project.id, cancelling);
  const hit = page.locator('[data-testid^="tracker-hit-"]');
  await expect(hit).toContainText('Cancellation');
  await expect(hit).toContainText('I cancelled my order last week');
  await expect(analysis.transcript.getByTestId('transcript-tracker')).toHaveAccessibleName(
    'Tracker found here: Cancellation',
  );
  await shoot(page, 'trackers-analysis');

  // Analytics: the hit rate per representative.
  await page.goto(`/projects/${project.id}/analytics`);
  const rates = page.getByTestId('tracker-rates');
  await expect(rates.getByRole('row', { name: /Ann Agent/ })).toContainText('100');
  await expect(rates.getByRole('row', { name: /Bob Agent/ })).toContainText('0');
  await rates.scrollIntoViewIfNeeded();
  await shoot(page, 'trackers-analytics');
});
