import {
  type AnalyticsFieldsResponse,
  type AnalyticsStatusResponse,
  analysisRoutes,
  analyticsRoutes,
  authRoutes,
  type ChecklistResponse,
  type DashboardResponse,
  type ExplorerGroupRow,
  type ExplorerResponse,
  projectRoutes,
  uploadRoutes,
} from '@parley/contracts';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { z } from 'zod';
import ProjectDashboardPage from '../app/pages/ProjectDashboardPage';
import ChecklistReportPage from '../features/analytics/checklist/ChecklistReportPage';
import ExplorerPage from '../features/analytics/explorer/ExplorerPage';
import { ProjectGuard } from '../shared/app/ProjectGuard';
import { listItem, listPage, promptChoices, requests } from './analyses';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  routeAnswer,
  routeKey,
  sessionAnswer,
  testProject,
  testUser,
} from './utils';

/** Test helpers for the analytics pages (not used by the app). */

export const analyticsPages: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'dashboard', element: <ProjectDashboardPage /> },
      { path: 'analytics', element: <ExplorerPage /> },
      { path: 'analytics/checklist-report', element: <ChecklistReportPage /> },
      { path: 'analyses', element: <p>Analyses list</p> },
    ],
  },
];

export const dashboardFixture = (): z.input<typeof DashboardResponse> => ({
  data: {
    previous: { from: '2026-01-30', to: '2026-02-28' },
    analyses: { current: 120, previous: 100 },
    average_score: { current: 78.5, previous: 75 },
    pass_rate: { current: 0.812, previous: 0.771 },
    units_used_milli: { current: 450_500, previous: 500_000 },
    trend: {
      granularity: 'day',
      points: [
        { period: '2026-03-01', start: '2026-03-01', analyses: 4, average_score: 70 },
        { period: '2026-03-02', start: '2026-03-02', analyses: 6, average_score: 80 },
      ],
    },
    top_representatives: [
      { representative: 'Alice', analyses: 40, average_score: 91.2 },
      { representative: 'Bob', analyses: 30, average_score: 80 },
    ],
    bottom_representatives: [
      { representative: 'Carol', analyses: 12, average_score: 52.4 },
      { representative: 'Bob', analyses: 30, average_score: 80 },
    ],
    most_missed: [
      {
        prompt_id: 3,
        prompt_name: 'Sales scorecard',
        path: 'Discovery.Budget',
        label: 'Discovery - Budget',
        missed: 30,
        answered: 60,
        miss_rate: 0.5,
      },
    ],
    recent: [
      {
        id: 42,
        title: 'Pricing call with Acme',
        representative: 'Alice',
        prompt_name: 'Sales scorecard',
        final_score: 88,
        created_at: '2026-03-10T09:30:00.000Z',
        conversation_at: '2026-03-10T09:30:00.000Z',
      },
    ],
  },
});

export const fieldsFixture: z.input<typeof AnalyticsFieldsResponse> = {
  data: [
    { path: 'Final Score', label: 'Final Score', type: 'final', max: null, count: 50 },
    { path: 'Discovery.Budget', label: 'Discovery - Budget', type: 'bool', max: 1, count: 48 },
    { path: 'Empathy', label: 'Empathy', type: 'marks', max: 5, count: 50 },
    { path: 'Sentiment', label: 'Sentiment', type: 'option', max: null, count: 50 },
  ],
};

export function groupRow(key: string | null, overrides: Partial<ExplorerGroupRow> = {}): ExplorerGroupRow {
  return {
    key,
    start: null,
    end: null,
    count: 10,
    average: 75,
    min: 40,
    max: 100,
    passed: 0,
    missed: 0,
    na: 0,
    values: [],
    ...overrides,
  };
}

