import { analysisRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { analysesRoutes, mockAnalysesApi, requests, stubEventSource } from '../../test/analyses';
import { renderRoutes, routeKey } from '../../test/utils';

const lastListQuery = (fetch: ReturnType<typeof mockAnalysesApi>) =>
  Object.fromEntries(requests(fetch, routeKey(analysisRoutes.list, { id: 5 })).at(-1)!.url.searchParams);

beforeEach(() => stubEventSource());

describe('the analyses list filtered by a field (where analytics figures lead)', () => {
  it('sends the field, its outcome and value of the URL, shown as one chip that removes them', async () => {
    const fetch = mockAnalysesApi();
    renderRoutes(
      analysesRoutes,
      '/projects/5/analyses?prompt_id=3&representative=Alice&field=Discovery.Budget&field_outcome=missed',
    );
    await screen.findByTestId('analysis-row-1');
    expect(lastListQuery(fetch)).toEqual({
      page: '1',
      page_size: '25',
      prompt_id: '3',
      representative: 'Alice',
      field: 'Discovery.Budget',
      field_outcome: 'missed',
    });
    const chip = screen.getByTestId('field-filter-chip');
    expect(chip).toHaveTextContent('Discovery - Budget: Missed');

    fireEvent.click(within(chip).getByTestId('CancelIcon'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/projects/5/analyses?prompt_id=3&representative=Alice',
    );
    await waitFor(() =>
      expect(lastListQuery(fetch)).toEqual({
        page: '1',
        page_size: '25',
        prompt_id: '3',
        representative: 'Alice',
      }),
    );
    expect(screen.queryByTestId('field-filter-chip')).not.toBeInTheDocument();
  });

  it('shows a value filter, and ignores an outcome or value without a field', async () => {
    const fetch = mockAnalysesApi();
    const { unmount } = renderRoutes(
      analysesRoutes,
      '/projects/5/analyses?field=Sentiment&field_value=positive',
    );
    await screen.findByTestId('analysis-row-1');
    expect(screen.getByTestId('field-filter-chip')).toHaveTextContent('Sentiment: positive');
    expect(lastListQuery(fetch)).toMatchObject({ field: 'Sentiment', field_value: 'positive' });
    unmount();

    const other = mockAnalysesApi();
    renderRoutes(analysesRoutes, '/projects/5/analyses?field_outcome=missed&field_value=x');
    await screen.findByTestId('analysis-row-1');
    expect(lastListQuery(other)).toEqual({ page: '1', page_size: '25' });
    expect(screen.queryByTestId('field-filter-chip')).not.toBeInTheDocument();
  });
});
