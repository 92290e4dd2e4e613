import { AnalysisPage } from '../pages/analyses.ts';
import { PromptEditor } from '../pages/prompts.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

const chat = (marker: string) => ({
  path: '',
  fileName: 'chat.txt',
  contentType: 'text/plain',
  bytes: Buffer.from(`Agent: Good morning, Acme Solar. ${marker}\nClient: Hi, how much are your panels?\n`),
});

test('a draft waits beside the published scorecard, is published, and an old version is restored', async ({
  page,
}) => {
  // Two analyses, three saves and a restore: past the default minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  const { project, prompt } = await projectWithScorecard(page, { label: 'prompt-versions' });
  const editor = new PromptEditor(page);
  const versions = page.getByTestId('prompt-versions');
  const rows = versions.getByRole('list', { name: 'Versions' }).getByRole('listitem');

  // Edit the greeting's explanation and keep it as a draft.
  await page.goto(`/projects/${project.id}/prompts/edit?promptName=${encodeURIComponent(prompt.scriptName)}`);
  const greeting = editor.field('2').getByRole('textbox', { name: 'Explanation for the AI' }).first();
  await greeting.fill('Did the agent greet the customer by name?');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByTestId('prompt-draft-saved')).toBeVisible();
  await expect(page.getByTestId('prompt-draft-notice')).toContainText(
    'You are editing draft version 2. New analyses use version 1',
  );

  // The versions list shows the draft and what it changed.
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Version 2');
  await expect(rows.nth(0)).toContainText('Draft');
  await expect(rows.nth(1)).toContainText('Published');
  const diff = versions.getByRole('region', { name: 'Changes from version 1 to version 2' });
  await expect(diff.getByRole('listitem', { name: 'Greeting: Changed' })).toContainText(
    'Did the agent greet the customer by name?',
  );
  await shoot(page, 'prompt-versions');

  // An analysis started now runs with the published version 1.
  const marker = uniqueMarker('versions');
  const first = await uploadViaApi(page.request, project.id, chat(marker), prompt.id);
  await waitForStatus(page.request, project.id, first.data.task_id!, 'completed');
  const analysis = new AnalysisPage(page);
  await analysis.open(project.id, first.data.task_id!);
  await expect(analysis.details.getByTestId('prompt-version')).toContainText('Scorecard version 1');

  // Publish the draft: the next analysis runs with version 2.
  await page.goto(`/projects/${project.id}/prompts/edit?promptName=${encodeURIComponent(prompt.scriptName)}`);
  await page.getByRole('tab', { name: 'Versions' }).click();
  await rows.nth(0).getByRole('button', { name: 'Publish' }).click();
  // The confirmation shows the evidence: this draft was not backtested.
  const confirm = page.getByRole('dialog', { name: 'Publish draft version 2?' });
  await expect(confirm.getByTestId('publish-not-backtested')).toContainText('Not backtested.');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('prompt-draft-notice')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(rows.nth(0)).toContainText('Published');
  await expect(rows.nth(1)).toContainText('Superseded');
  const second = await uploadViaApi(page.request, project.id, chat(uniqueMarker('versions')), prompt.id);
  await waitForStatus(page.request, project.id, second.data.task_id!, 'completed');
  await analysis.open(project.id, second.data.task_id!);
  await expect(analysis.details.getByTestId('prompt-version')).toContainText('Scorecard version 2');

  // Restore version 1 as a new draft: the form opens on it.
  await page.goto(`/projects/${project.id}/prompts/edit?promptName=${encodeURIComponent(prompt.scriptName)}`);
  await page.getByRole('tab', { name: 'Versions' }).click();
  await rows.nth(1).getByRole('button', { name: 'Restore as draft' }).click();
  await expect(page.getByTestId('prompt-draft-notice')).toContainText('You are editing draft version 3');
  await expect(greeting).toHaveValue('Did the agent greet the customer?');
});
