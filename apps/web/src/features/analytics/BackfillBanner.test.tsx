import { analyticsRoutes } from '@parley/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BACKFILL_POLL_MS } from '../../shared/api/analytics';
import { analyticsPages, mockAnalyticsApi, queriesOf } from '../../test/analytics';
import { renderRoutes, routeAnswer, routeKey } from '../../test/utils';

const progress = (running: boolean, done: number, total: number) => () =>
  routeAnswer(analyticsRoutes.status, { data: { backfill: { running, done, total } } });

describe('analytics backfill banner', () => {
  it('shows the progress while existing analyses are prepared, then reloads the figures', async () => {
    const answers = [progress(true, 2, 10), progress(true, 6, 10), progress(false, 10, 10)];
    const fetch = mockAnalyticsApi({
      [routeKey(analyticsRoutes.status, { id: 5 })]: () =>
        (answers.length > 1 ? answers.shift()! : answers[0]!)(),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoutes(analyticsPages, '/projects/5/dashboard?from=2026-03-01&to=2026-03-31');
    const banner = await screen.findByTestId('backfill-banner');
    expect(banner).toHaveTextContent('Preparing analytics for existing analyses: 2 of 10');
    expect(screen.getByRole('progressbar', { name: 'Progress of preparing analytics' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    await screen.findByTestId('kpi-analyses');
    const loads = queriesOf(fetch, routeKey(analyticsRoutes.dashboard, { id: 5 })).length;

    await act(() => vi.advanceTimersByTimeAsync(BACKFILL_POLL_MS));
    await waitFor(() => expect(banner).toHaveTextContent('6 of 10'));

    await act(() => vi.advanceTimersByTimeAsync(BACKFILL_POLL_MS));
    await waitFor(() => expect(screen.queryByTestId('backfill-banner')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(queriesOf(fetch, routeKey(analyticsRoutes.dashboard, { id: 5 })).length).toBe(loads + 1),
    );
    // Done: no more asking.
    const asked = queriesOf(fetch, routeKey(analyticsRoutes.status, { id: 5 })).length;
    await act(() => vi.advanceTimersByTimeAsync(BACKFILL_POLL_MS * 3));
    expect(queriesOf(fetch, routeKey(analyticsRoutes.status, { id: 5 })).length).toBe(asked);
  });

  it('shows nothing when analytics is ready', async () => {
    mockAnalyticsApi();
    renderRoutes(analyticsPages, '/projects/5/analytics/checklist-report');
    await screen.findAllByTestId('checklist-row');
    expect(screen.queryByTestId('backfill-banner')).not.toBeInTheDocument();
  });
});
