import { analyticsRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { analyticsPages, captureDownloads, mockAnalyticsApi, queriesOf } from '../../../test/analytics';
import { jsonResponse, renderRoutes, routeKey } from '../../../test/utils';

const EXPLORE = routeKey(analyticsRoutes.explore, { id: 5 });
const RANGE = 'from=2026-03-01&to=2026-03-31';
const location = () => screen.getByTestId('location').textContent;

async function openExplorer(path = `/projects/5/analytics?${RANGE}`) {
  const view = renderRoutes(analyticsPages, path);
  await screen.findAllByTestId('explorer-row');
  return view;
}

describe('analytics explorer', () => {
  it("explores the first prompt's final score by representative, with the range of the URL", async () => {
    const fetch = mockAnalyticsApi();
    await openExplorer();
    expect(queriesOf(fetch, EXPLORE).at(-1)).toEqual({
      prompt_id: '3',
      field: 'Final Score',
      group_by: 'representative',
      // English (US) weeks start on Sunday.
      week_start: 'sunday',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(queriesOf(fetch, routeKey(analyticsRoutes.fields, { id: 5 })).at(-1)).toEqual({
      prompt_id: '3',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    const alice = screen.getAllByTestId('explorer-row')[1]!;
    expect(alice).toHaveTextContent('Alice');
    expect(alice).toHaveTextContent('85.3');
    expect(within(alice).getByRole('link', { name: '7' })).toHaveAttribute(
      'href',
      `/projects/5/analyses?${RANGE}&prompt_id=3&representative=Alice&field=Final+Score`,
    );
    expect(screen.getByTestId('explorer-total')).toHaveTextContent('Total1078.5');
  });

  it('groups by week: periods as rows, each linking to its days within the range', async () => {
    const fetch = mockAnalyticsApi();
    await openExplorer();
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(location()).toBe(`/projects/5/analytics?${RANGE}&group_by=week`);
    await waitFor(() =>
      expect(queriesOf(fetch, EXPLORE).at(-1)).toMatchObject({ group_by: 'week', week_start: 'sunday' }),
    );
    const [first, last] = await screen.findAllByTestId('explorer-row');
    expect(first).toHaveTextContent('Mar 1 – 7, 2026');
    expect(last).toHaveTextContent('Mar 29 – Apr 4, 2026');
    expect(screen.getByRole('columnheader', { name: 'Week' })).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: '4' })).toHaveAttribute(
      'href',
      '/projects/5/analyses?from=2026-03-01&to=2026-03-07&prompt_id=3&field=Final+Score',
    );
    // The last week ends after the range: its link ends where the range does.
    expect(within(last!).getByRole('link', { name: '6' })).toHaveAttribute(
      'href',
      '/projects/5/analyses?from=2026-03-29&to=2026-03-31&prompt_id=3&field=Final+Score',
    );
  });

  it('shows a yes/no item as pass rates, its outcomes linking to the analyses that had them', async () => {
    const fetch = mockAnalyticsApi();
    await openExplorer(`/projects/5/analytics?${RANGE}&field=Discovery.Budget`);
    expect(queriesOf(fetch, EXPLORE).at(-1)).toMatchObject({ field: 'Discovery.Budget' });
    expect(screen.getByRole('combobox', { name: 'Field' })).toHaveTextContent('Discovery - Budget');
    const alice = screen.getAllByTestId('explorer-row')[1]!;
    expect(alice).toHaveTextContent('83.3%');
    const missed = within(alice)
      .getAllByRole('link')
      .find((link) => link.getAttribute('href')?.includes('field_outcome=missed'));
    expect(missed).toHaveAttribute(
      'href',
      `/projects/5/analyses?${RANGE}&prompt_id=3&representative=Alice&field=Discovery.Budget&field_outcome=missed`,
    );
  });

  it('changes the field from the list of the prompt', async () => {
    const fetch = mockAnalyticsApi();
    await openExplorer();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Field' }));
    const option = await screen.findByRole('option', { name: /Empathy/ });
    expect(option).toHaveTextContent('Marks · 50 analyses');
    fireEvent.click(option);
    expect(location()).toBe(`/projects/5/analytics?${RANGE}&field=Empathy`);
    await waitFor(() => expect(queriesOf(fetch, EXPLORE).at(-1)).toMatchObject({ field: 'Empathy' }));
  });

  it('exports the table as CSV, formula-looking text guarded', async () => {
    mockAnalyticsApi();
    await openExplorer(`/projects/5/analytics?${RANGE}&field=Discovery.Budget`);
    const files = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe(
      'analytics-Sales-scorecard-Discovery-Budget-representative-2026-03-01_2026-03-31.csv',
    );
    const text = await files[0]!.blob.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Representative,Analyses,Passed,Missed,N/A,Pass rate',
      `"'=HYPERLINK(""http://evil"")",3,1,2,0,33.3`,
      'Alice,7,5,1,1,83.3',
      'Total,10,6,3,1,66.7',
      '',
    ]);
  });

  it('says when no analysis has a value of the field', async () => {
    mockAnalyticsApi({
      [EXPLORE]: () =>
        jsonResponse(200, {
          data: {
            field: { path: 'Final Score', label: 'Final Score', type: 'final', max: null, count: 0 },
            groups: [],
            total: {
              key: null,
              start: null,
              end: null,
              count: 0,
              average: null,
              min: null,
              max: null,
              passed: 0,
              missed: 0,
              na: 0,
              values: [],
            },
          },
        }),
    });
    renderRoutes(analyticsPages, `/projects/5/analytics?${RANGE}`);
    expect(await screen.findByText('No analyses with this field')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
