import { AnalysisPage } from '../pages/analyses.ts';
import { choose } from '../pages/shell.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { answer, said, scriptLlm, uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

test('the model says it is unsure of a field: the analysis shows it, and an unsure rule picks it for review', async ({
  page,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'unsure' });

  // The fake model answers every field, and says the conversation did not let it judge the budget.
  const marker = uniqueMarker('unsure');
  await scriptLlm(
    marker,
    answer({
      Summary: said('A short call.'),
      Title: said('Budget unclear'),
      Greeting: said('ok'),
      Needs: said(2),
      Discovery: { Budget: { ...said(true), unsure: true } },
    }),
  );
  const text = Buffer.from(
    `Agent: Good morning, Acme Solar. ${marker}\nClient: Maybe we could spend a bit.\n`,
  );
  const uploaded = await uploadViaApi(
    page.request,
    project.id,
    { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: text },
    prompt.id,
    { Department: 'Sales', Representative: 'Ann' },
  );
  const taskId = uploaded.data.task_id!;
  await waitForStatus(page.request, project.id, taskId, 'completed');

  const analysis = new AnalysisPage(page);
  await analysis.open(project.id, taskId);
  await expect(page.getByTestId('unsure-Discovery.Budget')).toHaveText('Model unsure');
  await expect(page.getByTestId('unsure-Greeting')).toHaveCount(0);
  await shoot(page, 'unsure-analysis');

  // The owner adds a rule for analyses the AI was unsure of the budget in; saving it assigns this week's.
  await page.goto(`/projects/${project.id}/reviews?tab=rules`);
  await page.getByTestId('rule-add').click();
  const dialog = page.getByRole('dialog', { name: 'Add sampling rule' });
  await dialog.getByTestId('rule-name').fill('Unsure of the budget');
  await dialog.getByTestId('rule-kind').click();
  await page.getByTestId('rule-kind-unsure').click();
  await choose(page, dialog.getByTestId('rule-prompt'), prompt.scriptName);
  await choose(page, dialog.getByTestId('rule-field'), 'Discovery - Budget');
  await shoot(page, 'unsure-rule-dialog');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const ruleRow = page.getByTestId(/^rule-row-\d+$/);
  await expect(ruleRow).toContainText('AI unsure of Discovery - Budget');

  // The owner may review, so the analysis is in the owner's queue this week.
  await page.goto(`/projects/${project.id}/reviews`);
  await expect(page.getByTestId('queue-progress-text')).toHaveText('0 of 1 done this week');
});
