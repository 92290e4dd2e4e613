import {
  analyticsRoutes,
  type ManagerDashboardResponse,
  type ManagerFigures,
  parsePeriodParam,
  repRoutes,
} from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { z } from 'zod';
import { ProjectGuard } from '../../../shared/app/ProjectGuard';
import { mockAnalyticsApi } from '../../../test/analytics';
import { type Handler, routeAnswer, routeKey } from '../../../test/utils';
import ManagerDashboardPage from './ManagerDashboardPage';

/** Test helpers for the manager dashboard (not used by the app). */

export const MANAGER_API = routeKey(analyticsRoutes.managerDashboard, { id: 5 });

export const managerPages: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'analytics/manager-dashboard', element: <ManagerDashboardPage /> },
      { path: 'analyses', element: <p>Analyses list</p> },
    ],
  },
];

/** "Today" is Wednesday 18 March 2026 in the reader's time zone (English: weeks start on Sunday). */
export function todayIsWednesday18March() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 18, 10, 0));
}

type Period = { analyses: number; average: number | null; cells: Record<string, [number, number | null]> };
const figures = (analyses: number, average: number | null, cells: Period['cells'] = {}): Period => ({
  analyses,
  average,
  cells,
});
/** An item's analyses and figure in one period. */
const cell = (count: number, value: number | null): [number, number | null] => [count, value];

const FIELDS = [
  { path: 'Greeted', label: 'Greeted', type: 'bool', max: 1, count: 34 },
  { path: 'Empathy', label: 'Empathy', type: 'marks', max: 5, count: 34 },
  { path: 'Fillers', label: 'Filler words', type: 'int', max: null, count: 34 },
] as const;

/** A group's periods as the answer carries them: per period, and per item (in the fields' order) per period. */
const over = (periods: Period[]): ManagerFigures => ({
  analyses: periods.map((period) => period.analyses),
  average_score: periods.map((period) => period.average),
  values: FIELDS.map(({ path }) => periods.map((period) => period.cells[path]?.[1] ?? null)),
  counts: FIELDS.map(({ path }) => {
    const counts = periods.map((period) => period.cells[path]?.[0] ?? 0);
    return counts.every((count, index) => count === periods[index]!.analyses) ? null : counts;
  }),
});

/**
 * Three periods' figures (the first periods asked for are answered): the team improves its average 70 → 75
 * → 75, its Greeted pass rate falls 80% → 72%, its filler words (a number: no better or worse) rise 3 → 4.5
 * (counted in 9 of the first period's 10 analyses).
 */
const TEAM = [
  figures(10, 70, { Greeted: cell(10, 0.8), Empathy: cell(10, 3), Fillers: cell(9, 3) }),
  figures(12, 75, { Greeted: cell(12, 0.72), Empathy: cell(12, 3.5), Fillers: cell(12, 4.5) }),
  figures(12, 75, { Greeted: cell(12, 0.72), Empathy: cell(12, 3.5), Fillers: cell(12, 4.5) }),
];
const ROWS = [
  {
    representative: 'Alice',
    periods: [
      figures(6, 80, { Greeted: cell(6, 1), Empathy: cell(6, 4) }),
      figures(5, 90, { Greeted: cell(5, 1), Empathy: cell(5, 4.5) }),
      figures(5, 90, { Greeted: cell(5, 1), Empathy: cell(5, 4.5) }),
    ],
  },
  {
    representative: 'Bob',
    periods: [
      figures(4, 55, { Greeted: cell(4, 0.5), Empathy: cell(4, 1.5) }),
      figures(7, 64.3, { Greeted: cell(7, 0.5), Empathy: cell(7, 2.8) }),
      figures(7, 64.3, { Greeted: cell(7, 0.5), Empathy: cell(7, 2.8) }),
    ],
  },
  { representative: null, periods: [figures(0, null), figures(0, null), figures(0, null)] },
];

export function managerAnswer(url: URL, empty = false): z.input<typeof ManagerDashboardResponse> {
  const periods = url.searchParams.getAll('period').map((value) => parsePeriodParam(value)!);
  const take = <T,>(list: T[]) => list.slice(0, periods.length);
  return {
    data: {
      periods,
      fields: [...FIELDS],
      team: over(empty ? take(TEAM).map(() => figures(0, null)) : take(TEAM)),
      rows: empty
        ? []
        : ROWS.map(({ representative, periods }) => ({ representative, ...over(take(periods)) })),
    },
  };
}

/** The analytics API with the manager dashboard and the project's names (with the 'null' an import left). */
export function mockManagerApi(overrides: Record<string, Handler> = {}) {
  return mockAnalyticsApi({
    [routeKey(analyticsRoutes.managerDashboard, { id: 5 })]: (url) =>
      routeAnswer(analyticsRoutes.managerDashboard, managerAnswer(url)),
    [routeKey(repRoutes.departments, { id: 5 })]: () =>
      routeAnswer(repRoutes.departments, { data: ['Sales', 'null', 'Support'] }),
    [routeKey(repRoutes.representatives, { id: 5 })]: () =>
      routeAnswer(repRoutes.representatives, { data: ['Alice', 'undefined', 'Bob'] }),
    ...overrides,
  });
}

/** Text as a test writes it: Intl's thin and narrow no-break spaces (in ranges and times) as plain ones. */
export const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** The period cards' names, oldest first. */
export const periodNames = () =>
  screen
    .getAllByTestId('period-card')
    .map((card) => plain(within(card).getByTestId('period-label').textContent));
