import {
  authRoutes,
  projectRoutes,
  type TopicRun,
  type TopicRunDetail,
  topicRoutes,
} from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProjectGuard } from '../../shared/app/ProjectGuard';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  sessionAnswer,
  testProject,
  testUser,
} from '../../test/utils';
import TopicsPage from './TopicsPage';

const PATH = '/projects/5/analytics/topics';
const pages: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'analytics/topics', element: <TopicsPage /> },
      { path: 'settings/trackers', element: <p>Trackers page</p> },
    ],
  },
];

const run: TopicRun = {
  id: 7,
  project_id: 5,
  trigger: 'manual',
  status: 'completed',
  stage: 'done',
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  previous_start_date: '2026-01-29',
  previous_end_date: '2026-02-28',
  conversations: 33,
  previous_conversations: 20,
  provider: 'anthropic',
  model: 'claude-test',
  units_milli: 10_000,
  charged: true,
  error_code: null,
  error_message: null,
  requested_by_name: 'Olga',
  created_at: '2026-04-01T10:00:00Z',
  completed_at: '2026-04-01T10:01:00Z',
};
const detail: TopicRunDetail = {
  ...run,
  topics: [
    {
      id: 1,
      name: 'Password reset',
      description: 'Customers cannot log in.',
      count: 13,
      previous_count: 0,
      change_percent: null,
      emerging: true,
      phrases: ['password reset', 'cannot log in'],
      terms: ['password', 'reset'],
      examples: [{ analysis_id: 41, title: 'Locked out', conversation_at: '2026-03-10T12:00:00Z' }],
    },
    {
      id: 2,
      name: 'Billing',
      description: 'Charged twice.',
      count: 15,
      previous_count: 10,
      change_percent: 50,
      emerging: false,
      phrases: ['refund'],
      terms: ['refund'],
      examples: [],
    },
  ],
};

function mockApi(overrides: Record<string, Handler> = {}, project = testProject()) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => jsonResponse(200, { data: project }),
    [routeKey(topicRoutes.listRuns, { id: 5 })]: () =>
      routeAnswer(topicRoutes.listRuns, { data: [run], monthly: false }),
    [routeKey(topicRoutes.getRun, { id: 5, runId: 7 })]: () =>
      routeAnswer(topicRoutes.getRun, { data: detail }),
    ...overrides,
  });
}

describe('the topics page', () => {
  it("shows the latest run's topics: counts, trend, Emerging, examples and a tracker to create", async () => {
    mockApi();
    renderRoutes(pages, PATH);
    const rows = await screen.findAllByTestId('topic-row');
    expect(rows).toHaveLength(2);
    // The period's days in the UI language, not as ISO dates.
    expect(screen.getByTestId('topics-latest')).toHaveTextContent(
      'Mar 1, 2026 to Mar 31, 2026 (compared with Jan 29, 2026 to Feb 28, 2026)',
    );
    expect(rows[0]).toHaveTextContent('Password reset');
    expect(rows[0]).toHaveTextContent('Emerging');
    expect(rows[0]).toHaveTextContent('13 (before: 0)');
    expect(rows[0]).toHaveTextContent('New');
    expect(within(rows[0]!).getByRole('link', { name: 'Locked out' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/41',
    );
    expect(rows[1]).toHaveTextContent('+50 %');
    expect(rows[1]).toHaveTextContent('None you can see');
    expect(rows[1]).not.toHaveTextContent('Emerging');
    await userEvent.click(within(rows[0]!).getByRole('link', { name: 'Create tracker' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/projects/5/settings/trackers?new=1&name=Password+reset&phrase=password+reset&phrase=cannot+log+in',
      ),
    );
  });

  it('runs now after showing the price', async () => {
    const fetch = mockApi({
      [routeKey(topicRoutes.estimate, { id: 5 })]: () =>
        routeAnswer(topicRoutes.estimate, {
          data: {
            start_date: '2026-03-08',
            end_date: '2026-04-06',
            previous_start_date: '2026-02-06',
            previous_end_date: '2026-03-07',
            conversations: 120,
            previous_conversations: 100,
            provider: 'anthropic',
            model: 'claude-test',
            units_milli: 12_000,
            affordable: true,
          },
        }),
      [routeKey(topicRoutes.start, { id: 5 })]: () =>
        jsonResponse(202, { data: { ...run, id: 8, status: 'queued', stage: 'queued' } }),
    });
    renderRoutes(pages, PATH);
    await userEvent.click(await screen.findByTestId('topics-run-now'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/groups the 120 analysed conversations/)).toHaveTextContent(
      'Price: 12 units',
    );
    expect(within(dialog).getByText(/groups the 120/)).toHaveTextContent('from Mar 8, 2026 to Apr 6, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(
        true,
      ),
    );
  });

  it('tells a member with no runs yet that admins start them, without Run now', async () => {
    mockApi(
      {
        [routeKey(topicRoutes.listRuns, { id: 5 })]: () =>
          routeAnswer(topicRoutes.listRuns, { data: [], monthly: false }),
      },
      testProject({ my_role: 'user' }),
    );
    renderRoutes(pages, PATH);
    expect(await screen.findByText('No topics yet')).toBeVisible();
    expect(screen.getByText(/An admin or owner of the project starts topic runs/)).toBeVisible();
    expect(screen.queryByTestId('topics-run-now')).toBeNull();
  });
});
