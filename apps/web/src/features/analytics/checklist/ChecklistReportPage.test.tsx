import { analyticsRoutes, uploadRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  analyticsPages,
  captureDownloads,
  checklistFixture,
  mockAnalyticsApi,
  queriesOf,
} from '../../../test/analytics';
import { jsonResponse, renderRoutes, routeKey } from '../../../test/utils';

const RANGE = 'from=2026-03-01&to=2026-03-31';
const CHECKLIST = routeKey(analyticsRoutes.checklist, { id: 5 });
const names = () =>
  screen.getAllByTestId('checklist-row').map((row) => within(row).getByRole('rowheader').textContent);

async function openReport(path = `/projects/5/analytics/checklist-report?${RANGE}&department=Sales`) {
  const view = renderRoutes(analyticsPages, path);
  await screen.findAllByTestId('checklist-row');
  return view;
}

const METRIC = 'Conversation metrics.Representative talk share (%)';
const withMetric = () => {
  const data = structuredClone(checklistFixture.data);
  data.items.push({
    path: METRIC,
    label: 'Conversation metrics - Representative talk share (%)',
    type: 'float',
    max: null,
    count: 30,
  });
  data.rows[0]!.cells[METRIC] = { count: 10, value: 61.5, ratio: null, na: 0 };
  return { data };
};
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('checklist report', () => {
  it('draws every representative of a large team (those past the first 30 a slice per task)', async () => {
    const data = structuredClone(checklistFixture.data);
    const [first] = data.rows;
    data.rows = Array.from({ length: 200 }, (_, i) => ({ ...first!, representative: `Rep ${1000 + i}` }));
    mockAnalyticsApi({ [routeKey(analyticsRoutes.checklist, { id: 5 })]: () => jsonResponse(200, { data }) });
    await openReport();
    await waitFor(() => expect(screen.getAllByTestId('checklist-row')).toHaveLength(200), {
      timeout: 15_000,
    });
    expect(names()[199]).toBe('Rep 1199');
  });

  it('hides the conversation metrics until chosen, and keeps the choice in the link', async () => {
    mockAnalyticsApi({
      [routeKey(analyticsRoutes.checklist, { id: 5 })]: () => jsonResponse(200, withMetric()),
    });
    await openReport();
    expect(headers().join('|')).not.toContain('talk share');
    await userEvent.click(screen.getByRole('button', { name: 'Columns: 2 of 3' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: /talk share/ }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Greeted' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(headers().join('|')).toContain('talk share'));
    expect(headers().join('|')).not.toContain('Greeted');
    const search = new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1]);
    expect(search.get('cols')).toBe(`Empathy\n${METRIC}`);
    expect(screen.getByRole('link', { name: /Print view/ }).getAttribute('href')).toContain('cols=');
  });

  it('lists the metrics under their heading by their own names, cut with an ellipsis, whole on hover', async () => {
    mockAnalyticsApi({
      [routeKey(analyticsRoutes.checklist, { id: 5 })]: () => jsonResponse(200, withMetric()),
    });
    await openReport();
    await userEvent.click(screen.getByRole('button', { name: 'Columns: 2 of 3' }));
    const menu = within(screen.getByRole('menu'));
    expect(menu.getByText('Conversation metrics')).toBeInTheDocument();
    const metric = menu.getByRole('menuitemcheckbox', { name: 'Representative talk share (%)' });
    expect(metric).toHaveAttribute('title', 'Conversation metrics - Representative talk share (%)');
    expect(within(metric).getByText('Representative talk share (%)')).toHaveStyle({
      textOverflow: 'ellipsis',
    });
  });

  it('is a named scroll region, a tab stop while it scrolls, with a shadow on the side that has more', async () => {
    mockAnalyticsApi();
    await openReport();
    const region = screen.getByRole('region', { name: 'Checklist Report' });
    expect(region).not.toHaveAttribute('tabindex');
    Object.defineProperty(region, 'scrollWidth', { configurable: true, value: 2400 });
    Object.defineProperty(region, 'clientWidth', { configurable: true, value: 800 });
    fireEvent.scroll(region);
    // Scrolling, it is a tab stop: the keyboard scrolls it.
    await waitFor(() => expect(region).toHaveAttribute('tabindex', '0'));
    expect(await screen.findByTestId('scroll-shadow-right')).toBeInTheDocument();
    expect(screen.queryByTestId('scroll-shadow-left')).not.toBeInTheDocument();
    region.scrollLeft = 1600;
    fireEvent.scroll(region);
    expect(await screen.findByTestId('scroll-shadow-left')).toBeInTheDocument();
    expect(screen.queryByTestId('scroll-shadow-right')).not.toBeInTheDocument();
  });

  it('shows representatives × items: the value, the count behind it, and the team total', async () => {
    const fetch = mockAnalyticsApi();
    await openReport();
    expect(queriesOf(fetch, CHECKLIST).at(-1)).toEqual({
      prompt_id: '3',
      from: '2026-03-01',
      to: '2026-03-31',
      department: 'Sales',
    });
    expect(names()).toEqual(['Alice', 'Bob', 'Carol']);
    const [alice, bob] = screen.getAllByTestId('checklist-row');
    const [greeted, empathy] = within(alice!).getAllByTestId('checklist-cell');
    expect(greeted).toHaveTextContent('90%10 analyses');
    expect(empathy).toHaveTextContent('3.210 analyses');
    // Bob has no Empathy values: a dash, no colour.
    expect(within(bob!).getAllByTestId('checklist-cell')).toHaveLength(1);
    expect(bob).toHaveTextContent('—');
    expect(screen.getByTestId('checklist-total')).toHaveTextContent('Whole team3078');
  });

  it('sorts by any column: best first, then the other way round', async () => {
    mockAnalyticsApi();
    await openReport();
    await userEvent.click(screen.getByRole('button', { name: /Greeted/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('sort=Greeted&dir=desc');
    expect(names()).toEqual(['Carol', 'Alice', 'Bob']);
    await userEvent.click(screen.getByRole('button', { name: /Greeted/ }));
    expect(names()).toEqual(['Bob', 'Alice', 'Carol']);

    // Rows without a value stay last either way.
    await userEvent.click(screen.getByRole('button', { name: /Empathy/ }));
    expect(names()).toEqual(['Carol', 'Alice', 'Bob']);
    await userEvent.click(screen.getByRole('button', { name: /Empathy/ }));
    expect(names()).toEqual(['Alice', 'Carol', 'Bob']);

    await userEvent.click(screen.getByRole('button', { name: 'Analyses' }));
    expect(names()).toEqual(['Bob', 'Alice', 'Carol']);
  });

  it("links a cell to the representative's analyses of the item: the misses of a yes/no item", async () => {
    mockAnalyticsApi();
    await openReport();
    const [alice] = screen.getAllByTestId('checklist-row');
    const [greeted, empathy] = within(alice!).getAllByRole('link');
    const list = `/projects/5/analyses?${RANGE}&prompt_id=3&department=Sales&representative=Alice`;
    expect(greeted).toHaveAttribute('href', `${list}&field=Greeted&field_outcome=missed`);
    expect(empathy).toHaveAttribute('href', `${list}&field=Empathy`);
    const total = within(screen.getByTestId('checklist-total')).getAllByRole('link')[0];
    expect(total).toHaveAttribute(
      'href',
      `/projects/5/analyses?${RANGE}&prompt_id=3&department=Sales&field=Greeted&field_outcome=missed`,
    );
  });

  it('exports the table as CSV in the order shown', async () => {
    mockAnalyticsApi();
    await openReport(`/projects/5/analytics/checklist-report?${RANGE}&sort=average&dir=desc`);
    const files = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(files[0]!.name).toBe('checklist-Sales-scorecard-2026-03-01_2026-03-31.csv');
    expect((await files[0]!.blob.text()).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Representative,Analyses,Average score,Greeted (pass rate %),Greeted (analyses),Empathy,Empathy (analyses)',
      'Carol,8,90,100,8,4.5,8',
      'Alice,10,80,90,10,3.2,10',
      'Bob,12,70,50,12,,0',
      'Whole team,30,78,77,30,3.8,18',
      '',
    ]);
  });

  it('offers a print view of the same report', async () => {
    mockAnalyticsApi();
    await openReport();
    expect(screen.getByRole('link', { name: 'Print view' })).toHaveAttribute(
      'href',
      `/projects/5/analytics/checklist-report?${RANGE}&department=Sales&pdf=1&prompt_id=3`,
    );
  });

  it('print view: no filters or links, a Print button', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    mockAnalyticsApi();
    await openReport(`/projects/5/analytics/checklist-report?${RANGE}&pdf=1`);
    expect(screen.queryByRole('region', { name: 'Analytics filters' })).not.toBeInTheDocument();
    expect(screen.getByText('Sales Calls · Sales scorecard · Mar 1 – 31, 2026')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).queryByRole('link')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('keeps the filters in the URL when the department changes', async () => {
    const fetch = mockAnalyticsApi();
    await openReport(`/projects/5/analytics/checklist-report?${RANGE}`);
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: 'Support' } });
    fireEvent.keyDown(screen.getByLabelText('Department'), { key: 'Enter' });
    await waitFor(() => expect(queriesOf(fetch, CHECKLIST).at(-1)).toMatchObject({ department: 'Support' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`?${RANGE}&department=Support`);
  });
});

describe('the prompt the report opens on', () => {
  const withData = [
    {
      id: 3,
      name: 'Sales scorecard',
      project_id: 5,
      metadataFields: [],
      last_analysis_at: '2026-02-01T10:00:00Z',
    },
    {
      id: 4,
      name: 'Support checklist',
      project_id: 5,
      metadataFields: [],
      last_analysis_at: '2026-03-20T10:00:00Z',
    },
    { id: 9, name: 'A new prompt', project_id: 5, metadataFields: [], last_analysis_at: null },
  ];

  it('is the prompt with the most recent analyses, then the one the user chose last in the project', async () => {
    const fetch = mockAnalyticsApi({
      [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: withData }),
    });
    const view = renderRoutes(analyticsPages, `/projects/5/analytics/checklist-report?${RANGE}`);
    await screen.findAllByTestId('checklist-row');
    expect(queriesOf(fetch, CHECKLIST).at(-1)).toMatchObject({ prompt_id: '4' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Prompt' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sales scorecard' }));
    await waitFor(() => expect(queriesOf(fetch, CHECKLIST).at(-1)).toMatchObject({ prompt_id: '3' }));
    view.unmount();

    renderRoutes(analyticsPages, `/projects/5/analytics/checklist-report?${RANGE}`);
    await screen.findAllByTestId('checklist-row');
    expect(queriesOf(fetch, CHECKLIST).at(-1)).toMatchObject({ prompt_id: '3' });
    // Another project keeps its own choice.
    expect(localStorage.getItem('parley.lastPromptId.5')).toBe('3');
    expect(localStorage.getItem('parley.lastPromptId.6')).toBeNull();
  });
});
