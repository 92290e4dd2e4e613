import type { Page } from '@playwright/test';

/**
 * Stops the clock installed with `page.clock.install()` (it is the browser context's): from here on the
 * pages' timers fire only through `page.clock.runFor` / `fastForward`, until `page.clock.resume()`.
 */
export async function pauseClock(page: Page): Promise<void> {
  // pauseAt cannot go back, and the clock runs on while the command travels: pause a second ahead.
  const now = (await page.evaluate('Date.now()')) as number;
  await page.clock.pauseAt(now + 1_000);
}
