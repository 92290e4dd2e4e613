import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './support/chromium.ts';
import { E2E_BASE_URL } from './support/server.ts';

const desktop = { browserName: 'chromium', viewport: { width: 1366, height: 860 } } as const;
const PLATFORM_SETTINGS = /(first-steps|session-lifetimes)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // A fresh browser context's first signed-in page (empty cache, the shell's chunks and texts) has taken more
  // than 10 s on a 2-core machine at load 11-13; the wait ends as soon as the page shows.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    { name: 'chromium', use: desktop, testIgnore: PLATFORM_SETTINGS },
    // Tests that change a platform-wide setting (the starter units of each account's first project, the session
    // lifetimes) run alone, after all the others. Run one of them by itself with --no-deps.
    { name: 'platform-settings', use: desktop, testMatch: PLATFORM_SETTINGS, dependencies: ['chromium'] },
  ],
});
