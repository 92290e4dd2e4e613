import {
  type DriveConnection,
  type FolderIntegration,
  googleDriveRoutes,
  type Project,
  projectRoutes,
  promptRoutes,
  type SyncHistoryItem,
} from '@parley/contracts';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import IntegrationsPage from '../app/pages/IntegrationsPage';
import DriveCallbackPage from '../features/drive/DriveCallbackPage';
import { ProjectGuard } from '../shared/app/ProjectGuard';
import { promptFixture } from './prompts';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  testProject,
} from './utils';

/** Test helpers for the Google Drive panel (not used by the app). */

export const CONNECTIONS_PATH = '/projects/5/integrations/google-drive?view=connections';
export const FOLDERS_PATH = '/projects/5/integrations/google-drive?view=folders';

export const driveRoutes: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [{ path: 'integrations/:tab', element: <IntegrationsPage /> }],
  },
  { path: '/auth/google-drive/callback', element: <DriveCallbackPage /> },
  { path: '*', element: <div>elsewhere</div> },
];

export function connectionFixture(id: number, overrides: Partial<DriveConnection> = {}): DriveConnection {
  return {
    id,
    name: `Drive ${id}`,
    google_email: `drive${id}@example.com`,
    is_active: true,
    is_valid: true,
    error_count: 0,
    last_error: null,
    connected_at: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function integrationFixture(
  id: number,
  overrides: Partial<FolderIntegration> = {},
): FolderIntegration {
  return {
    id,
    connection_id: 1,
    connection: { id: 1, name: 'Drive 1', google_email: 'drive1@example.com' },
    folder_id: `folder-${id}`,
    folder_name: `Calls ${id}`,
    structure_type: 'department',
    structure_config: null,
    prompt_id: 11,
    is_active: true,
    error_count: 0,
    last_error: null,
    last_check_at: '2026-03-02T10:30:00.000Z',
    syncing: false,
    ...overrides,
  };
}

export function runFixture(id: number, overrides: Partial<SyncHistoryItem> = {}): SyncHistoryItem {
  return {
    id,
    trigger: 'manual',
    status: 'completed',
    found: 4,
    queued: 2,
    skipped: 1,
    failed: 1,
    errors: [],
    started_at: '2026-03-02T10:30:00.000Z',
    finished_at: '2026-03-02T10:31:00.000Z',
    ...overrides,
  };
}

/** The API the panel calls: one connection, one integration, one prompt; override any route. */
export function mockDriveApi(
  {
    connections = [connectionFixture(1)],
    integrations = [integrationFixture(7)],
    project = testProject(),
  }: { connections?: DriveConnection[]; integrations?: FolderIntegration[]; project?: Project } = {},
  overrides: Record<string, Handler> = {},
) {
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [project] }),
    [routeKey(promptRoutes.list, { id: 5 })]: () =>
      jsonResponse(200, { data: [promptFixture(), promptFixture({ id: 12, scriptName: 'Support QA' })] }),
    [routeKey(googleDriveRoutes.oauthStatus)]: () =>
      routeAnswer(googleDriveRoutes.oauthStatus, {
        data: { google_configured: true, encryption_configured: true, available: true, message: null },
      }),
    [routeKey(googleDriveRoutes.listConnections)]: () =>
      routeAnswer(googleDriveRoutes.listConnections, { data: connections }),
    [routeKey(googleDriveRoutes.listIntegrations)]: () =>
      routeAnswer(googleDriveRoutes.listIntegrations, { data: integrations }),
    [routeKey(googleDriveRoutes.previewFolder)]: () =>
      routeAnswer(googleDriveRoutes.previewFolder, { data: { files: [], truncated: false } }),
    ...overrides,
  });
}

export async function openDrive(path: string) {
  const result = renderRoutes(driveRoutes, path);
  await screen.findByTestId('drive-panel');
  return result;
}

export function callsTo(fetch: ReturnType<typeof mockFetch>, key: string) {
  const [method, path] = key.split(' ');
  return fetch.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET') === method && url.pathname === path;
    })
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      json: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    }));
}
