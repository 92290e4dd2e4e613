import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../shared/i18n';
import { LanguageSync } from './LanguageSync';
import { theme } from './theme';

/**
 * What every page runs under. TanStack Query's cache is not here: the signed-in pages get it from
 * shared/api/queryCache.tsx, which a first visit does not load.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LanguageSync />
        {children}
      </ThemeProvider>
    </I18nextProvider>
  );
}
