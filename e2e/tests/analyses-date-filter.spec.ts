import { AnalysesListPage } from '../pages/analyses.ts';
import { pickRangePreset } from '../pages/date-range.ts';
import {
  monoCall,
  projectWithScorecard,
  removeSpeechFixtures,
  stereoCall,
  uploadViaApi,
} from '../support/analyses.ts';
import { expect, test } from '../support/test.ts';

test.afterAll(removeSpeechFixtures);
// The presets count the browser's days and the server the project's (UTC here): the same calendar.
test.use({ timezoneId: 'UTC' });

/** A day of the browser's (UTC) calendar as the URL and the API write it. */
const day = (date: Date) => date.toISOString().slice(0, 10);

test('the analyses list filters by a date range picked in the calendar, by conversation date', async ({
  page,
}) => {
  const list = new AnalysesListPage(page);
  const { project, prompt } = await projectWithScorecard(page, { label: 'date-filter' });
  const upload = await uploadViaApi(page.request, project.id, await stereoCall(), prompt.id);
  const taskId = upload.data.task_id!;
  const now = new Date((await page.evaluate('Date.now()')) as number);
  const previousMonth = [
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)),
  ];
  // Uploaded now, but the call took place on the 10th of last month.
  const callDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
  const dated = await uploadViaApi(page.request, project.id, await monoCall(), prompt.id, {
    Department: 'Sales',
    Representative: 'Ann Agent',
    date: day(callDay),
  });
  const datedId = dated.data.task_id!;
  await list.open(project.id);
  await expect(list.row(taskId)).toBeVisible();
  const medium = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
  await expect(list.row(datedId)).toContainText(medium.format(callDay));

  // The picker opens on last month (left) and this month (right), and offers no day after today.
  await page.getByRole('textbox', { name: 'Date range' }).click();
  const picker = page.getByRole('dialog', { name: 'Date range' });
  const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(picker.getByRole('grid')).toHaveCount(2);
  await expect(picker.getByRole('grid').nth(0)).toHaveAttribute(
    'aria-label',
    monthName.format(previousMonth[0]!),
  );
  await expect(picker.getByRole('grid').nth(1)).toHaveAttribute('aria-label', monthName.format(now));
  await expect(picker.getByRole('button', { name: 'Go to the Next Month' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  const tomorrow = new Date(now.getTime() + 86_400_000);
  if (tomorrow.getUTCMonth() === now.getUTCMonth()) {
    const month = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(tomorrow);
    await expect(
      picker.getByRole('button', {
        name: new RegExp(`^(Today, )?\\w+, ${month} ${tomorrow.getUTCDate()}\\D`),
      }),
    ).toBeDisabled();
  }
  await picker.getByRole('button', { name: 'Cancel' }).click();

  await pickRangePreset(page, 'Previous month');
  await expect(page).toHaveURL(new RegExp(`\\?from=${day(previousMonth[0]!)}&to=${day(previousMonth[1]!)}$`));
  await expect(list.row(datedId)).toBeVisible();
  await expect(list.row(taskId)).toBeHidden();

  await pickRangePreset(page, 'Today');
  await expect(page).toHaveURL(new RegExp(`\\?from=${day(now)}&to=${day(now)}$`));
  await expect(list.row(taskId)).toBeVisible();
  await expect(list.row(datedId)).toBeHidden();
  const field = page.getByRole('textbox', { name: 'Date range' });
  const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(now);
  await expect(field).toHaveValue(`${shown} - ${shown}`);

  await page.getByRole('button', { name: 'Clear dates' }).click();
  await expect(page).toHaveURL(new RegExp(`${AnalysesListPage.path(project.id)}$`));
  await expect(field).toHaveValue('');
});
