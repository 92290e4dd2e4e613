import { AnalysesListPage } from '../pages/analyses.ts';
import { ChecklistReportPage } from '../pages/analytics.ts';
import { pickRangePreset } from '../pages/date-range.ts';
import { ProjectDashboard } from '../pages/projects.ts';
import { analysedChats } from '../support/analysed-chats.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// The presets count the browser's days and the server the project's (UTC here): the same calendar.
test.use({ timezoneId: 'UTC' });
// A dozen pages and a print view: on a busy machine that takes longer than the default minute.
test.describe.configure({ timeout: 150_000 });

test('a manager reads the dashboard, follows a figure to its analyses, picks a range and opens a checklist cell', async ({
  page,
}) => {
  // Ann has three analyses (one missed the budget), Bob one; the fake model scores the others 80 %.
  const { project, taskIds } = await analysedChats(page, 'analytics', [
    { representative: 'Ann Agent' },
    { representative: 'Ann Agent', missedBudget: true },
    { representative: 'Ann Agent' },
    { representative: 'Bob Brown' },
  ]);
  const missedTask = taskIds[1]!;

  const dashboard = new ProjectDashboard(page);
  await dashboard.open(project.id);
  await expect(dashboard.kpiValue('analyses')).toHaveText('4');
  await expect(dashboard.kpiValue('averageScore')).toHaveText('75');
  // Greeting passed 4 of 4, Budget 3 of 4.
  await expect(dashboard.kpiValue('passRate')).toHaveText('87.5%');
  await shoot(page, 'analytics-dashboard');

  await dashboard.missedItem('Discovery - Budget').click();
  const list = new AnalysesListPage(page);
  await expect(page).toHaveURL(/field=Discovery\.Budget&field_outcome=missed/);
  await expect(page.getByTestId('field-filter-chip')).toContainText('Discovery - Budget');
  await expect(list.row(missedTask)).toBeVisible();
  await expect(page.getByTestId(/^analysis-row-/)).toHaveCount(1);

  await dashboard.open(project.id);
  await pickRangePreset(page, 'Previous month');
  await expect(page.getByText('No analyses completed in this period')).toBeVisible();
  await pickRangePreset(page, 'Today');
  await expect(dashboard.kpiValue('analyses')).toHaveText('4');

  const report = new ChecklistReportPage(page);
  await page.getByTestId('most-missed').getByRole('link', { name: 'Checklist report' }).click();
  await expect(page).toHaveURL(/\/analytics\/checklist-report/);
  const ann = report.row('Ann Agent');
  await expect(ann).toBeVisible();
  await shoot(page, 'analytics-checklist-report');
  // Ann's cells: Greeting 100 %, Needs 2.0, Budget 66.7 % (two of three).
  const budget = ann.getByTestId('checklist-cell').filter({ hasText: '66.7%' });
  await expect(budget).toBeVisible();
  await budget.getByRole('link').click();
  await expect(page).toHaveURL(/representative=Ann(\+|%20)Agent/);
  await expect(list.row(missedTask)).toBeVisible();
  await expect(page.getByTestId(/^analysis-row-/)).toHaveCount(1);

  // Every column chosen, conversation metrics too: the print view still fits a landscape page's width.
  await report.open(project.id);
  await expect(ann).toBeVisible();
  // The report may still settle on its prompt and redraw, closing the menu: open it again until all are on.
  const columns = page.getByRole('button', { name: /^Columns: / });
  const unchecked = page.getByRole('menuitemcheckbox', { checked: false });
  await expect(async () => {
    if (!(await page.getByRole('menu').isVisible())) await columns.click();
    while ((await unchecked.count()) > 0) await unchecked.first().click({ timeout: 2_000 });
    await expect(page.getByRole('menuitemcheckbox').first()).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.keyboard.press('Escape');
  const printView = await page.getByRole('link', { name: 'Print view' }).getAttribute('href');
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.emulateMedia({ media: 'print' });
  await page.goto(printView!);
  await expect(ann).toBeVisible();
  const widths = (await page.evaluate(
    '({ page: document.documentElement.scrollWidth, window: window.innerWidth })',
  )) as { page: number; window: number };
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  await page.emulateMedia({ media: 'screen' });
  await page.goBack();

  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page.getByTestId('explorer-chart')).toBeVisible();
  await shoot(page, 'analytics-explorer');
});
