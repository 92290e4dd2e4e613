import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { takeOverSession } from './auth';
import { ApiError } from './transport';

// TanStack Query's cache, which the signed-in pages (and the invitation page) use: a first visit, whose
// pages keep their state in React and the session in session.ts, does not load this module.

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (4xx) are answers, not glitches: don't retry them.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

let appClient: QueryClient | null = null;

/** The app's query cache, made by the first page that needs it; it takes the session over. */
function appQueryClient(): QueryClient {
  if (!appClient) {
    appClient = createQueryClient();
    takeOverSession(appClient);
  }
  return appClient;
}

/** Gives the pages under it the app's query cache, unless one is given above them already (the tests'). */
export function QueryCache({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  if (given) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
