import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './server.ts';

/** Full-page screenshots for people to look at (e2e/.artifacts/screenshots/). They assert only rendering. */
export const SCREENSHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');

export async function shoot(page: Page, name: string): Promise<void> {
  // (a string: the e2e tsconfig has no DOM types)
  await page.evaluate('document.fonts.ready.then(() => true)');
  // A full-page shot draws the fixed header and sidebar where the page is scrolled to: start at the top.
  await page.evaluate('window.scrollTo(0, 0)');
  // Nothing is still loading: no spinner nor indeterminate bar. Determinate bars (a batch's progress) are content.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  await page.screenshot({
    path: path.join(SCREENSHOTS_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}
