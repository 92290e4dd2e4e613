import { AnalysesListPage } from '../pages/analyses.ts';
import { pickRangePreset } from '../pages/date-range.ts';
import { projectWithScorecard, removeSpeechFixtures, stereoCall, uploadViaApi } from '../support/analyses.ts';
import { expect, test } from '../support/test.ts';

test.afterAll(removeSpeechFixtures);
// The presets count the browser's days and the server the project's (UTC here): the same calendar.
test.use({ timezoneId: 'UTC' });

/** A day of the browser's (UTC) calendar as the URL and the API write it. */
const day = (date: Date) => date.toISOString().slice(0, 10);

test('the analyses list filters by a date range picked in the calendar', async ({ page }) => {
  const list = new AnalysesListPage(page);
  const { project, prompt } = await projectWithScorecard(page, { label: 'date-filter' });
  const upload = await uploadViaApi(page.request, project.id, await stereoCall(), prompt.id);
  const taskId = upload.data.task_id!;
  await list.open(project.id);
  await expect(list.row(taskId)).toBeVisible();

  const now = new Date((await page.evaluate('Date.now()')) as number);
  const previousMonth = [
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)),
  ];
  await pickRangePreset(page, 'Previous month');
  await expect(page).toHaveURL(new RegExp(`\\?from=${day(previousMonth[0]!)}&to=${day(previousMonth[1]!)}$`));
  await expect(page.getByText('No analyses match these filters')).toBeVisible();
  await expect(list.row(taskId)).toBeHidden();

  await pickRangePreset(page, 'Today');
  await expect(page).toHaveURL(new RegExp(`\\?from=${day(now)}&to=${day(now)}$`));
  await expect(list.row(taskId)).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Date range' });
  const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(now);
  await expect(field).toHaveValue(`${shown} - ${shown}`);

  await page.getByRole('button', { name: 'Clear dates' }).click();
  await expect(page).toHaveURL(new RegExp(`${AnalysesListPage.path(project.id)}$`));
  await expect(field).toHaveValue('');
});
