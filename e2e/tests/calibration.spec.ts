import type { Page } from '@playwright/test';
import { choose, openList } from '../pages/shell.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { expectNoViolations } from '../support/axe.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { freshPage, signInViaApi } from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// Three people and several pages: on a busy machine that takes longer than the default minute.
test.describe.configure({ timeout: 180_000 });

/** The reviewer submits their review from the review form, Needs answered with the given mark (else the AI's). */
async function submitReview(page: Page, needs?: string) {
  if (needs) {
    const answer = page.getByTestId('review-field-Needs').getByRole('combobox', { name: 'Your answer' });
    await choose(page, answer, new RegExp(`^${needs} – `));
  }
  await page.getByRole('button', { name: 'Submit review' }).click();
  await page
    .getByRole('dialog', { name: 'Submit the review?' })
    .getByRole('button', { name: 'Submit review' })
    .click();
  await expect(page).toHaveURL(/\/analysis\/\d+$/);
}

test('an owner starts a calibration session; two reviewers review blind, then see their answers side by side', async ({
  page,
  browser,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'calibration owner' });
  const first = await addMemberViaApi(page.request, project.id, 'user', 'calibration first');
  const second = await addMemberViaApi(page.request, project.id, 'user', 'calibration second');
  for (const reviewer of [first, second]) {
    const made = await page.request.put(
      `/api/projects/${project.id}/members/${reviewer.account.id}/reviewer`,
      { data: { reviewer: true } },
    );
    expect(made.status()).toBe(200);
  }
  // Members see every analysis (not only their own representative's).
  const opened = await page.request.put(`/api/projects/${project.id}`, { data: { agents_see_own: false } });
  expect(opened.status()).toBe(200);
  // The fake model scores the chat Greeting ok, Needs 2 of 3, Budget yes.
  const chat = Buffer.from(
    `Agent: Good morning, Acme Solar, how can I help? ${uniqueMarker('calibration')}\nClient: I would like panels for my roof.\n`,
  );
  const uploaded = await uploadViaApi(
    page.request,
    project.id,
    { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: chat },
    prompt.id,
    { Department: 'Sales', Representative: 'Ann Agent' },
  );
  const taskId = uploaded.data.task_id!;
  await waitForStatus(page.request, project.id, taskId, 'completed');

  // --- The owner starts the session from the analysis page ---
  await page.goto(`/projects/${project.id}/analysis/${taskId}`);
  await page.getByTestId('reviews-card').getByTestId('calibration-start').click();
  const dialog = page.getByRole('dialog', { name: 'Start a calibration session' });
  await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('Roof calls');
  await openList(page, dialog.getByRole('combobox', { name: /Reviewers/ }));
  await page.getByRole('option', { name: new RegExp(first.user.email) }).click();
  await page.getByRole('option', { name: new RegExp(second.user.email) }).click();
  await page.keyboard.press('Escape');
  await shoot(page, 'calibration-start');
  await dialog.getByRole('button', { name: 'Start session' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/reviews/calibrations/\\d+$`));
  const sessionUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roof calls');
  await expect(page.getByTestId(`participant-${first.account.id}`)).toContainText('Waiting for the review');
  await expect(page.getByTestId(`participant-${second.account.id}`)).toContainText('Waiting for the review');

  const asFirst = await freshPage(browser);
  const asSecond = await freshPage(browser);
  try {
    // --- The first reviewer reviews on their own and changes Needs 2 → 3 ---
    const firstPage = asFirst.page;
    await signInViaApi(firstPage.request, first.user);
    await firstPage.goto(`/projects/${project.id}/analysis/${taskId}/review`);
    await expect(firstPage.getByTestId('review-calibration')).toContainText(
      'Calibration session "Roof calls": review on your own',
    );
    await shoot(firstPage, 'calibration-review-blind');
    await submitReview(firstPage, '3');
    // Submitted, they see the answers so far; the session waits for the second reviewer.
    await firstPage.goto(sessionUrl);
    await expect(firstPage.getByTestId(`participant-${first.account.id}`)).toContainText('Submitted on');
    await expect(firstPage.getByTestId('calibration-field-Needs')).toBeVisible();

    // --- The second reviewer does not see the first one's review, then accepts the AI's answers ---
    const secondPage = asSecond.page;
    await signInViaApi(secondPage.request, second.user);
    await secondPage.goto(`/projects/${project.id}/analysis/${taskId}`);
    const card = secondPage.getByTestId('reviews-card');
    await expect(card.getByTestId('review-button')).toBeVisible();
    await expect(card).not.toContainText('AI 2 → 3');
    await expect(card.getByTestId('human-score')).toBeHidden();
    await secondPage.goto(sessionUrl);
    await expect(secondPage.getByTestId('calibration-hidden')).toContainText(
      'The answers show once you have submitted your review.',
    );
    await expect(secondPage.getByTestId('calibration-field-Needs')).toBeHidden();
    await secondPage.getByRole('link', { name: 'Review the analysis' }).click();
    await expect(secondPage).toHaveURL(new RegExp(`/analysis/${taskId}/review$`));
    await submitReview(secondPage);

    // --- Everyone submitted: the session closed itself, the answers side by side ---
    await secondPage.goto(`/projects/${project.id}/reviews?tab=calibration`);
    const row = secondPage.getByTestId(/^calibration-row-\d+$/);
    await expect(row).toContainText('Roof calls');
    await expect(row).toContainText('2 of 2 submitted');
    await expect(row).toContainText('Closed');
    await row.getByRole('link', { name: 'Roof calls' }).click();
    await expect(secondPage).toHaveURL(new RegExp(`${sessionUrl}$`));
    const needs = secondPage.getByTestId('calibration-field-Needs');
    await expect(needs).toHaveAttribute('data-agreed', 'false');
    await expect(needs).toContainText('Different');
    await expect(secondPage.getByTestId('calibration-field-Greeting')).toHaveAttribute('data-agreed', 'true');
    await expect(secondPage.getByTestId('calibration-agreement')).toContainText('Reviewers agree on');
    await shoot(secondPage, 'calibration-compared');
    await expectNoViolations(secondPage, 'the calibration session page');
  } finally {
    await asFirst.context.close();
    await asSecond.context.close();
  }

  // --- The owner's list: closed, both submitted; no "Close session" on a closed one ---
  await page.goto(sessionUrl);
  await expect(page.getByTestId(`participant-${second.account.id}`)).toContainText('Submitted on');
  await expect(page.getByRole('button', { name: 'Close session' })).toBeHidden();
  await expect(page.getByTestId('calibration-field-Needs')).toHaveAttribute('data-agreed', 'false');
});
