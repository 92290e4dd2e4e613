import {
  analysisRoutes,
  analyticsRoutes,
  billingRoutes,
  memberRoutes,
  projectRoutes,
  uploadRoutes,
} from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listPage } from '../../test/analyses';
import { analyticsPages, dashboardFixture, mockAnalyticsApi, queriesOf } from '../../test/analytics';
import { jsonResponse, renderRoutes, routeAnswer, routeKey, testProject, testUser } from '../../test/utils';

const routes = [...analyticsPages, { path: '/dashboard', element: <p>Projects overview</p> }];
const DASHBOARD = routeKey(analyticsRoutes.dashboard, { id: 5 });
const noAnalyses = {
  [routeKey(analysisRoutes.list, { id: 5 })]: () => routeAnswer(analysisRoutes.list, listPage([], 0)),
};

async function openDashboard(path = '/projects/5/dashboard?from=2026-03-01&to=2026-03-31&prompt_id=3') {
  const view = renderRoutes(routes, path);
  await screen.findByTestId('kpi-analyses');
  return view;
}

describe('project dashboard', () => {
  it('asks for the range and prompt of the URL and shows the KPIs with their change', async () => {
    const fetch = mockAnalyticsApi();
    await openDashboard();
    expect(queriesOf(fetch, DASHBOARD).at(-1)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      prompt_id: '3',
    });

    const analyses = screen.getByTestId('kpi-analyses');
    expect(within(analyses).getByTestId('kpi-value')).toHaveTextContent('120');
    expect(within(analyses).getByTestId('change')).toHaveTextContent('+20%vs previous period');
    const score = screen.getByTestId('kpi-averageScore');
    expect(within(score).getByTestId('kpi-value')).toHaveTextContent('78.5');
    expect(within(score).getByTestId('change')).toHaveTextContent('+3.5');
    const passRate = screen.getByTestId('kpi-passRate');
    expect(within(passRate).getByTestId('kpi-value')).toHaveTextContent('81.2%');
    expect(within(passRate).getByTestId('change')).toHaveTextContent('+4.1 pp');
    const units = screen.getByTestId('kpi-unitsUsed');
    expect(within(units).getByTestId('kpi-value')).toHaveTextContent('450.5');
    expect(within(units).getByTestId('change')).toHaveTextContent('-9.9%');
  });

  it('counts knocked-out analyses under the pass rate, and nothing when none was', async () => {
    const knocked = dashboardFixture();
    knocked.data.knockouts = { current: 3, previous: 1 };
    mockAnalyticsApi({ [DASHBOARD]: () => jsonResponse(200, knocked) });
    await openDashboard();
    expect(within(screen.getByTestId('kpi-passRate')).getByTestId('kpi-knockouts')).toHaveTextContent(
      '3 knocked out',
    );
  });

  it('offers the scorecard versions of the chosen prompt and asks for the one chosen', async () => {
    const fetch = mockAnalyticsApi();
    await openDashboard('/projects/5/dashboard?from=2026-03-01&to=2026-03-31&prompt_id=3&prompt_version=2');
    await waitFor(() => expect(queriesOf(fetch, DASHBOARD).at(-1)).toMatchObject({ prompt_version: '2' }));
    expect(screen.queryByTestId('kpi-knockouts')).not.toBeInTheDocument();
  });

  it('says so when the previous period had no analyses to compare a score or pass rate with', async () => {
    const quiet = dashboardFixture();
    quiet.data.average_score.previous = null;
    quiet.data.pass_rate.previous = null;
    mockAnalyticsApi({ [DASHBOARD]: () => jsonResponse(200, quiet) });
    await openDashboard();
    for (const kpi of ['kpi-averageScore', 'kpi-passRate']) {
      expect(within(screen.getByTestId(kpi)).getByTestId('change')).toHaveTextContent(
        'None in the previous period',
      );
    }
  });

  it('links every figure to the analyses behind it', async () => {
    mockAnalyticsApi();
    await openDashboard();
    const list = '/projects/5/analyses?from=2026-03-01&to=2026-03-31&prompt_id=3';
    expect(screen.getByTestId('kpi-analyses')).toHaveAttribute('href', `${list}&status=completed`);
    expect(screen.getByTestId('kpi-passRate')).toHaveAttribute('href', `${list}&status=completed`);

    const top = screen.getByTestId('top-representatives');
    expect(within(top).getByRole('link', { name: /Alice/ })).toHaveAttribute(
      'href',
      `${list}&representative=Alice&status=completed`,
    );
    // Bob ranks among the best: he is not listed again among those who need coaching.
    const bottom = screen.getByTestId('bottom-representatives');
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining('Carol')]);

    const missed = within(screen.getByTestId('most-missed')).getByRole('link', {
      name: /Discovery - Budget/,
    });
    expect(missed).toHaveAttribute('href', `${list}&field=Discovery.Budget&field_outcome=missed`);
    expect(missed).toHaveTextContent('50%');
    expect(missed).toHaveTextContent('Missed in 30 of 60');

    const recent = screen.getByTestId('recent-analyses');
    expect(within(recent).getByRole('link', { name: /Pricing call with Acme/ })).toHaveAttribute(
      'href',
      '/projects/5/analysis/42',
    );
    expect(within(recent).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      `${list}&status=completed`,
    );
    expect(within(screen.getByTestId('score-trend')).getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'href',
      '/projects/5/analytics?from=2026-03-01&to=2026-03-31&prompt_id=3',
    );
  });

  it('shows the last 30 days of the project by default', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-31T23:30:00Z'), toFake: ['Date'] });
    const fetch = mockAnalyticsApi({}, testProject({ timezone: 'Europe/Berlin' }));
    await openDashboard('/projects/5/dashboard');
    // 23:30 UTC is already April 1st in Berlin.
    expect(queriesOf(fetch, DASHBOARD).at(-1)).toEqual({ from: '2026-03-03', to: '2026-04-01' });
    expect(screen.getByTestId('kpi-analyses')).toHaveAttribute(
      'href',
      '/projects/5/analyses?from=2026-03-03&to=2026-04-01&status=completed',
    );
  });

  it('says when a period has no analyses, and offers all time', async () => {
    const empty = {
      current: 0,
      previous: 0,
    };
    const fetch = mockAnalyticsApi({
      [routeKey(analyticsRoutes.dashboard, { id: 5 })]: (url) =>
        jsonResponse(200, {
          data: {
            previous: null,
            analyses: url.searchParams.has('from') ? empty : { current: 3, previous: null },
            average_score: { current: null, previous: null },
            pass_rate: { current: null, previous: null },
            units_used_milli: { current: 0, previous: 0 },
            trend: { granularity: 'day', points: [] },
            top_representatives: [],
            bottom_representatives: [],
            most_missed: [],
            recent: [],
          },
        }),
    });
    await openDashboard();
    expect(await screen.findByText('No analyses completed in this period')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all time' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/dashboard?prompt_id=3&range=all');
    expect(await screen.findByText('No scored analyses in this period.')).toBeInTheDocument();
    expect(queriesOf(fetch, DASHBOARD).at(-1)).toEqual({ prompt_id: '3' });
  });

  it('welcomes a project without analyses with the steps its viewer may take', async () => {
    mockAnalyticsApi({
      ...noAnalyses,
      [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: [] }),
    });
    const { unmount } = renderRoutes(routes, '/projects/5/dashboard');
    const start = await screen.findByTestId('getting-started');
    expect(within(start).getByRole('link', { name: 'Open billing' })).toHaveAttribute(
      'href',
      '/projects/5/billing',
    );
    expect(within(start).getByRole('link', { name: 'Create a prompt' })).toHaveAttribute(
      'href',
      '/projects/5/prompts/new',
    );
    expect(within(start).getByRole('link', { name: 'Upload' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/upload',
    );
    expect(screen.queryByTestId('kpi-analyses')).not.toBeInTheDocument();
    unmount();

    // A member can't manage prompts: they are told who can.
    mockAnalyticsApi(
      { ...noAnalyses, [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: [] }) },
      testProject({ my_role: 'user' }),
    );
    const member = renderRoutes(routes, '/projects/5/dashboard');
    const steps = await screen.findByTestId('getting-started');
    expect(within(steps).queryByRole('link', { name: 'Create a prompt' })).not.toBeInTheDocument();
    expect(within(steps).getByText(/ask them for one/)).toBeInTheDocument();
    expect(within(steps).queryByRole('link', { name: 'Open billing' })).not.toBeInTheDocument();
    expect(within(steps).getByText(/can add funds on its billing page/)).toBeInTheDocument();
    expect(within(steps).getByRole('link', { name: 'Upload' })).toBeInTheDocument();
    member.unmount();

    // Support staff reading the project: nothing to do but read.
    mockAnalyticsApi(noAnalyses, testProject({ my_role: 'admin', read_only: true }));
    renderRoutes(routes, '/projects/5/dashboard');
    const readOnly = await screen.findByTestId('getting-started');
    expect(within(readOnly).queryByRole('link')).not.toBeInTheDocument();
  });

  it('ticks the funds and prompt steps once the project can pay and has a prompt', async () => {
    mockAnalyticsApi({
      ...noAnalyses,
      [routeKey(billingRoutes.canProcess, { id: 5 })]: () =>
        jsonResponse(200, { data: { can_process: true } }),
    });
    renderRoutes(routes, '/projects/5/dashboard');
    const funds = await screen.findByTestId('start-step-1');
    expect(funds).toHaveTextContent('Have units to analyse with');
    await waitFor(() => expect(funds).toHaveAttribute('data-done', 'true'));
    await waitFor(() => expect(screen.getByTestId('start-step-2')).toHaveAttribute('data-done', 'true'));
    expect(screen.getByTestId('start-step-3')).toHaveAttribute('data-done', 'false');
  });

  it('lets a member without the admin role leave the project after confirming', async () => {
    let projects = [testProject({ my_role: 'user' })];
    const fetch = mockAnalyticsApi(
      {
        [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: projects }),
        [routeKey(memberRoutes.remove, { id: 5, userId: testUser.id })]: () => {
          projects = [];
          return routeAnswer(memberRoutes.remove, { data: { ok: true } });
        },
      },
      testProject({ my_role: 'user' }),
    );
    renderRoutes(routes, '/projects/5/dashboard');
    const leave = await screen.findByRole('button', { name: 'Leave project' });
    expect(screen.queryByRole('link', { name: 'Edit Project' })).not.toBeInTheDocument();

    await userEvent.click(leave);
    const dialog = await screen.findByRole('dialog', { name: 'Leave project' });
    expect(dialog).toHaveTextContent('Leave Sales Calls? You lose access to it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave project' }));

    expect(await screen.findByText('Projects overview')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('offers managers the edit link instead, and support staff reading it neither', async () => {
    mockAnalyticsApi({}, testProject({ my_role: 'admin' }));
    const { unmount } = renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Calls' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit Project' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave project' })).not.toBeInTheDocument();
    unmount();

    mockAnalyticsApi({}, testProject({ my_role: 'admin', read_only: true }));
    renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Calls' })).toBeInTheDocument();
    await screen.findByTestId('kpi-analyses');
    expect(screen.queryByRole('link', { name: 'Edit Project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave project' })).not.toBeInTheDocument();
  });
});
