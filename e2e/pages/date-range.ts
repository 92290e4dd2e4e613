import { expect, type Page } from '@playwright/test';

/** Picks a preset range in the page's date-range picker (spec 2 §2.6) and applies it. */
export async function pickRangePreset(page: Page, preset: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Date range' }).click();
  const picker = page.getByRole('dialog', { name: 'Date range' });
  await picker.getByRole('button', { name: preset, exact: true }).click();
  await picker.getByRole('button', { name: 'Apply' }).click();
  await expect(picker).toBeHidden();
}
