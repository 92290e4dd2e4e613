import { changeRequestRoutes } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyticsPages, mockAnalyticsApi, queriesOf } from '../../../test/analytics';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../../test/utils';

const CALIBRATION = routeKey(changeRequestRoutes.calibration, { id: 5 });
const share = (changed: number, analyses: number) => ({ analyses, changed, share: changed / analyses });
const answer = {
  data: {
    prompt_id: 3,
    fields: [
      {
        path: 'Greeted',
        label: 'Greeted',
        field_type: 'bool' as const,
        ...share(1, 20),
        per_model: [{ model: 'gpt-4o', ...share(1, 20) }],
        per_month: [{ month: '2026-03', ...share(1, 20) }],
      },
      {
        path: 'Empathy',
        label: 'Empathy',
        field_type: 'marks' as const,
        ...share(8, 20),
        per_model: [
          { model: 'gpt-4o', ...share(2, 10) },
          { model: 'claude-sonnet', ...share(6, 10) },
        ],
        per_month: [
          { month: '2026-02', ...share(2, 10) },
          { month: '2026-03', ...share(6, 10) },
        ],
      },
    ],
  },
};

describe('calibration on the analytics page', () => {
  it('shows the share of AI values reviewers changed per field and model, the most changed first', async () => {
    const fetch = mockAnalyticsApi({ [CALIBRATION]: () => jsonResponse(200, answer) });
    renderRoutes(analyticsPages, '/projects/5/analytics?from=2026-02-01&to=2026-03-31');
    const empathy = await screen.findByTestId('calibration-Empathy', {}, { timeout: 5000 });
    expect(queriesOf(fetch, CALIBRATION).at(-1)).toEqual({
      prompt_id: '3',
      from: '2026-02-01',
      to: '2026-03-31',
    });
    const rows = within(screen.getByTestId('calibration')).getAllByTestId(/^calibration-/);
    expect(rows.map((row) => row.dataset.testid)).toEqual(['calibration-Empathy', 'calibration-Greeted']);
    expect(empathy).toHaveTextContent('40%');
    expect(empathy).toHaveTextContent('8 of 20');
    expect(empathy).toHaveTextContent('gpt-4o: 20% · claude-sonnet: 60%');
    // A much-changed field leads an admin to the prompt editor; a rarely changed one does not.
    expect(within(empathy).getByRole('link', { name: 'Improve the field in the prompt' })).toHaveAttribute(
      'href',
      '/projects/5/prompts/edit?promptName=Sales+scorecard',
    );
    expect(within(screen.getByTestId('calibration-Greeted')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers no prompt editor link to a member who cannot edit prompts', async () => {
    mockAnalyticsApi({ [CALIBRATION]: () => jsonResponse(200, answer) }, testProject({ my_role: 'user' }));
    renderRoutes(analyticsPages, '/projects/5/analytics');
    const empathy = await screen.findByTestId('calibration-Empathy', {}, { timeout: 5000 });
    expect(within(empathy).queryByRole('link')).not.toBeInTheDocument();
  });
});
