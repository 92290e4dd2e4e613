import { choose, openList } from '../pages/shell.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { freshPage, signInViaApi } from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// Two people, two analyses and several pages: on a busy machine that takes longer than the default minute.
test.describe.configure({ timeout: 150_000 });

const REPRESENTATIVE = 'Ann Agent';

test('a sampling rule assigns a reviewer, who reviews from their queue; the owner sees the progress', async ({
  page,
  browser,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'queue owner' });
  const reviewer = await addMemberViaApi(page.request, project.id, 'user', 'queue reviewer');
  const made = await page.request.put(`/api/projects/${project.id}/members/${reviewer.account.id}/reviewer`, {
    data: { reviewer: true },
  });
  expect(made.status()).toBe(200);
  // Members see every analysis (not only their own representative's), so the reviewer sees Ann's.
  const opened = await page.request.put(`/api/projects/${project.id}`, { data: { agents_see_own: false } });
  expect(opened.status()).toBe(200);

  // Two chats of Ann's this week: a rule of one per representative picks one of them.
  const taskIds: number[] = [];
  for (const line of ['I would like panels for my roof.', 'What does a battery cost?']) {
    const chat = Buffer.from(
      `Agent: Good morning, Acme Solar, how can I help? ${uniqueMarker('queue')}\nClient: ${line}\n`,
    );
    const uploaded = await uploadViaApi(
      page.request,
      project.id,
      { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: chat },
      prompt.id,
      { Department: 'Sales', Representative: REPRESENTATIVE },
    );
    taskIds.push(uploaded.data.task_id!);
  }
  for (const taskId of taskIds) await waitForStatus(page.request, project.id, taskId, 'completed');

  // --- The owner adds the rule; saving it assigns this week at once ---
  await page.goto(`/projects/${project.id}/reviews?tab=rules`);
  await expect(page.getByTestId('rules-empty')).toBeVisible();
  await page.getByTestId('rule-add').click();
  const dialog = page.getByRole('dialog', { name: 'Add sampling rule' });
  await dialog.getByTestId('rule-name').fill('One of each rep');
  await dialog.getByTestId('rule-per-representative').fill('1');
  await openList(page, dialog.getByTestId('rule-reviewers'));
  await page.getByRole('option', { name: new RegExp(reviewer.user.email) }).click();
  await page.keyboard.press('Escape');
  await shoot(page, 'review-queue-rule-dialog');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const ruleRow = page.getByTestId(/^rule-row-\d+$/);
  await expect(ruleRow).toContainText('One of each rep');
  await expect(ruleRow).toContainText('1 per representative at random');
  // Assigned this week: 1.
  await expect(ruleRow.getByRole('cell').nth(3)).toHaveText('1');
  // A rerun picks the same analysis and assigns nothing new.
  await ruleRow.getByTestId(/^rule-run-\d+$/).click();
  await expect(page.getByTestId('toast')).toContainText('Picked 1, assigned 0.');
  await shoot(page, 'review-queue-rules');

  const asReviewer = await freshPage(browser);
  try {
    // --- The reviewer's queue: 0 of 1, one open assignment; they review it from there ---
    const reviewerPage = asReviewer.page;
    await signInViaApi(reviewerPage.request, reviewer.user);
    await reviewerPage.goto(`/projects/${project.id}/dashboard`);
    await reviewerPage.getByTestId('nav-reviewQueue').click();
    await expect(reviewerPage).toHaveURL(new RegExp(`/projects/${project.id}/reviews$`));
    await expect(reviewerPage.getByTestId('queue-progress-text')).toHaveText('0 of 1 done this week');
    // Only admins and owners manage rules and see everyone's assignments.
    await expect(reviewerPage.getByTestId('reviews-tab-rules')).toBeHidden();
    const row = reviewerPage.getByTestId(/^assignment-row-\d+$/);
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-status', 'open');
    await expect(row).toContainText(REPRESENTATIVE);
    await shoot(reviewerPage, 'review-queue-mine');
    await row.getByTestId(/^assignment-review-\d+$/).click();
    await expect(reviewerPage).toHaveURL(/\/analysis\/\d+\/review$/);
    const needs = reviewerPage.getByTestId('review-field-Needs');
    await choose(reviewerPage, needs.getByRole('combobox', { name: 'Your answer' }), /^3 – /);
    await reviewerPage.getByRole('button', { name: 'Submit review' }).click();
    await reviewerPage
      .getByRole('dialog', { name: 'Submit the review?' })
      .getByRole('button', { name: 'Submit review' })
      .click();
    await expect(reviewerPage).toHaveURL(/\/analysis\/\d+$/);

    await reviewerPage.goto(`/projects/${project.id}/reviews`);
    await expect(reviewerPage.getByTestId('queue-progress-text')).toHaveText('1 of 1 done this week');
    await expect(reviewerPage.getByTestId(/^assignment-row-\d+$/)).toHaveAttribute('data-status', 'done');
  } finally {
    await asReviewer.context.close();
  }

  // --- The owner's overview: the reviewer has done 1 of 1 ---
  await page.goto(`/projects/${project.id}/reviews?tab=assignments`);
  await expect(page.getByTestId(`reviewer-progress-${reviewer.account.id}-text`)).toHaveText(
    '1 of 1 done this week',
  );
  await expect(page.getByTestId(/^assignment-row-\d+$/)).toHaveAttribute('data-status', 'done');
  await shoot(page, 'review-queue-assignments');
});
