import { type Insight, insightRoutes } from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requests } from '../../test/analyses';
import { renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import { INSIGHT_POLL_MS } from './api';
import { INSIGHTS_PATH, insightFixture, insightPages, mockInsightsApi } from './testUtils';

const DETAIL = routeKey(insightRoutes.get, { id: 5, insightId: 12 });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Answers the insight from `states`, one per call; the last one repeats. */
function mockStates(states: Insight[]) {
  let call = 0;
  return mockInsightsApi({
    [routeKey(insightRoutes.get, { id: 5, insightId: 12 })]: () => {
      const state = states[Math.min(call, states.length - 1)]!;
      call += 1;
      return routeAnswer(insightRoutes.get, { data: state });
    },
  });
}

const running = (stage: Insight['stage']) =>
  insightFixture({ status: stage === 'queued' ? 'queued' : 'running', stage, answer: null, charged: false });

describe('an insight', () => {
  afterEach(() => vi.useRealTimers());

  it('is asked for every 2 s while it runs, shows its stage, and stops once completed', async () => {
    vi.useFakeTimers();
    const fetch = mockStates([running('queued'), running('gathering'), running('asking'), insightFixture()]);
    renderRoutes(insightPages, `${INSIGHTS_PATH}/12`);
    for (let i = 0; i < 300 && !screen.queryByTestId('insight-progress'); i += 1) await advance(10);
    const calls = () => requests(fetch, DETAIL).length;
    const progress = () => screen.getByTestId('insight-progress');
    expect(progress()).toHaveTextContent('Waiting in the queue...');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(screen.getByTestId('insight-meta')).toHaveTextContent('charged when the answer is ready');
    expect(calls()).toBe(1);

    await advance(INSIGHT_POLL_MS - 100);
    expect(calls()).toBe(1);
    await advance(100);
    expect(calls()).toBe(2);
    expect(progress()).toHaveTextContent('Gathering the figures...');
    await advance(INSIGHT_POLL_MS);
    expect(progress()).toHaveTextContent('Asking the model...');
    await advance(INSIGHT_POLL_MS);
    expect(calls()).toBe(4);
    expect(screen.queryByTestId('insight-progress')).toBeNull();
    expect(screen.getByTestId('insight-summary')).toHaveTextContent('Deals stall');

    await advance(INSIGHT_POLL_MS * 5);
    expect(calls()).toBe(4);
  });

  it('shows the question, filters, answer, findings with figures and sources, actions, model and cost', async () => {
    mockInsightsApi();
    renderRoutes(insightPages, `${INSIGHTS_PATH}/12`);
    const summary = await screen.findByTestId('insight-summary');
    // What people and the model wrote is text, never markup.
    expect(screen.getByTestId('insight-question')).toHaveTextContent('Why do <b>deals</b> stall?');
    expect(summary).toHaveTextContent('Deals stall when the budget is <i>never</i> asked.');
    expect(document.querySelector('b, i')).toBeNull();

    const filters = screen.getByTestId('insight-filters');
    for (const text of ['Sales scorecard', 'Department: Sales', 'Discovery - Budget'])
      expect(within(filters).getByText(text)).toBeVisible();
    expect(screen.getByTestId('insight-meta')).toHaveTextContent(
      'Model: Claude Test · Cost: 6 units · Based on 42 analyses',
    );

    const finding = screen.getByTestId('insight-finding');
    expect(finding).toHaveTextContent('Budget is skipped');
    expect(finding).toHaveTextContent('Pass rate of Discovery - Budget38 %');
    const citation = within(finding).getByTestId('insight-citation');
    expect(
      within(citation).getByRole('link', { name: "Ann's calls without a budget question" }),
    ).toHaveAttribute(
      'href',
      '/projects/5/analyses?from=2026-03-01&to=2026-03-31&prompt_id=3&department=Sales&representative=Ann' +
        '&field=Discovery.Budget&field_outcome=missed',
    );
    expect(
      within(citation)
        .getAllByTestId('insight-example')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/projects/5/analyses/101', '/projects/5/analyses/102']);
    // A moment it rests on opens the analysis there.
    const moment = within(citation).getByTestId('insight-moment');
    expect(moment).toHaveTextContent('#101 at 1:13');
    expect(moment).toHaveAttribute('href', '/projects/5/analysis/101?segment=4&t=73.5');
    expect(screen.getByTestId('insight-actions')).toHaveTextContent('Coach Ann on discovery');

    await userEvent.click(
      within(citation).getByRole('link', { name: "Ann's calls without a budget question" }),
    );
    expect(await screen.findByText('Analyses list')).toBeVisible();
  });

  it('when it failed, says why and asks again with the same form', async () => {
    mockInsightsApi({
      [routeKey(insightRoutes.get, { id: 5, insightId: 12 })]: () =>
        routeAnswer(insightRoutes.get, {
          data: insightFixture({
            status: 'failed',
            stage: 'asking',
            error: 'The model did not answer in time.',
            answer: null,
            charged: false,
          }),
        }),
    });
    renderRoutes(insightPages, `${INSIGHTS_PATH}/12`);
    const failed = await screen.findByTestId('insight-failed');
    expect(failed).toHaveTextContent('The model did not answer in time.');
    expect(screen.getByTestId('insight-meta')).toHaveTextContent('Not charged');

    await userEvent.click(within(failed).getByRole('button', { name: 'Ask again' }));
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toHaveValue(
      'Why do <b>deals</b> stall?',
    );
    const departments = screen.getByTestId('insight-departments');
    expect(within(departments).getByText('Sales')).toBeVisible();
    // Its own fields stay (not the prompt's defaults).
    await waitFor(() =>
      expect(
        [...screen.getByTestId('insight-fields').querySelectorAll('.MuiChip-label')].map(
          (c) => c.textContent,
        ),
      ).toEqual(['Discovery - Budget']),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/projects\/5\/analytics\/insights$/);
  });

  it('says when it does not exist', async () => {
    mockInsightsApi({
      [routeKey(insightRoutes.get, { id: 5, insightId: 12 })]: () =>
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'Insight not found.' } }), {
          status: 404,
        }),
    });
    renderRoutes(insightPages, `${INSIGHTS_PATH}/12`);
    expect(await screen.findByText('Insight not found.')).toBeVisible();
  });
});
