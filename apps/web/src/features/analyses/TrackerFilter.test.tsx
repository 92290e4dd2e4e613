import { analysisRoutes, trackerRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { analysesRoutes, mockAnalysesApi, requests, stubEventSource } from '../../test/analyses';
import { trackerFixture, trackersAnswer } from '../../test/trackers';
import { renderRoutes, routeKey } from '../../test/utils';

const TRACKERS = routeKey(trackerRoutes.list, { id: 5 });
const location = () => screen.getByTestId('location').textContent;
const lastListQuery = (fetch: ReturnType<typeof mockAnalysesApi>) =>
  requests(fetch, routeKey(analysisRoutes.list, { id: 5 }))
    .at(-1)!
    .url.searchParams.toString();

async function openList(path = '/projects/5/analyses') {
  renderRoutes(analysesRoutes, path);
  await screen.findByTestId('analysis-row-1');
}

beforeEach(() => stubEventSource());

describe('analyses list: the tracker filter', () => {
  it('is not shown while the project has no trackers', async () => {
    const fetch = mockAnalysesApi({ [TRACKERS]: () => trackersAnswer([]) });
    await openList();
    await waitFor(() => expect(requests(fetch, TRACKERS)).toHaveLength(1));
    expect(screen.queryByRole('combobox', { name: 'Tracker' })).not.toBeInTheDocument();
  });

  it("offers the project's trackers; choosing one filters the list and goes to the URL", async () => {
    const fetch = mockAnalysesApi({
      [TRACKERS]: () =>
        trackersAnswer([trackerFixture(1, { name: 'Churn' }), trackerFixture(2, { name: 'Pricing' })]),
    });
    await openList('/projects/5/analyses?page=2');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Tracker' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All', 'Churn', 'Pricing']);
    fireEvent.click(screen.getByRole('option', { name: 'Pricing' }));
    expect(location()).toBe('/projects/5/analyses?tracker_id=2');
    await waitFor(() => expect(lastListQuery(fetch)).toBe('page=1&page_size=25&tracker_id=2'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tracker' }));
    fireEvent.click(screen.getByRole('option', { name: 'All' }));
    expect(location()).toBe('/projects/5/analyses');
  });

  it('reads the tracker from the URL (a link from analytics or the settings tab)', async () => {
    const fetch = mockAnalysesApi({
      [TRACKERS]: () => trackersAnswer([trackerFixture(1, { name: 'Churn' })]),
    });
    await openList('/projects/5/analyses?representative=Alice&tracker_id=1');
    expect(lastListQuery(fetch)).toBe('page=1&page_size=25&representative=Alice&tracker_id=1');
    expect(await screen.findByRole('combobox', { name: 'Tracker' })).toHaveTextContent('Churn');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/projects/5/analyses');
  });
});
