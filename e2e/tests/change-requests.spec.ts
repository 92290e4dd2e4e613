import { ChecklistReportPage } from '../pages/analytics.ts';
import { ProjectDashboard } from '../pages/projects.ts';
import { choose, openList } from '../pages/shell.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { freshPage, signInViaApi } from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// The presets count the browser's days and the server the project's (UTC here): the same calendar.
test.use({ timezoneId: 'UTC' });
// Three people and a dozen pages: on a busy machine that takes longer than the default minute.
test.describe.configure({ timeout: 150_000 });

const REPRESENTATIVE = 'Ann Agent';

test('a user disputes a field, a team leader approves with an edit, the analysis and the analytics show the correction', async ({
  page,
  browser,
}) => {
  // The owner's project: a scorecard, a user who is Ann (the rep mapping gives their email her name: they see her
  // analyses) and a team leader who leads Ann's team.
  const { project, prompt } = await projectWithScorecard(page, { label: 'cr owner' });
  const member = await addMemberViaApi(page.request, project.id, 'user', 'cr user');
  const mapped = await page.request.post(`/api/projects/${project.id}/rep-mappings`, {
    data: { identifier: member.user.email, representative: REPRESENTATIVE },
  });
  expect(mapped.status()).toBe(201);
  const leader = await addMemberViaApi(page.request, project.id, 'teamleader', 'cr leader');
  const assigned = await page.request.put(`/api/projects/${project.id}/team-leaders/${leader.account.id}`, {
    data: { departments: [], representatives: [REPRESENTATIVE] },
  });
  expect(assigned.status()).toBe(200);

  // The user uploads Ann's chat; the fake model scores it Greeting ok, Needs 2 of 3, Budget yes: 80 %.
  const asUser = await freshPage(browser);
  const asLeader = await freshPage(browser);
  try {
    const userPage = asUser.page;
    await signInViaApi(userPage.request, member.user);
    const chat = Buffer.from(
      `Agent: Good morning, Acme Solar, how can I help? ${uniqueMarker('cr')}\nClient: I would like panels for my roof.\n`,
    );
    const uploaded = await uploadViaApi(
      userPage.request,
      project.id,
      { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: chat },
      prompt.id,
      { Department: 'Sales', Representative: REPRESENTATIVE },
    );
    const taskId = uploaded.data.task_id!;
    await waitForStatus(userPage.request, project.id, taskId, 'completed');

    // --- The user asks for Needs 2 → 3 ---
    await userPage.goto(`/projects/${project.id}/analysis/${taskId}`);
    await expect(userPage.getByTestId('final-score')).toContainText('80');
    await userPage.getByTestId('request-change-Needs').click();
    const dialog = userPage.getByRole('dialog', { name: 'Request a change' });
    await expect(dialog.getByText(/AI value: 2/)).toBeVisible();
    await dialog
      .getByRole('textbox', { name: /Reason/ })
      .fill('Ann asked about the roof, the usage and the budget.');
    // The AI's own value is no proposal.
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('This is the AI’s value; propose a different one.')).toBeVisible();
    // Each transcript line names its speaker.
    const moment = dialog.getByRole('combobox', { name: 'Transcript moment (optional)' });
    await openList(userPage, moment);
    await expect(userPage.getByRole('option', { name: /Agent: Good morning/ })).toBeVisible();
    await choose(userPage, moment, /(Client|Customer): I would like panels/);
    await choose(userPage, dialog.getByRole('combobox', { name: 'Proposed value' }), /^3 – /);
    await expect(dialog.getByText('This is the AI’s value; propose a different one.')).toBeHidden();
    await shoot(userPage, 'change-requests-dialog');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toBeHidden();
    await expect(userPage.getByTestId('open-request-Needs')).toHaveText('Change requested');

    // --- The team leader sees one open request and approves it with 1 instead of 3 ---
    const leaderPage = asLeader.page;
    await signInViaApi(leaderPage.request, leader.user);
    await leaderPage.goto(`/projects/${project.id}/change-requests`);
    await expect(leaderPage.getByTestId('nav-badge-changeRequests')).toHaveText('1');
    const row = leaderPage.getByTestId(/^request-row-/);
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Review' }).click();
    const drawer = leaderPage.getByTestId('request-drawer');
    await expect(drawer.getByTestId('detail-item-Needs')).toContainText('2 → 3');
    await expect(drawer.getByText('Ann asked about the roof, the usage and the budget.')).toBeVisible();
    const value = drawer.getByRole('combobox', { name: 'Value to set for Needs' });
    await expect(value).toContainText('3');
    await choose(leaderPage, value, /^1 – /);
    await expect(value).toContainText('1');
    await shoot(leaderPage, 'change-requests-drawer');
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await expect(leaderPage.getByTestId('nav-badge-changeRequests')).toBeHidden();

    // --- The analysis: the corrected value beside the AI's, and the score recomputed (3 of 5 points) ---
    await leaderPage.goto(`/projects/${project.id}/analysis/${taskId}`);
    const needs = leaderPage.getByTestId('field-Needs');
    await expect(needs.getByText('Corrected')).toBeVisible();
    const correction = leaderPage.getByTestId('correction-Needs');
    await expect(correction).toContainText('2 → 1');
    await expect(correction).toContainText(leader.user.name);
    await expect(leaderPage.getByTestId('final-score')).toContainText('60');
    await shoot(leaderPage, 'change-requests-analysis-corrections');

    // The user sees the same correction and no open request any more.
    await userPage.reload();
    await expect(userPage.getByTestId('correction-Needs')).toContainText('2 → 1');
    await expect(userPage.getByTestId('open-request-Needs')).toBeHidden();

    // --- The owner's dashboard and analytics ---
    const dashboard = new ProjectDashboard(page);
    await dashboard.open(project.id);
    await expect(dashboard.kpiValue('analyses')).toHaveText('1');
    await expect(dashboard.kpiValue('averageScore')).toHaveText('60');
    // Ann's Needs cell of the checklist report: the corrected mark (1), not the AI's 2.
    const report = new ChecklistReportPage(page);
    await report.open(project.id);
    const needsCell = report
      .row(REPRESENTATIVE)
      .getByTestId('checklist-cell')
      .filter({ has: page.locator('a[href*="field=Needs"]') });
    await expect(needsCell).toHaveText(/^1\s*1 analysis$/);
    // Calibration: reviewers changed Needs in the one analysis of the prompt, nothing else.
    await page.goto(`/projects/${project.id}/analytics`);
    const calibration = page.getByTestId('calibration-Needs');
    await expect(calibration).toContainText('100%');
    await expect(calibration).toContainText('1 of 1');
    await expect(page.getByTestId('calibration-Greeting')).toContainText('0%');
    // One month of calibration is one point: drawn as a mark.
    await expect(page.getByTestId('calibration').locator('.MuiLineChart-mark')).toHaveCount(1);
  } finally {
    await asUser.context.close();
    await asLeader.context.close();
  }
});
