import {
  type AnalysisTrackerHit,
  type Project,
  projectRoutes,
  type Tracker,
  trackerRoutes,
} from '@parley/contracts';
import { screen, waitFor } from '@testing-library/react';
import { Navigate, type RouteObject } from 'react-router';
import { expect } from 'vitest';
import SettingsPage from '../app/pages/SettingsPage';
import { ProjectGuard, RequireProjectManager } from '../shared/app/ProjectGuard';
import { type Handler, mockFetch, renderRoutes, routeAnswer, routeKey, testProject } from './utils';

/** Test helpers for trackers: the settings tab, the analyses filter, the analysis card, analytics (not used by the app). */

export const TRACKERS_TAB_PATH = '/projects/5/settings/trackers';

export const settingsPageRoutes: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      {
        element: <RequireProjectManager />,
        children: [
          { path: 'settings', element: <Navigate to="general" replace /> },
          { path: 'settings/:tab', element: <SettingsPage /> },
        ],
      },
      { path: 'analyses', element: <div>Analyses list</div> },
    ],
  },
];

export function trackerFixture(id: number, overrides: Partial<Tracker> = {}): Tracker {
  return {
    id,
    project_id: 5,
    kind: 'keywords',
    name: `Tracker ${id}`,
    language: 'en',
    phrases: ['cancel', 'terminate'],
    speaker: 'anyone',
    window: null,
    statement: null,
    apply: { status: 'done', done: 10, total: 10, finished_at: '2026-03-01T10:05:00.000Z' },
    analyses_hit: 3,
    created_by: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function hitFixture(
  trackerId: number,
  overrides: Partial<AnalysisTrackerHit> = {},
): AnalysisTrackerHit {
  return {
    tracker_id: trackerId,
    name: `Tracker ${trackerId}`,
    hits: 1,
    moments: [{ segment: 1, seconds: 4.5, role: 'customer', text: 'Hi, I have a question about pricing?' }],
    ...overrides,
  };
}

export const trackersAnswer = (trackers: Tracker[]) => routeAnswer(trackerRoutes.list, { data: trackers });

/** The project (an owner's, writable) and its trackers; `overrides` replace or add calls. */
export function mockTrackersApi(
  trackers: Tracker[],
  overrides: Record<string, Handler> = {},
  project: Project = testProject({ read_only: false }),
) {
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => routeAnswer(projectRoutes.get, { data: project }),
    [routeKey(trackerRoutes.list, { id: 5 })]: () => trackersAnswer(trackers),
    ...overrides,
  });
}

/** Opens Project Settings → Trackers and waits for its list to load. */
export async function openTrackersTab() {
  const result = renderRoutes(settingsPageRoutes, TRACKERS_TAB_PATH);
  await screen.findByTestId('trackers');
  await waitFor(() => expect(screen.queryByText('Loading trackers...')).not.toBeInTheDocument());
  return result;
}
