import { addDays, calendarRange } from '@parley/contracts';
import { AnalysesListPage } from '../pages/analyses.ts';
import { ManagerDashboardPage } from '../pages/manager-dashboard.ts';
import { analysedChats } from '../support/analysed-chats.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// The browser's days (the periods) and the project's (where analyses fall) are one calendar: UTC.
test.use({ timezoneId: 'UTC' });

test('a manager compares three periods, reads the changes, and the link keeps the comparison', async ({
  page,
}) => {
  // Analyses are made today: Ann two (one missed the budget), Bob one.
  const { project, prompt, taskIds } = await analysedChats(page, 'manager', [
    { representative: 'Ann Agent' },
    { representative: 'Ann Agent', missedBudget: true },
    { representative: 'Bob Brown' },
  ]);

  const dashboard = new ManagerDashboardPage(page);
  await dashboard.open(project.id);
  await expect(dashboard.panel.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await dashboard.chooseView('Days');
  await expect.poll(() => dashboard.periodNames()).toEqual(['2 days ago', 'Yesterday']);
  await expect(dashboard.panel.getByRole('button', { name: 'Add Current' })).toHaveCount(0);
  await dashboard.addPrevious();
  await expect.poll(() => dashboard.periodNames()).toEqual(['3 days ago', '2 days ago', 'Yesterday']);

  // Each edited period is named by its days and moves to its place, oldest first.
  await dashboard.pickPreset(2, 'Today');
  await dashboard.pickPreset(1, 'Last 7 days');
  await expect.poll(async () => (await dashboard.periodNames())[1]).toBe('3 days ago');
  await dashboard.pickPreset(1, 'Previous month');
  const today = new Date().toISOString().slice(0, 10);
  const before = calendarRange('month', 1, { today, weekStart: 'monday' });
  const periods = [`${before.start}..${before.end}`, `${addDays(today, -6)}..${today}`, `${today}..${today}`];
  await expect(page).toHaveURL(
    new RegExp(periods.map((period) => `period=${period.replace(/\./g, '\\.')}`).join('&')),
  );

  await dashboard.choosePrompt(prompt.scriptName);
  await dashboard.generate();

  // The team: nobody last month, three analyses in the last 7 days (+3, a count: grey), the same today.
  const analyses = [0, 1, 2].map((period) => dashboard.cell(dashboard.team, period, 'analyses'));
  await expect(analyses[0]!).toHaveText('0');
  await expect(analyses[1]!).toContainText('3');
  await expect(dashboard.change(analyses[1]!)).toContainText('+3');
  await expect(dashboard.change(analyses[1]!)).toHaveAttribute('data-verdict', 'neutral');
  await expect(dashboard.change(analyses[2]!)).toHaveAttribute('data-verdict', 'same');
  // The average score (80, 60, 80): none last month, so no change to it; today the same as the 7 days.
  const average = [1, 2].map((period) => dashboard.cell(dashboard.team, period, 'average'));
  await expect(average[0]!).toContainText('73.3');
  await expect(dashboard.change(average[0]!)).toHaveCount(0);
  await expect(dashboard.change(average[1]!)).toHaveAttribute('data-verdict', 'same');
  // Ann missed the budget in one of her two analyses.
  const annBudget = dashboard.cell(dashboard.row('Ann Agent'), 1, 'Discovery.Budget');
  await expect(annBudget).toContainText('50%');
  await shoot(page, 'manager-dashboard');

  // A reload keeps the periods, the prompt and the comparison.
  await page.reload();
  await expect.poll(async () => (await dashboard.periodNames()).length).toBe(3);
  await expect(dashboard.change(dashboard.cell(dashboard.team, 1, 'analyses'))).toContainText('+3');

  // The print view of the same comparison: no panel, no links.
  const printView = await page.getByRole('link', { name: 'Print view' }).getAttribute('href');
  await page.goto(printView!);
  await expect(dashboard.panel).toHaveCount(0);
  await expect(dashboard.change(dashboard.cell(dashboard.team, 1, 'analyses'))).toContainText('+3');
  await expect(page.getByRole('table').getByRole('link')).toHaveCount(0);
  await shoot(page, 'manager-dashboard-print');
  await page.goBack();

  await annBudget.getByRole('link').click();
  await expect(page).toHaveURL(
    /representative=Ann(\+|%20)Agent&status=completed&field=Discovery\.Budget&field_outcome=missed/,
  );
  await expect(new AnalysesListPage(page).row(taskIds[1]!)).toBeVisible();
  await expect(page.getByTestId(/^analysis-row-/)).toHaveCount(1);
});
