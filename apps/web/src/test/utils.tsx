import {
  authRoutes,
  type Project,
  pathOf,
  type RouteDefinition,
  type RouteParams,
  type User,
} from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { type ReactElement, type ReactNode, Suspense, useLayoutEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  Outlet,
  type RouteObject,
  type To,
  useLocation,
  useNavigate,
} from 'react-router';
import { vi } from 'vitest';
import type { z } from 'zod';
import { RouteList } from '../app/AppRouter';
import { Providers } from '../app/Providers';
import { takeOverSession } from '../shared/api/auth';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type SuccessBody<R extends RouteDefinition> = R['responses'] extends { 200: infer S extends z.ZodType }
  ? z.input<S>
  : R['responses'] extends { 201: infer S extends z.ZodType }
    ? z.input<S>
    : never;

/**
 * A route's JSON success answer (200, else 201) with a body typed by the route's schema, so that a mocked
 * answer can't drift from what the server sends.
 */
export function routeAnswer<R extends RouteDefinition>(route: R, body: SuccessBody<R>): Response {
  return jsonResponse(route.responses[200] ? 200 : 201, body);
}

/** GET /api/auth/session: who is signed in (null: an anonymous visitor). */
export function sessionAnswer(user: User | null = testUser): Response {
  return routeAnswer(authRoutes.session, { data: { user } });
}

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * The mockFetch key of a call to a route: 'METHOD /api/path' with the route's params filled in, e.g.
 * `{ [routeKey(promptRoutes.get, { id: 5, promptId: 3 })]: () => … }`. The params are checked against the route.
 */
export function routeKey<R extends RouteDefinition>(
  route: R,
  ...params: RouteParams<R> extends undefined ? [] : [RouteParams<R>]
): string {
  return `${route.method} /api${pathOf(route, params[0] as Record<string, unknown> | undefined)}`;
}

/** Stubs fetch (the network boundary). Keys are 'METHOD /path' without the query string (see routeKey). */
export function mockFetch(handlers: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) return jsonResponse(404, { error: { code: 'not_found', message: `No mock for ${key}` } });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** A query cache for one test; it holds the session (as the app's does once the signed-in shell loaded). */
export function testQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  takeOverSession(client);
  return client;
}

/** The app's providers and the test's query cache. */
export function TestProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <Providers>{children}</Providers>
    </QueryClientProvider>
  );
}

/**
 * A handle on the router a test renders (render its Probe inside the router): navigate as a link would, and
 * the location on screen.
 */
export function testRouter() {
  const seen: { navigate?: NavigateFunction; location?: Location } = {};
  function Probe() {
    const navigate = useNavigate();
    const location = useLocation();
    useLayoutEffect(() => {
      seen.navigate = navigate;
      seen.location = location;
    });
    return null;
  }
  const rendered = () => {
    if (!seen.navigate || !seen.location) throw new Error('The router has not rendered');
    return { navigate: seen.navigate, location: seen.location };
  };
  return {
    Probe,
    /** Navigates inside act(), as a click on a link would. */
    navigate: (to: To | number) =>
      act(async () => {
        const { navigate } = rendered();
        if (typeof to === 'number') await navigate(to);
        else await navigate(to);
      }),
    get location(): Location {
      return rendered().location;
    },
  };
}

/**
 * Renders routes in a memory router with the app's providers, as the app renders its own (declarative mode);
 * every page also renders a LocationProbe. The first entry is a path, or a location with router state (as a
 * navigate() with state leaves it).
 */
export function renderRoutes(
  routes: RouteObject[],
  initialPath: string | { pathname: string; state: unknown },
  client = testQueryClient(),
) {
  const router = testRouter();
  const probed = [{ element: <Probed />, children: routes }];
  const result = render(
    <TestProviders client={client}>
      <MemoryRouter initialEntries={[initialPath]}>
        <router.Probe />
        <RouteList routes={probed} />
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...result, router, client };
}

function Probed(): ReactElement {
  return (
    <>
      <LocationProbe />
      <Suspense>
        <Outlet />
      </Suspense>
    </>
  );
}

export const testUser = {
  id: 1,
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  language: 'en',
  role: 'user',
  is_super_admin: false,
  has_password: true,
  created_at: '2026-01-01T00:00:00.000Z',
} satisfies User;

export function testProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 5,
    name: 'Sales Calls',
    description: 'Outbound sales',
    role: 'Sales' as const,
    timezone: 'UTC',
    my_role: 'owner' as const,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
