import { analyticsRoutes, promptRoutes, uploadRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../test/analytics';
import { jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../../test/utils';
import { managerAnswer, managerPages, mockManagerApi, plain, todayIsWednesday18March } from './testUtils';

const PAGE = '/projects/5/analytics/manager-dashboard';
const PERIODS = 'period=2026-03-01..2026-03-07&period=2026-03-08..2026-03-14&period=2026-03-15..2026-03-21';
const CONFIG = `view=weeks&${PERIODS}&prompt_id=3`;

async function openComparison(query = CONFIG) {
  const view = renderRoutes(managerPages, `${PAGE}?${query}`);
  await screen.findAllByTestId('comparison-row');
  return view;
}

/** The cells of a measure in a row (one per period), by the column ids '<period>:<measure>'. */
const cellsOf = (row: HTMLElement, measure: string) =>
  within(row)
    .getAllByTestId('comparison-cell')
    .filter((cell) => cell.dataset.column?.endsWith(`:${measure}`));
const team = () => screen.getByTestId('comparison-team');
const names = () =>
  screen.getAllByTestId('comparison-row').map((row) => within(row).getByRole('rowheader').textContent);
const change = (cell: HTMLElement) => within(cell).queryByTestId('period-change');

beforeEach(todayIsWednesday18March);

describe('manager dashboard: the comparison', () => {
  it('shows each figure per period with its change from the period before, judged by the field', async () => {
    mockManagerApi();
    await openComparison();
    const periodHeads = screen.getAllByRole('button', { name: /^Sort by Average score/ });
    expect(periodHeads.map((head) => head.textContent)).toEqual([
      '2 weeks ago',
      'Previous week',
      'Current week',
    ]);

    // The final score: up is better (green), in points.
    const [first, second, third] = cellsOf(team(), 'average');
    expect(first).toHaveTextContent('7010 analyses');
    expect(change(first!)).toBeNull();
    expect(change(second!)).toHaveTextContent('+5 (better than the period before)');
    expect(change(second!)).toHaveAttribute('data-verdict', 'better');
    expect(change(third!)).toHaveAttribute('data-verdict', 'same');
    expect(change(third!)).toHaveTextContent('0');

    // A pass rate: in percent, its change in percentage points; down is worse (red).
    const greeted = cellsOf(team(), 'Greeted');
    expect(greeted[0]).toHaveTextContent('80%10 analyses');
    expect(change(greeted[1]!)).toHaveTextContent('-8 pp');
    expect(change(greeted[1]!)).toHaveAttribute('data-verdict', 'worse');

    // A number (filler words) has no better or worse: grey; the count of analyses neither.
    const fillers = cellsOf(team(), 'Fillers');
    expect(fillers[0]).toHaveTextContent('39 analyses');
    expect(change(fillers[1]!)).toHaveTextContent('+1.5');
    expect(change(fillers[1]!)).toHaveAttribute('data-verdict', 'neutral');
    expect(change(cellsOf(team(), 'analyses')[1]!)).toHaveTextContent('+2');
    expect(change(cellsOf(team(), 'analyses')[1]!)).toHaveAttribute('data-verdict', 'neutral');

    const [alice] = screen.getAllByTestId('comparison-row');
    expect(change(cellsOf(alice!, 'Empathy')[1]!)).toHaveTextContent('+0.5');
    expect(change(cellsOf(alice!, 'Empathy')[1]!)).toHaveAttribute('data-verdict', 'better');
  });

  it('shows the team on top, representatives below, sortable by any period of any field', async () => {
    mockManagerApi();
    await openComparison();
    expect(within(team()).getByRole('rowheader')).toHaveTextContent('Whole team');
    expect(names()).toEqual(['Alice', 'Bob', '(none)']);

    await userEvent.click(screen.getByRole('button', { name: 'Sort by Greeted, 2 weeks ago' }));
    expect(screen.getByTestId('location')).toHaveTextContent('sort=0%3AGreeted&dir=desc');
    expect(names()).toEqual(['Alice', 'Bob', '(none)']);
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Greeted, 2 weeks ago' }));
    // Without a value last either way.
    expect(names()).toEqual(['Bob', 'Alice', '(none)']);
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Analyses, Current week' }));
    expect(names()).toEqual(['Bob', 'Alice', '(none)']);
    await userEvent.click(screen.getByRole('button', { name: 'Sort by representative' }));
    expect(names()).toEqual(['Alice', 'Bob', '(none)']);
  });

  it("links a figure to its analyses: the representative's in the period, for a yes/no item those that missed it", async () => {
    mockManagerApi();
    await openComparison(`${CONFIG}&department=Sales`);
    const [alice, , none] = screen.getAllByTestId('comparison-row');
    const list = '/projects/5/analyses?from=2026-03-08&to=2026-03-14&prompt_id=3&department=Sales';
    expect(within(cellsOf(alice!, 'average')[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `${list}&representative=Alice&status=completed`,
    );
    expect(within(cellsOf(alice!, 'Greeted')[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `${list}&representative=Alice&status=completed&field=Greeted&field_outcome=missed`,
    );
    expect(within(cellsOf(team(), 'Empathy')[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `${list}&status=completed&field=Empathy`,
    );
    // Analyses without a representative can't be listed as such.
    expect(within(none!).queryByRole('link')).not.toBeInTheDocument();
  });

  it("counts one scorecard version: the version comes from the link, is asked for, kept in figures' links, and cleared", async () => {
    const version = (number: number, state: 'published' | 'superseded') => ({
      id: 40 + number,
      prompt_id: 3,
      number,
      state,
      author: null,
      created_at: '2026-03-01T10:00:00.000Z',
      published_at: null,
    });
    const fetch = mockManagerApi({
      [routeKey(promptRoutes.listVersions, { id: 5, promptId: 3 })]: () =>
        jsonResponse(200, { data: [version(2, 'published'), version(1, 'superseded')], next_before: null }),
    });
    await openComparison(`${CONFIG}&prompt_version=1`);
    const asked = () =>
      fetch.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/manager-dashboard'))
        .at(-1)!.searchParams;
    expect(asked().get('prompt_version')).toBe('1');
    expect(screen.getByRole('combobox', { name: 'Version' })).toHaveTextContent('Version 1');
    const [alice] = screen.getAllByTestId('comparison-row');
    expect(within(cellsOf(alice!, 'average')[1]!).getByRole('link').getAttribute('href')).toContain(
      'prompt_id=3&prompt_version=1',
    );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Version' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All versions' }));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('prompt_version'));
  });

  it('narrows the table to chosen items (all while none chosen is an item of the prompt)', async () => {
    mockManagerApi();
    await openComparison(`${CONFIG}&show=Gone`);
    expect(cellsOf(team(), 'Greeted')).toHaveLength(3);
    await userEvent.click(screen.getByRole('combobox', { name: 'Items shown' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Empathy' }));
    await waitFor(() => expect(cellsOf(team(), 'Greeted')).toHaveLength(0));
    expect(cellsOf(team(), 'Empathy')).toHaveLength(3);
    expect(cellsOf(team(), 'average')).toHaveLength(3);
    expect(screen.getByTestId('location')).toHaveTextContent(/show=Empathy$/);
  });

  it('exports the comparison as CSV: the team first, figures, analyses and changes per period', async () => {
    mockManagerApi();
    await openComparison(
      `view=weeks&period=2026-03-08..2026-03-14&period=2026-03-15..2026-03-21&prompt_id=3`,
    );
    const files = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(files[0]!.name).toBe('manager-dashboard-Sales-scorecard-2026-03-08_2026-03-21.csv');
    const lines = (await files[0]!.blob.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]!.split(',').slice(0, 9)).toEqual([
      'Representative',
      'Average score – Previous week',
      'Average score – Previous week (analyses)',
      'Average score – Current week',
      'Average score – Current week (analyses)',
      'Average score – Current week (change)',
      'Analyses – Previous week',
      'Analyses – Current week',
      'Analyses – Current week (change)',
    ]);
    expect(lines[0]).toContain('Greeted – Current week (pass rate %),Greeted – Current week (analyses)');
    expect(lines[1]).toBe('Whole team,70,10,75,12,5,10,12,2,80,10,72,12,-8,3,10,3.5,12,0.5,3,9,4.5,12,1.5');
    expect(lines[2]!.startsWith('Alice,80,6,90,5,10,6,5,-1,')).toBe(true);
  });

  it('offers a print view of the generated comparison; the print view has no panel and no links', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    mockManagerApi();
    const { unmount } = await openComparison(`${CONFIG}&department=Sales`);
    expect(screen.getByRole('link', { name: 'Print view' })).toHaveAttribute(
      'href',
      `${PAGE}?${CONFIG}&department=Sales&pdf=1`,
    );
    unmount();

    await openComparison(`${CONFIG}&department=Sales&pdf=1`);
    expect(screen.queryByRole('region', { name: 'Period configuration' })).not.toBeInTheDocument();
    expect(screen.getByText('Sales Calls · Sales scorecard · Sales')).toBeInTheDocument();
    expect(plain(screen.getByTestId('print-periods').textContent)).toBe(
      '2 weeks ago: Mar 1 – 7, 2026 → Previous week: Mar 8 – 14, 2026 → Current week: Mar 15 – 21, 2026',
    );
    // Five measures of three periods: printed as tables of at most 6 figures a row, the names in each.
    const tables = screen.getAllByRole('table');
    expect(tables.map((table) => within(table).getAllByRole('columnheader').length)).toEqual([
      1 + 2 + 6,
      1 + 2 + 6,
      1 + 1 + 3,
    ]);
    for (const table of tables) expect(within(table).queryByRole('link')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when the periods have no analyses', async () => {
    mockManagerApi({
      [routeKey(analyticsRoutes.managerDashboard, { id: 5 })]: (url) =>
        routeAnswer(analyticsRoutes.managerDashboard, managerAnswer(url, true)),
    });
    renderRoutes(managerPages, `${PAGE}?${CONFIG}`);
    expect(await screen.findByText('No analyses in these periods')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('shows a failed comparison with Retry', async () => {
    let fail = true;
    mockManagerApi({
      [routeKey(analyticsRoutes.managerDashboard, { id: 5 })]: (url) =>
        fail
          ? jsonResponse(500, { error: { code: 'internal', message: 'Database unavailable' } })
          : routeAnswer(analyticsRoutes.managerDashboard, managerAnswer(url)),
    });
    renderRoutes(managerPages, `${PAGE}?${CONFIG}`);
    expect(await screen.findByText('Failed to load the comparison')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('comparison-row')).toHaveLength(3);
  });

  it('a project without prompts offers to create one instead of the panel', async () => {
    mockManagerApi({ [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: [] }) });
    renderRoutes(managerPages, PAGE);
    expect(await screen.findByText('No prompts yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Period configuration' })).not.toBeInTheDocument();
  });
});
