import { createContext, useContext, useLayoutEffect, useState, useTransition } from 'react';
import { matchRoutes, type RouteObject, Router, UNSAFE_createBrowserHistory, useRoutes } from 'react-router';

/** The `handle` of a route whose code is a chunk of its own: `preload` starts fetching it. */
export interface LazyRouteHandle {
  preload: () => Promise<unknown>;
}

/**
 * Starts fetching the code of every lazy route `pathname` matches (a page, and the guards above it) at once,
 * instead of one after the other as each renders the next.
 */
export function preloadRoutes(routes: RouteObject[], pathname: string) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    // A chunk that fails to load fails again when its route renders, which shows the error.
    (route.handle as LazyRouteHandle | undefined)?.preload().catch(() => {});
  }
}

const NavigationPending = createContext(false);

/** True while a navigation is under way: the next page's code is loading and the current page stays. */
export const useNavigationPending = () => useContext(NavigationPending);

/**
 * React Router in declarative mode (its BrowserRouter, without the data router's core: about 15 KB brotli less
 * on a first visit), rendering `routes`. Each navigation is a transition, so the current page stays until the
 * next one's code is in; meanwhile useNavigationPending() is true. Every new location preloads its routes' code.
 * The history is React Router's own (`UNSAFE_`: an export it may change; check it when upgrading React Router).
 */
export function AppRouter({ routes }: { routes: RouteObject[] }) {
  const [history] = useState(() => UNSAFE_createBrowserHistory({ v5Compat: true }));
  const [current, setCurrent] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        preloadRoutes(routes, location.pathname);
        startTransition(() => setCurrent({ action, location }));
      }),
    [history, routes],
  );
  return (
    <NavigationPending value={pending}>
      <Router location={current.location} navigationType={current.action} navigator={history}>
        <RouteList routes={routes} />
      </Router>
    </NavigationPending>
  );
}

/** The route of `routes` the location matches, rendered (React Router's declarative mode). */
export function RouteList({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
