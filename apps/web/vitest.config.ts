import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { localeBundles } from './scripts/localeBundles.ts';

export default defineProject({
  plugins: [react(), localeBundles(path.resolve(import.meta.dirname, 'src/locales'))],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Pages render lazily and tests share a busy 2-core machine: wait for what the user would see, longer.
    testTimeout: 20_000,
  },
});
