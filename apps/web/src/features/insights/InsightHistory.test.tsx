import { insightRoutes } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { requests } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeAnswer, routeKey, testProject } from '../../test/utils';
import { INSIGHTS_PATH, insightFixture, insightPages, listOf, mockInsightsApi, summaryOf } from './testUtils';

const LIST = routeKey(insightRoutes.list, { id: 5 });
const completed = summaryOf(insightFixture());
const failed = summaryOf(
  insightFixture({
    id: 13,
    question: 'Who needs coaching?',
    status: 'failed',
    charged: false,
    filters: { ...insightFixture().filters, department: [], prompt_id: null, prompt_name: null },
  }),
);

describe('insight history', () => {
  it('lists the insights with their filters, model, date, cost and status; a row reopens one', async () => {
    mockInsightsApi({
      [routeKey(insightRoutes.list, { id: 5 })]: () =>
        routeAnswer(insightRoutes.list, listOf([completed, failed])),
    });
    renderRoutes(insightPages, INSIGHTS_PATH);
    const row = await screen.findByTestId('insight-row-12');
    expect(row).toHaveTextContent('Why do <b>deals</b> stall?');
    expect(row).toHaveTextContent('Sales scorecard · Mar 1 – 31, 2026 · Department: Sales');
    expect(row).toHaveTextContent('Claude Test');
    expect(row).toHaveTextContent('Mar 31, 2026');
    expect(row).toHaveTextContent('6');
    expect(row).toHaveTextContent('Completed');
    const other = screen.getByTestId('insight-row-13');
    expect(other).toHaveTextContent('Mar 1 – 31, 2026');
    expect(other).toHaveTextContent('—');
    expect(other).toHaveTextContent('Failed');

    await userEvent.click(row);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/analytics/insights/12'));
  });

  it('pages through the history with the page sizes 5, 10, 25, 50', async () => {
    const fetch = mockInsightsApi({
      [routeKey(insightRoutes.list, { id: 5 })]: (url) =>
        routeAnswer(
          insightRoutes.list,
          listOf(
            [completed],
            30,
            Number(url.searchParams.get('page')),
            Number(url.searchParams.get('page_size')),
          ),
        ),
    });
    renderRoutes(insightPages, INSIGHTS_PATH);
    expect(await screen.findByText('1–10 of 30')).toBeVisible();
    expect(requests(fetch, LIST)[0]!.url.search).toBe('?page=1&page_size=10');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requests(fetch, LIST).at(-1)!.url.search).toBe('?page=2&page_size=10'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '25',
      '50',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(requests(fetch, LIST).at(-1)!.url.search).toBe('?page=1&page_size=25'));
  });

  it('lets an owner delete an insight after confirming', async () => {
    let items = [completed, failed];
    const fetch = mockInsightsApi({
      [routeKey(insightRoutes.list, { id: 5 })]: () => routeAnswer(insightRoutes.list, listOf(items)),
      [routeKey(insightRoutes.remove, { id: 5, insightId: 13 })]: () => {
        items = [completed];
        return jsonResponse(200, { data: { ok: true } });
      },
    });
    renderRoutes(insightPages, INSIGHTS_PATH);
    const row = await screen.findByTestId('insight-row-13');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete insight' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('"Who needs coaching?" and its answer will be deleted for everyone.');
    expect(screen.getByTestId('location')).toHaveTextContent(/insights$/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete insight' }));
    await waitFor(() => expect(screen.queryByTestId('insight-row-13')).toBeNull());
    expect(requests(fetch, routeKey(insightRoutes.remove, { id: 5, insightId: 13 }))).toHaveLength(1);
  });

  it('offers no delete to other members', async () => {
    mockInsightsApi(
      {
        [routeKey(insightRoutes.list, { id: 5 })]: () => routeAnswer(insightRoutes.list, listOf([completed])),
      },
      testProject({ my_role: 'teamleader' }),
    );
    renderRoutes(insightPages, INSIGHTS_PATH);
    const row = await screen.findByTestId('insight-row-12');
    expect(within(row).queryByRole('button', { name: 'Delete insight' })).toBeNull();
  });

  it('says when nothing was asked yet', async () => {
    mockInsightsApi();
    renderRoutes(insightPages, INSIGHTS_PATH);
    expect(await screen.findByText('No insights yet')).toBeVisible();
  });
});
