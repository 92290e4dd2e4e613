import type { Page } from '@playwright/test';
import { AnalysisPage } from '../pages/analyses.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

test.describe.configure({ timeout: 120_000 });

const CANCELLING = 'I will cancel my contract at the end of the month.';
const BUYING = 'I would like panels for my roof.';

/**
 * Two analysed chats, one whose customer says they will cancel: the fake model says the statement when a line
 * has "cancel", in the scorecard's call and in a run's question alike.
 */
async function analysedChats(page: Page, project: { id: number }, prompt: { id: number }) {
  const chat = async (customerSays: string) => {
    const marker = uniqueMarker('smart');
    const text = Buffer.from(`Agent: Good morning, Acme Solar. ${marker}\nClient: ${customerSays}\n`);
    const uploaded = await uploadViaApi(
      page.request,
      project.id,
      { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: text },
      prompt.id,
      { Department: 'Sales', Representative: 'Ann Agent' },
    );
    return uploaded.data.task_id!;
  };
  const cancelling = await chat(CANCELLING);
  const buying = await chat(BUYING);
  for (const taskId of [cancelling, buying])
    await waitForStatus(page.request, project.id, taskId, 'completed');
  return { cancelling, buying };
}

/** Project Settings → Trackers → Add tracker: the smart tracker "Cancellation". */
async function addSmartTracker(page: Page, projectId: number) {
  await page.goto(`/projects/${projectId}/settings/trackers`);
  await page.getByRole('button', { name: 'Add tracker' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add tracker' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Cancellation');
  await dialog.getByRole('radio', { name: 'Smart' }).check();
  await dialog.getByRole('textbox', { name: 'Statement' }).fill('The customer says they will cancel');
  await shoot(page, 'smart-tracker-dialog');
  await dialog.getByRole('button', { name: 'Add tracker' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('tracker-statement')).toHaveText('“The customer says they will cancel”');
}

/** The analysis that said it shows the quote in its Trackers card; the other says none was found. */
async function expectFoundIn(page: Page, projectId: number, found: { cancelling: number; buying: number }) {
  const analysis = new AnalysisPage(page);
  await analysis.open(projectId, found.cancelling);
  const hit = page.locator('[data-testid^="tracker-hit-"]');
  await expect(hit).toContainText('Cancellation');
  await expect(hit).toContainText(CANCELLING);
  await expect(analysis.transcript.getByTestId('transcript-tracker')).toHaveAccessibleName(
    'Tracker found here: Cancellation',
  );
  await analysis.open(projectId, found.buying);
  await expect(page.getByTestId('trackers-card')).toContainText(
    "None of the project's trackers was found in this conversation.",
  );
}

test('an owner adds a smart tracker: a new analysis in which it was said shows the quote, one without does not', async ({
  page,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'smart-trackers' });
  await addSmartTracker(page, project.id);
  // Answered with new analyses, in the scorecard's call.
  const found = await analysedChats(page, project, prompt);
  await new AnalysisPage(page).open(project.id, found.cancelling);
  await expect(page.locator('[data-testid^="tracker-hit-"]')).toBeVisible();
  await shoot(page, 'smart-tracker-analysis');
  await expectFoundIn(page, project.id, found);
});

test('an owner applies a smart tracker to past analyses: priced, confirmed, run to its end, and found', async ({
  page,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'smart-apply' });
  // Analysed before the tracker exists: only a priced run answers it for them.
  const found = await analysedChats(page, project, prompt);
  await addSmartTracker(page, project.id);
  await expect(page.getByText('use Apply to past analyses')).toBeVisible();
  const hits = (count: number) =>
    page.getByRole('link', {
      name: `${count} ${count === 1 ? 'analysis' : 'analyses'} hit Cancellation: open them`,
    });
  await expect(hits(0)).toBeVisible();

  await page.getByRole('button', { name: 'Apply to past analyses' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply “Cancellation” to past analyses' });
  await expect(apply.getByTestId('tracker-apply-price')).toContainText(
    'Past analyses in this range: 2. Price:',
  );
  await shoot(page, 'smart-tracker-apply');
  await apply.getByRole('button', { name: 'Apply and pay' }).click();
  await expect(apply).toBeHidden();

  // The run asks the model about each past analysis in the background; the list follows it to the end.
  await expect(hits(1)).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-testid$="-applying"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Apply to past analyses' })).toBeEnabled();
  await expectFoundIn(page, project.id, found);
});
