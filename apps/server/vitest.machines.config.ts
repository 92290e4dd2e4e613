import { defineConfig } from 'vitest/config';

/**
 * `npm run test:machines`: the several-machines test (test/machines/), apart from the unit phase. It needs root
 * for its network namespaces and runs three servers for about two minutes, which should not share the machine
 * with the unit suite's files.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'machines',
    environment: 'node',
    include: ['test/machines/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
