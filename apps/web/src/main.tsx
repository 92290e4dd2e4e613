import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, preloadRoutes } from './app/AppRouter';
import { Providers } from './app/Providers';
import { routes } from './app/routes';
import { i18nReady } from './shared/i18n';

// The code of the opened page starts loading at once, while the language's texts load.
preloadRoutes(routes, window.location.pathname);
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

// Nothing renders before the texts are in, so no text shows as its raw key.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRouter routes={routes} />
      </Providers>
    </StrictMode>,
  ),
);
