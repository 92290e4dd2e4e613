import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './test.ts';

/** The WCAG 2.0 and 2.1 rules of levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const EXTRA_RULES = ['heading-order', 'label-content-name-mismatch'];

/**
 * Runs axe-core on the page as it is. A violation fails the test (after the other pages were checked too) with
 * its rule and the elements it found: their selectors and the start of their markup.
 */
export async function expectNoViolations(page: Page, what: string): Promise<void> {
  await settledTransitions(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  // Beyond the tags: headings without skipped levels, and names that contain a control's visible text
  // (WCAG 2.5.3, an experimental rule of axe that Lighthouse runs).
  const extra = await new AxeBuilder({ page }).withRules(EXTRA_RULES).analyze();
  violations.push(...extra.violations);
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`)
        .join(' | ')}`,
  );
  expect.soft(found, `accessibility violations on ${what}`).toEqual([]);
}

/**
 * Waits until the page's finite animations and transitions have ended: a button enabled as its data arrived
 * fades its colours in over a few hundred milliseconds, and axe would judge the contrast of a colour halfway.
 * Endless ones (a spinner) are left alone.
 */
async function settledTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
