import { AnalysisPage } from '../pages/analyses.ts';
import { PromptEditor, PromptListPage } from '../pages/prompts.ts';
import { choose } from '../pages/shell.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { answer, said, scriptLlm, uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

test.describe('knockout answers', () => {
  test('a yes/no field marked to knock out on "no" fails a conversation the model answers "no" to', async ({
    page,
  }) => {
    const { project, prompt } = await projectWithScorecard(page, { label: 'knockouts' });
    const list = new PromptListPage(page);
    const editor = new PromptEditor(page);

    // The scorecard's Discovery > Budget (yes/no) knocks the conversation out when the answer is no.
    await list.open(project.id);
    await list.act('Edit', prompt.scriptName);
    await editor.showTab('Structure');
    const budget = editor.field('4.0');
    await expect(editor.keyOf('4.0')).toHaveValue('Budget');
    const knockout = budget.getByRole('group', { name: 'Knockout answers' });
    await knockout.getByRole('checkbox', { name: 'No' }).check();
    await expect(knockout.getByRole('checkbox', { name: 'Yes' })).not.toBeChecked();
    await editor.saveAndReturnToList(project.id);

    // The fake model answers: greeted, needs 2 of 3, budget not discussed (3 of 5 points, 60 % without it).
    const marker = uniqueMarker('knockouts');
    await scriptLlm(
      marker,
      answer({
        Summary: said('A short call.'),
        Title: said('No budget talk'),
        Greeting: said('ok'),
        Needs: said(2),
        Discovery: { Budget: said(false) },
      }),
    );
    const text = Buffer.from(`Agent: Good morning, Acme Solar. ${marker}\nClient: I would like panels.\n`);
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
    const alert = page.getByTestId('knockout-alert');
    await expect(alert).toContainText('Knocked out by: Discovery - Budget = No');
    await expect(analysis.finalScore).toHaveText('0 %');
    await shoot(page, 'knockout-analysis');

    // Analytics by scorecard version: the knockout counts under the version the analysis ran with (2: the
    // knockout was saved as a change), and nothing under version 1.
    await page.goto(
      `/projects/${project.id}/analytics?prompt_id=${prompt.id}&field=Discovery.Budget&group_by=representative&range=all`,
    );
    const version = page.getByRole('combobox', { name: 'Version' });
    await choose(page, version, 'Version 2');
    await expect(page).toHaveURL(/prompt_version=2/);
    const ann = page.getByRole('row', { name: /Ann/ });
    await expect(ann.getByRole('cell').last()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Knockouts' })).toBeVisible();
    await shoot(page, 'analytics-version-filter');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await choose(page, version, 'Version 1');
    await expect(page).toHaveURL(/prompt_version=1/);
    await expect(page.getByRole('row', { name: /Ann/ })).toHaveCount(0);
  });
});
