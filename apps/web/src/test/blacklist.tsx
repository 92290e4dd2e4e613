import type { BlacklistEntry } from '@parley/contracts';
import { blacklistRoutes, projectRoutes } from '@parley/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { Navigate, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import IntegrationsPage from '../app/pages/IntegrationsPage';
import { ProjectGuard, RequireProjectManager } from '../shared/app/ProjectGuard';
import { type Handler, jsonResponse, mockFetch, routeKey, testProject } from './utils';

/** Test helpers for the blacklist panel and the integrations page (not used by the app). */

export const BLACKLIST_PATH = '/projects/5/integrations/blacklist';

/** As in app/routes.tsx: admins and owners only; /integrations leads to the Google Drive tab. */
export const integrationRoutes: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      {
        element: <RequireProjectManager />,
        children: [
          { path: 'integrations', element: <Navigate to="google-drive" replace /> },
          { path: 'integrations/:tab', element: <IntegrationsPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <div>elsewhere</div> },
];

export function entryFixture(id: number, overrides: Partial<BlacklistEntry> = {}): BlacklistEntry {
  return {
    ID: id,
    project_id: 5,
    phone_number: `+1555000${String(id).padStart(4, '0')}`,
    note: `Note ${id}`,
    CreatedAt: '2026-02-01T09:15:00.000Z',
    UpdatedAt: '2026-02-01T09:15:00.000Z',
    ...overrides,
  };
}

/** GET /blacklist answering pages of `total` generated entries (page and limit from the query). */
export function pagedList(total: number): Handler {
  return (url) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const first = (page - 1) * limit;
    const entries = Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, index) =>
      entryFixture(first + index + 1),
    );
    return jsonResponse(200, { data: { data: entries, total, page, limit } });
  };
}

export function mockBlacklistApi(overrides: Record<string, Handler> = {}, project = testProject()) {
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(blacklistRoutes.list)]: pagedList(3),
    ...overrides,
  });
}

export function requestsTo(fetch: ReturnType<typeof mockFetch>, key: string) {
  const [method, path] = key.split(' ');
  return fetch.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET') === method && url.pathname === path;
    })
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      init,
      json: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      form: init?.body instanceof FormData ? init.body : undefined,
    }));
}

/** Records files saved through a temporary link: their names and contents. */
export function captureDownloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        next += 1;
        const url = `blob:test-${next}`;
        blobs.set(url, blob);
        return url;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

export const csv = (name: string, content: string) => new File([content], name, { type: 'text/csv' });

export function chooseImportFile(file: File) {
  fireEvent.change(screen.getByTestId('import-drop-input'), { target: { files: [file] } });
}
