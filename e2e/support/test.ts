import { type BrowserContext, test as base, expect } from '@playwright/test';

export * from '@playwright/test';

/** Chromium reports a blocked script, style, font, image or connection as a console error naming the CSP. */
const CSP_VIOLATION = /Content Security Policy/i;

/** The running test's violations (a worker runs one test at a time). */
let violations: string[] = [];

/**
 * Records the Content-Security-Policy violations the browser reports in the pages of a context. The test
 * fixtures do it for the test's own context; call it for contexts made with `browser.newContext()`.
 */
export function watchContentSecurityPolicy(context: BrowserContext): void {
  context.on('console', (message) => {
    if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) {
      violations.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
    }
  });
}

/** Playwright's test, failing any test in whose browser pages the app's Content-Security-Policy blocked something. */
export const test = base.extend<{ contentSecurityPolicyGuard: undefined }>({
  contentSecurityPolicyGuard: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      violations = [];
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    watchContentSecurityPolicy(context);
    await use(context);
  },
});
