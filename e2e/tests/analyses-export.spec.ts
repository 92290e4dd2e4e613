import { parse } from 'csv-parse/sync';
import { AnalysesListPage } from '../pages/analyses.ts';
import { downloadedText } from '../pages/bulk-upload.ts';
import { analysedChats } from '../support/analysed-chats.ts';
import { expect, test } from '../support/test.ts';

test("the analyses list downloads the server's CSV of every analysis its filters match", async ({ page }) => {
  const list = new AnalysesListPage(page);
  const { project, prompt, taskIds } = await analysedChats(page, 'list-export', [
    { representative: 'Ann Export' },
    { representative: 'Bob Export', missedBudget: true },
  ]);
  const [ann, bob] = taskIds as [number, number];
  await page.goto(`${AnalysesListPage.path(project.id)}?prompt_id=${prompt.id}`);
  await expect(list.row(ann)).toBeVisible();
  await page.getByRole('textbox', { name: 'Representative' }).fill('Bob Export');
  await expect(list.row(ann)).toBeHidden();
  await expect(list.row(bob)).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  const menu = page.getByRole('menu');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name: /CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^analyses-project-${project.id}-\\d{8}-\\d{6}\\.csv$`),
  );
  const csv = await downloadedText(download);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const rows: Array<Record<string, string>> = parse(csv, { columns: true, bom: true });
  expect(rows.map((row) => Number(row.id))).toEqual([bob]);
  expect(rows[0]).toMatchObject({
    representative: 'Bob Export',
    department: 'Sales',
    prompt_name: prompt.scriptName,
    status: 'completed',
    final_score: '60',
    Greeting: 'ok',
    'Discovery.Budget': 'false',
  });
});
