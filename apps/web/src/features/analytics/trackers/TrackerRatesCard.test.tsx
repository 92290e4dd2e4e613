import { type TrackerStatsRow, trackerRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyticsPages, mockAnalyticsApi, queriesOf } from '../../../test/analytics';
import { trackerFixture, trackersAnswer } from '../../../test/trackers';
import { type Handler, renderRoutes, routeAnswer, routeKey } from '../../../test/utils';

const TRACKERS = routeKey(trackerRoutes.list, { id: 5 });
const STATS = routeKey(trackerRoutes.stats, { id: 5 });
const RANGE = 'from=2026-03-01&to=2026-03-31';
const location = () => screen.getByTestId('location').textContent;

const row = (trackerId: number, key: string | null, analyses: number, hit: number): TrackerStatsRow => ({
  tracker_id: trackerId,
  key,
  analyses,
  hit,
});

/** Two trackers; the stats answer per grouping. */
function mockApi(overrides: Record<string, Handler> = {}) {
  return mockAnalyticsApi({
    [TRACKERS]: () =>
      trackersAnswer([trackerFixture(1, { name: 'Churn' }), trackerFixture(2, { name: 'Pricing' })]),
    [STATS]: (url) => {
      const group = (url.searchParams.get('group_by') ?? 'representative') as 'representative';
      const rows =
        group === ('month' as string)
          ? [row(1, '2026-02', 40, 10), row(1, '2026-03', 50, 5)]
          : group === ('department' as string)
            ? [row(1, 'Sales', 80, 20), row(1, null, 10, 1)]
            : [row(1, 'Alice', 40, 10), row(2, 'Alice', 40, 0), row(1, 'Bob', 8, 2)];
      return routeAnswer(trackerRoutes.stats, { data: { group_by: group, rows } });
    },
    ...overrides,
  });
}

async function openAnalytics(path = `/projects/5/analytics?${RANGE}`) {
  renderRoutes(analyticsPages, path);
  return within(await screen.findByTestId('tracker-rates'));
}

const tableRows = () => screen.getAllByTestId('tracker-rate-row').map((tr) => tr.textContent);

describe('analytics: the Trackers card', () => {
  it("shows every tracker's hit rate per representative within the page's filters", async () => {
    const fetch = mockApi();
    const card = await openAnalytics(`/projects/5/analytics?${RANGE}&department=Sales&representative=Alice`);
    await waitFor(() => expect(screen.getAllByTestId('tracker-rate-row')).toHaveLength(3));
    // Not the page's prompt: trackers look at every analysis.
    expect(queriesOf(fetch, STATS).at(-1)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      department: 'Sales',
      representative: 'Alice',
      group_by: 'representative',
    });
    expect(card.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Tracker',
      'Representative',
      'Analyses',
      'Hit',
      'Hit rate',
    ]);
    expect(tableRows()).toEqual(['ChurnAlice401025%', 'PricingAlice4000%', 'ChurnBob8225%']);
    const first = within(screen.getAllByTestId('tracker-rate-row')[0]!);
    expect(first.getByRole('link', { name: 'Open the 10 analyses that hit Churn' })).toHaveAttribute(
      'href',
      `/projects/5/analyses?${RANGE}&department=Sales&representative=Alice&tracker_id=1`,
    );
    // No link to nothing.
    expect(within(screen.getAllByTestId('tracker-rate-row')[1]!).queryByRole('link')).toBeNull();
  });

  it('one tracker by month: months as rows, each hit count linking to its days within the range', async () => {
    const fetch = mockApi();
    const range = 'from=2026-02-15&to=2026-03-31';
    const card = await openAnalytics(`/projects/5/analytics?${range}`);
    fireEvent.mouseDown(card.getByRole('combobox', { name: 'Tracker' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Churn' }));
    fireEvent.click(card.getByRole('button', { name: 'Month' }));
    expect(location()).toBe(`/projects/5/analytics?${range}&tracker_id=1&tracker_group_by=month`);
    await waitFor(() =>
      expect(queriesOf(fetch, STATS).at(-1)).toMatchObject({ tracker_id: '1', group_by: 'month' }),
    );
    await waitFor(() => expect(tableRows()).toEqual(['Feb 2026401025%', 'Mar 202650510%']));
    expect(card.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Month',
      'Analyses',
      'Hit',
      'Hit rate',
    ]);
    // February begins before the range: its link keeps to the range's days.
    expect(card.getByRole('link', { name: 'Open the 10 analyses that hit Churn' })).toHaveAttribute(
      'href',
      '/projects/5/analyses?from=2026-02-15&to=2026-02-28&tracker_id=1',
    );
    expect(card.getByRole('link', { name: 'Open the 5 analyses that hit Churn' })).toHaveAttribute(
      'href',
      '/projects/5/analyses?from=2026-03-01&to=2026-03-31&tracker_id=1',
    );
  });

  it('by department: analyses without a department are "(none)" and link nowhere', async () => {
    mockApi();
    const card = await openAnalytics(`/projects/5/analytics?${RANGE}&tracker_group_by=department`);
    await waitFor(() => expect(tableRows()).toEqual(['ChurnSales802025%', 'Churn(none)10110%']));
    expect(card.getByRole('link', { name: 'Open the 20 analyses that hit Churn' })).toHaveAttribute(
      'href',
      `/projects/5/analyses?${RANGE}&department=Sales&tracker_id=1`,
    );
    expect(within(screen.getAllByTestId('tracker-rate-row')[1]!).queryByRole('link')).toBeNull();
  });

  it('says when the range has no analyses', async () => {
    mockApi({
      [STATS]: () => routeAnswer(trackerRoutes.stats, { data: { group_by: 'representative', rows: [] } }),
    });
    const card = await openAnalytics();
    expect(await card.findByText('No completed analyses in this range.')).toBeInTheDocument();
  });

  it('is not shown while the project has no trackers', async () => {
    const fetch = mockApi({ [TRACKERS]: () => trackersAnswer([]) });
    renderRoutes(analyticsPages, `/projects/5/analytics?${RANGE}`);
    await screen.findAllByTestId('explorer-row');
    await waitFor(() => expect(queriesOf(fetch, TRACKERS)).toHaveLength(1));
    expect(screen.queryByTestId('tracker-rates')).not.toBeInTheDocument();
    expect(queriesOf(fetch, STATS)).toHaveLength(0);
  });
});
