import { defineConfig } from 'vitest/config';

/**
 * `npm run test:machines`: the several-machines test (test/machines/), apart from the unit phase. It needs root
 * for its network namespaces, starts a PostgreSQL server of its own on their LAN (no DATABASE_URL) and runs
 * three servers for about three minutes, which should not share the machine with the unit suite's files.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'machines',
    environment: 'node',
    include: ['test/machines/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
