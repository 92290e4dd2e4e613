import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import './shared/i18n';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/Providers';
import { routes } from './app/routes';
import { LoadingState } from './shared/components/States';

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <Suspense fallback={<LoadingState minHeight={400} />}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  </StrictMode>,
);
