import type { Prompt } from '@parley/contracts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { expectNoViolations } from '../support/axe.ts';
import { answer, said, scriptLlm, uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// Three analyses, three reviews, a backtest in the background and a publish: longer than the default minute.
test.describe.configure({ timeout: 150_000 });
const scored = (needs: number, budget: boolean) =>
  answer({
    Summary: said('A short call.'),
    Title: said('Panels for a roof'),
    Greeting: said('ok'),
    Needs: said(needs),
    Discovery: { Budget: said(budget) },
  });

test('a draft with a knockout field is backtested on three reviewed conversations and published with the evidence', async ({
  page,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'backtests' });

  // Three chats the published version scores Needs 2 of 3 (the fake model's answer); the owner reviews them:
  // Needs 3, 2, 2.
  const markers = [0, 1, 2].map(() => uniqueMarker('backtests'));
  const taskIds: number[] = [];
  for (const marker of markers) {
    const chat = Buffer.from(`Agent: Good morning, Acme Solar. ${marker}\nClient: I would like panels.\n`);
    const uploaded = await uploadViaApi(
      page.request,
      project.id,
      { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: chat },
      prompt.id,
    );
    taskIds.push(uploaded.data.task_id!);
  }
  for (const [index, taskId] of taskIds.entries()) {
    await waitForStatus(page.request, project.id, taskId, 'completed');
    const reviewed = await page.request.put(`/api/projects/${project.id}/analyses/${taskId}/reviews/mine`, {
      data: { answers: index === 0 ? [{ path: 'Needs', value: 3 }] : [], submit: true },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
  }

  // The draft: Discovery > Budget knocks a conversation out on "no". The fake model, asked with the draft,
  // answers Needs 3 for the first chat (as its reviewer did) and 2 for the others.
  const current = await page.request.get(`/api/projects/${project.id}/prompts/${prompt.id}`);
  const saved = ((await current.json()) as { data: Prompt }).data;
  const content = saved.content.map((field) =>
    field.key === 'Discovery'
      ? { ...field, content: field.content!.map((inner) => ({ ...inner, knockout: [false] })) }
      : field,
  );
  const drafted = await page.request.put(`/api/projects/${project.id}/prompts/${prompt.id}/draft`, {
    data: { ...saved, content },
  });
  expect(drafted.status(), await drafted.text()).toBe(200);
  const draftId = ((await drafted.json()) as { data: { id: number } }).data.id;
  await scriptLlm(markers[0]!, scored(3, true));

  // --- The owner backtests the draft on the three reviewed conversations ---
  await page.goto(`/projects/${project.id}/prompts/edit?promptName=${encodeURIComponent(prompt.scriptName)}`);
  await page.getByRole('tab', { name: 'Versions' }).click();
  const rows = page
    .getByTestId('prompt-versions')
    .getByRole('list', { name: 'Versions' })
    .getByRole('listitem');
  await expect(rows.nth(0)).toContainText('Draft');
  await expect(page.getByTestId('draft-backtests')).toContainText('This draft has not been backtested yet.');
  await rows.nth(0).getByRole('button', { name: 'Backtest' }).click();
  const start = page.getByRole('dialog', { name: 'Backtest the draft' });
  await start.getByRole('spinbutton', { name: 'Last reviewed conversations' }).fill('3');
  await expect(start.getByTestId('backtest-price')).toContainText(/units? with/);
  await start.getByRole('button', { name: 'Start backtest' }).click();
  await expect(start).toBeHidden();

  // It runs in the background; then Needs agrees more with the reviewer (2 of 3 kept now, 3 of 3 with the
  // draft), the other fields as before, and the first chat is the one whose answer changed.
  const backtest = page.getByTestId('draft-backtests').getByTestId('backtest');
  await expect(backtest).toContainText('Completed', { timeout: 60_000 });
  const needs = backtest.getByTestId('backtest-row-Needs');
  await expect(needs).toContainText('66.7%');
  await expect(needs).toContainText('100%');
  await expect(needs).toContainText('+33.3 pts');
  await expect(backtest.getByTestId('backtest-row-Greeting')).toContainText('0 pts');
  const changes = backtest.getByRole('region', { name: 'Conversations whose answer changed' });
  await expect(changes.getByRole('listitem')).toHaveCount(1);
  await expect(changes.getByRole('link')).toHaveAttribute(
    'href',
    `/projects/${project.id}/analysis/${taskIds[0]}`,
  );
  await shoot(page, 'backtest');
  await expectNoViolations(page, 'a completed backtest on the Versions tab');

  // --- Publishing shows the backtest as the evidence ---
  await rows.nth(0).getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish draft version 2?' });
  const evidence = publish.getByTestId('publish-evidence');
  await expect(evidence).toContainText('Latest backtest: 3 conversations');
  await expect(evidence.getByTestId('backtest-row-Needs')).toContainText('100%');
  await shoot(page, 'backtest-publish');
  await expectNoViolations(page, 'the publish dialog with the evidence');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(publish).toBeHidden();
  await expect(page.getByTestId('prompt-draft-notice')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(rows.nth(0)).toContainText('Published');

  // The backtest stays with the version it tested: three conversations analysed, its price charged.
  const listed = await page.request.get(
    `/api/projects/${project.id}/prompts/${prompt.id}/versions/${draftId}/backtests`,
  );
  const [tested] = ((await listed.json()) as { data: Array<Record<string, unknown>> }).data;
  expect(tested).toMatchObject({ status: 'completed', total: 3, done: 3, failed: 0 });
  expect(tested!.units_milli).toBeGreaterThan(0);
});
