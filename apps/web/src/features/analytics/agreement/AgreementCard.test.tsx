import { reviewRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyticsPages, mockAnalyticsApi, queriesOf } from '../../../test/analytics';
import { jsonResponse, renderRoutes, routeKey } from '../../../test/utils';

const LEDGER = routeKey(reviewRoutes.agreement, { id: 5 });
const CHANGED = routeKey(reviewRoutes.disagreements, { id: 5 });
const none = { mean_absolute_difference: null, mean_absolute_difference_interval: null };
const ledger = {
  data: {
    reviews: 40,
    rows: [
      {
        path: 'Greeted',
        type: 'bool',
        prompt_version: 2,
        group: null,
        count: 40,
        agreement: 0.7,
        agreement_interval: { low: 0.5625, high: 0.809 },
        kappa: 0.4,
        kappa_interval: { low: 0.146, high: 0.654 },
        ...none,
        flagged: true,
      },
      {
        path: 'Empathy',
        type: 'marks',
        prompt_version: 2,
        group: null,
        count: 40,
        agreement: 1,
        agreement_interval: { low: 0.9124, high: 1 },
        kappa: null,
        kappa_interval: null,
        mean_absolute_difference: 0,
        mean_absolute_difference_interval: { low: 0, high: 0 },
        flagged: false,
      },
    ],
    between_reviewers: [
      {
        path: 'Greeted',
        type: 'bool',
        prompt_version: 2,
        count: 6,
        agreement: 0.8333,
        agreement_interval: { low: 0.4365, high: 0.9699 },
        kappa: 0.6667,
        kappa_interval: null,
        ...none,
        flagged: false,
      },
    ],
  },
};
const changed = {
  data: {
    items: [
      {
        review_id: 9,
        task_id: 77,
        title: 'Call with Ann',
        representative: 'Ann',
        prompt_version: 2,
        reviewer: { id: 4, name: 'Rita Reviewer' },
        ai_value: false,
        value: true,
        comment: 'She did greet.',
        submitted_at: '2026-03-10T10:00:00Z',
      },
    ],
    total: 1,
    page: 1,
    page_size: 20,
  },
};

describe('the agreement ledger on the analytics page', () => {
  it('shows agreement, kappa and intervals per field, flags a low kappa and lists the changed answers', async () => {
    const fetch = mockAnalyticsApi({
      [LEDGER]: () => jsonResponse(200, ledger),
      [CHANGED]: () => jsonResponse(200, changed),
    });
    renderRoutes(analyticsPages, '/projects/5/analytics?from=2026-02-01&to=2026-03-31');
    const greeted = await screen.findByTestId('agreement-Greeted', {}, { timeout: 5000 });
    expect(queriesOf(fetch, LEDGER).at(-1)).toEqual({
      prompt_id: '3',
      from: '2026-02-01',
      to: '2026-03-31',
      group: 'none',
    });
    expect(greeted).toHaveTextContent('70% (56.3%–80.9%)');
    expect(greeted).toHaveTextContent('0.4 (0.15–0.65)');
    expect(greeted).toHaveTextContent('kappa below 0.6');
    expect(screen.getByTestId('agreement-Empathy')).not.toHaveTextContent('kappa below');
    expect(within(screen.getByTestId('agreement-Empathy')).queryByRole('button')).not.toBeInTheDocument();
    // Two people reviewed the same analyses: how often they gave the same answer.
    const pairs = screen.getByRole('region', { name: 'Reviewer against reviewer' });
    expect(within(pairs).getByTestId('reviewer-agreement-Greeted')).toHaveTextContent(
      'Greeted26' + '83.3% (43.7%–97%)' + '0.67',
    );

    fireEvent.click(within(greeted).getByRole('button', { name: 'Changed answers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answers reviewers changed: Greeted' });
    expect(await within(dialog).findByRole('link', { name: 'Call with Ann' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/77',
    );
    expect(dialog).toHaveTextContent('AI No → Yes');
    expect(dialog).toHaveTextContent('Rita Reviewer on Ann');
    expect(queriesOf(fetch, CHANGED).at(-1)).toMatchObject({
      path: 'Greeted',
      prompt_version: '2',
      page: '1',
    });
  });

  it('stays away for members who do not review (403)', async () => {
    const fetch = mockAnalyticsApi({
      [LEDGER]: () =>
        jsonResponse(403, {
          error: { code: 'forbidden', message: 'Only team leaders … see review agreement.' },
        }),
    });
    renderRoutes(analyticsPages, '/projects/5/analytics?from=2026-02-01&to=2026-03-31');
    await screen.findByTestId('calibration', {}, { timeout: 5000 });
    await waitFor(() => expect(queriesOf(fetch, LEDGER)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('agreement')).not.toBeInTheDocument());
    expect(screen.queryByText(/see review agreement/)).not.toBeInTheDocument();
  });
});
