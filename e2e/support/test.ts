import { readFile } from 'node:fs/promises';
import { type BrowserContext, test as base, expect, type TestInfo } from '@playwright/test';
import { SERVER_LOG } from './server.ts';

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

/** Pino's levels from warn up, and how many of the server's lines a failed test prints. */
const WARN_LEVEL = 40;
const FAILURE_LOG_LINES = 60;

/**
 * A failed test's diagnosis: the server's warnings and errors while it ran, and its analyses' stage timings (a
 * CI machine's log is gone when the run ends), attached to the report and printed.
 */
async function reportServerLog(testInfo: TestInfo, since: number): Promise<void> {
  const lines = (await readFile(SERVER_LOG, 'utf8').catch(() => '')).split('\n').filter((line) => {
    try {
      const entry = JSON.parse(line) as { time?: number; level?: number; taskId?: number };
      return (entry.time ?? 0) >= since && ((entry.level ?? 0) >= WARN_LEVEL || entry.taskId !== undefined);
    } catch {
      return false;
    }
  });
  const tail = lines.slice(-FAILURE_LOG_LINES).join('\n');
  await testInfo.attach('server log (warnings and analyses)', { body: tail, contentType: 'text/plain' });
  console.log(
    `--- server log while "${testInfo.title}" ran (warnings and analyses, last ${FAILURE_LOG_LINES}) ---\n${tail}`,
  );
}

/** Playwright's test, failing any test in whose browser pages the app's Content-Security-Policy blocked something. */
export const test = base.extend<{ contentSecurityPolicyGuard: undefined; serverLogOnFailure: undefined }>({
  serverLogOnFailure: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const started = Date.now();
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) await reportServerLog(testInfo, started);
    },
    { auto: true },
  ],
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
