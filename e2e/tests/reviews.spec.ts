import { choose } from '../pages/shell.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { freshPage, signInViaApi } from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// Three people and several pages: on a busy machine that takes longer than the default minute.
test.describe.configure({ timeout: 150_000 });

const REPRESENTATIVE = 'Ann Agent';

test('an admin makes a member reviewer, who reviews an analysis; the page shows both scores and Ann acknowledges', async ({
  page,
  browser,
}) => {
  // The owner's project: a scorecard, a plain user to become reviewer, and Ann (the rep mapping gives her email
  // her name).
  const { project, prompt } = await projectWithScorecard(page, { label: 'reviews owner' });
  const reviewer = await addMemberViaApi(page.request, project.id, 'user', 'reviews reviewer');
  const ann = await addMemberViaApi(page.request, project.id, 'user', 'reviews ann');
  const mapped = await page.request.post(`/api/projects/${project.id}/rep-mappings`, {
    data: { identifier: ann.user.email, representative: REPRESENTATIVE },
  });
  expect(mapped.status()).toBe(201);
  // Members see every analysis (not only their own representative's), so the reviewer sees Ann's.
  const opened = await page.request.put(`/api/projects/${project.id}`, { data: { agents_see_own: false } });
  expect(opened.status()).toBe(200);

  // Ann's chat; the fake model scores it Greeting ok, Needs 2 of 3, Budget yes: 80 %.
  const chat = Buffer.from(
    `Agent: Good morning, Acme Solar, how can I help? ${uniqueMarker('reviews')}\nClient: I would like panels for my roof.\n`,
  );
  const uploaded = await uploadViaApi(
    page.request,
    project.id,
    { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: chat },
    prompt.id,
    { Department: 'Sales', Representative: REPRESENTATIVE },
  );
  const taskId = uploaded.data.task_id!;
  await waitForStatus(page.request, project.id, taskId, 'completed');

  // --- The owner gives the user the reviewer permission ---
  await page.goto(`/projects/${project.id}/settings/team-members`);
  const reviewerSwitch = page.getByTestId(`member-${reviewer.account.id}`).getByRole('switch');
  await expect(reviewerSwitch).not.toBeChecked();
  await reviewerSwitch.click();
  await expect(page.getByText(`${reviewer.user.name} can now review analyses.`)).toBeVisible();
  await expect(reviewerSwitch).toBeChecked();

  const asReviewer = await freshPage(browser);
  const asAnn = await freshPage(browser);
  try {
    // --- The reviewer changes Needs 2 → 3, comments, and submits ---
    const reviewerPage = asReviewer.page;
    await signInViaApi(reviewerPage.request, reviewer.user);
    await reviewerPage.goto(`/projects/${project.id}/analysis/${taskId}`);
    await reviewerPage.getByTestId('review-button').click();
    await expect(reviewerPage).toHaveURL(new RegExp(`/analysis/${taskId}/review$`));
    const needs = reviewerPage.getByTestId('review-field-Needs');
    await expect(needs).toContainText('AI answer: 2');
    await choose(reviewerPage, needs.getByRole('combobox', { name: 'Your answer' }), /^3 – /);
    await expect(needs.getByText('Changed')).toBeVisible();
    await needs
      .getByRole('textbox', { name: 'Comment (optional)' })
      .fill('She asked about roof, usage and budget.');
    // A chat's lines have no times, so the comments go on the answer and the whole conversation (moments of a
    // recording: the API test).
    await reviewerPage
      .getByRole('textbox', { name: 'Comment on the whole conversation (optional)' })
      .fill('Good open question here.');
    // The human score follows the answers as they change: 5 of 5 points.
    await expect(reviewerPage.getByTestId('ai-score')).toContainText('80 %');
    await expect(reviewerPage.getByTestId('human-score')).toContainText('100 %');
    await shoot(reviewerPage, 'reviews-form');
    await reviewerPage.getByRole('button', { name: 'Submit review' }).click();
    const confirm = reviewerPage.getByRole('dialog', { name: 'Submit the review?' });
    await confirm.getByRole('button', { name: 'Submit review' }).click();
    await expect(reviewerPage).toHaveURL(new RegExp(`/analysis/${taskId}$`));

    // --- The analysis shows the AI and the human score, the changed answer and the comments ---
    const card = reviewerPage.getByTestId('reviews-card');
    await expect(card.getByTestId('ai-score')).toContainText('80 %');
    await expect(card.getByTestId('human-score')).toContainText('100 %');
    await expect(card.getByTestId('review-answer-Needs')).toContainText('AI 2 → 3');
    await expect(card).toContainText('She asked about roof, usage and budget.');
    await expect(card).toContainText('Good open question here.');
    // Reviewed once: no second review.
    await expect(card.getByTestId('review-button')).toBeHidden();
    await shoot(reviewerPage, 'reviews-analysis');

    // --- Ann sees the review and acknowledges it ---
    const annPage = asAnn.page;
    await signInViaApi(annPage.request, ann.user);
    await annPage.goto(`/projects/${project.id}/analysis/${taskId}`);
    const annCard = annPage.getByTestId('reviews-card');
    await expect(annCard.getByTestId('human-score')).toContainText('100 %');
    await expect(annCard.getByRole('button', { name: 'Dispute' })).toBeVisible();
    await annCard.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(annCard.getByTestId('review-acknowledged')).toContainText(
      `Acknowledged by ${ann.user.name}`,
    );
    await expect(annCard.getByRole('button', { name: 'Acknowledge' })).toBeHidden();

    // --- The list: only reviewed analyses, with the human score under the AI's ---
    await page.goto(`/projects/${project.id}/analyses?reviewed=yes`);
    const row = page.getByTestId(`analysis-row-${taskId}`);
    await expect(row.getByTestId('analysis-human-score')).toHaveText('Human: 100 %');
    await page.goto(`/projects/${project.id}/analyses?reviewed=no`);
    await expect(page.getByTestId(`analysis-row-${taskId}`)).toBeHidden();

    // --- The agreement ledger on the Analytics page: Needs kept 0 of 1, moved by 1 mark ---
    await reviewerPage.goto(`/projects/${project.id}/analytics`);
    const needsAgreement = reviewerPage.getByTestId('agreement-Needs');
    await expect(needsAgreement).toContainText('0%');
    await expect(reviewerPage.getByTestId('agreement')).toContainText('1 submitted review');
    await needsAgreement.getByRole('button', { name: 'Changed answers' }).click();
    const changed = reviewerPage.getByRole('dialog', { name: 'Answers reviewers changed: Needs' });
    await expect(changed).toContainText('AI 2 → 3');
    await expect(changed.getByRole('link')).toHaveAttribute(
      'href',
      `/projects/${project.id}/analysis/${taskId}`,
    );
    await shoot(reviewerPage, 'reviews-agreement');
  } finally {
    await asReviewer.context.close();
    await asAnn.context.close();
  }
});