export function exploreAnswer(url: URL): z.input<typeof ExplorerResponse> {
  const path = url.searchParams.get('field') ?? 'Final Score';
  const field = fieldsFixture.data.find((entry) => entry.path === path)!;
  const group = url.searchParams.get('group_by');
  const groups =
    group === 'week'
      ? [
          groupRow('202610', { start: '2026-03-01', end: '2026-03-07', count: 4, average: 70 }),
          groupRow('202614', { start: '2026-03-29', end: '2026-04-04', count: 6, average: 80 }),
        ]
      : [
          groupRow('=HYPERLINK("http://evil")', { count: 3, average: 60, passed: 1, missed: 2 }),
          groupRow('Alice', { count: 7, average: 85.25, passed: 5, missed: 1, na: 1 }),
        ];
  const total = groupRow(null, { count: 10, average: 78.5, passed: 6, missed: 3, na: 1 });
  // A yes/no item's average is its pass rate.
  const rated = (row: ExplorerGroupRow) =>
    field.type === 'bool' ? { ...row, average: row.passed / (row.passed + row.missed) } : row;
  return { data: { field, groups: groups.map(rated), total: rated(total) } };
}

export const checklistFixture: z.input<typeof ChecklistResponse> = {
  data: {
    items: [
      { path: 'Greeted', label: 'Greeted', type: 'bool', max: 1, count: 30 },
      { path: 'Empathy', label: 'Empathy', type: 'marks', max: 5, count: 30 },
    ],
    rows: [
      {
        representative: 'Alice',
        analyses: 10,
        average_score: 80,
        cells: {
          Greeted: { count: 10, value: 0.9, ratio: 0.9, na: 0 },
          Empathy: { count: 10, value: 3.2, ratio: 0.64, na: 0 },
        },
      },
      {
        representative: 'Bob',
        analyses: 12,
        average_score: 70,
        cells: { Greeted: { count: 12, value: 0.5, ratio: 0.5, na: 0 } },
      },
      {
        representative: 'Carol',
        analyses: 8,
        average_score: 90,
        cells: {
          Greeted: { count: 8, value: 1, ratio: 1, na: 0 },
          Empathy: { count: 8, value: 4.5, ratio: 0.9, na: 0 },
        },
      },
    ],
    total: {
      representative: null,
      analyses: 30,
      average_score: 78,
      cells: {
        Greeted: { count: 30, value: 0.77, ratio: 0.77, na: 0 },
        Empathy: { count: 18, value: 3.8, ratio: 0.76, na: 0 },
      },
    },
  },
};

export const idleStatus: z.input<typeof AnalyticsStatusResponse> = {
  data: { backfill: { running: false, done: 0, total: 0 } },
};

/** The API of the analytics pages, answering from fixtures; override any route. */
export function mockAnalyticsApi(overrides: Record<string, Handler> = {}, project = testProject()) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => jsonResponse(200, { data: project }),
    [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: promptChoices }),
    [routeKey(analysisRoutes.list, { id: 5 })]: () =>
      routeAnswer(analysisRoutes.list, listPage([listItem(1)])),
    [routeKey(analyticsRoutes.status, { id: 5 })]: () => routeAnswer(analyticsRoutes.status, idleStatus),
    [routeKey(analyticsRoutes.dashboard, { id: 5 })]: () =>
      routeAnswer(analyticsRoutes.dashboard, dashboardFixture()),
    [routeKey(analyticsRoutes.fields, { id: 5 })]: () => routeAnswer(analyticsRoutes.fields, fieldsFixture),
    [routeKey(analyticsRoutes.explore, { id: 5 })]: (url) =>
      routeAnswer(analyticsRoutes.explore, exploreAnswer(url)),
    [routeKey(analyticsRoutes.checklist, { id: 5 })]: () =>
      routeAnswer(analyticsRoutes.checklist, checklistFixture),
    ...overrides,
  });
}

/** The URL of each call of a route (a routeKey), oldest first. */
export function urlsOf(fetch: ReturnType<typeof mockFetch>, key: string): URL[] {
  return requests(fetch, key).map((request) => request.url);
}

/** The query of each call of a route (a routeKey), oldest first. */
export function queriesOf(fetch: ReturnType<typeof mockFetch>, key: string): Record<string, string>[] {
  return urlsOf(fetch, key).map((url) => Object.fromEntries(url.searchParams));
}

/** The files the page saves (through an object URL and a link click): their names and contents. */
export function captureDownloads(): Array<{ name: string; blob: Blob }> {
  const files: Array<{ name: string; blob: Blob }> = [];
  let latest: Blob | null = null;
  const createObjectURL = vi.fn((blob: Blob) => {
    latest = blob;
    return 'blob:download';
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (latest) files.push({ name: this.download, blob: latest });
  });
  return files;
}
