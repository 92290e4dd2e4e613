import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSession } from '../shared/api/session';
import { KeptAnswer } from '../shared/hooks/useKeptAnswer';
import i18n, { i18nReady } from '../shared/i18n';
import { LOCALE_FILES } from './locales';

// Every language at hand, so a test can switch language without waiting for a fetch.
for (const [language, tree] of Object.entries(LOCALE_FILES))
  i18n.addResourceBundle(language, 'translation', tree);
await i18nReady;

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  resetSession();
  KeptAnswer.forgetAll();
});
