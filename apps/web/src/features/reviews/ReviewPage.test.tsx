import { type AnalysisReviews, reviewRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectGuard } from '../../shared/app/ProjectGuard';
import { mockAnalysesApi, requests } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';
import ReviewPage from './ReviewPage';

const routes = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'analysis/:taskId', element: <div>Analysis page</div> },
      { path: 'analysis/:taskId/review', element: <ReviewPage /> },
    ],
  },
];

const reviewsKey = routeKey(reviewRoutes.list, { id: 5, taskId: 42 });
const saveKey = routeKey(reviewRoutes.save, { id: 5, taskId: 42 });

function mockReviews(answer: Partial<AnalysisReviews> = {}) {
  const data: AnalysisReviews = {
    can_review: true,
    is_representative: false,
    reviews: [],
    draft: null,
    human_score: null,
    calibration: null,
    ...answer,
  };
  return mockAnalysesApi({
    [reviewsKey]: () => jsonResponse(200, { data }),
    [saveKey]: (_url, init) => {
      const body = JSON.parse(String(init?.body));
      return jsonResponse(200, {
        data: {
          id: 9,
          task_id: 42,
          status: body.submit ? 'submitted' : 'draft',
          reviewer: { id: 1, name: 'Rita' },
          prompt_version_id: null,
          answers: [],
          moments: body.moments,
          comment: body.comment ?? null,
          ai_score: 44.44,
          score: { mode: 'percent', score: 33.33, sum: 3, maxBounded: 5, base: 9, fields: [], knockouts: [] },
          created_at: '2026-03-10T10:00:00.000Z',
          updated_at: '2026-03-10T10:00:00.000Z',
          submitted_at: body.submit ? '2026-03-10T10:00:00.000Z' : null,
          acknowledged_at: null,
          acknowledged_by: null,
        },
      });
    },
  });
}

describe('the review form', () => {
  it('starts from the AI answers, scores the changes as the AI is scored, and submits only what changed', async () => {
    const fetch = mockReviews();
    renderRoutes(routes, '/projects/5/analysis/42/review');
    const greeted = await screen.findByTestId('review-field-Greeted');
    expect(within(greeted).getByText('AI answer: Yes')).toBeInTheDocument();
    // The fields the model was unsure of are marked for the reviewer.
    expect(
      within(screen.getByTestId('review-field-Discovery.Budget')).getByText('Model unsure'),
    ).toBeInTheDocument();
    expect(within(greeted).queryByText('Model unsure')).not.toBeInTheDocument();
    expect(screen.getByTestId('ai-score')).toHaveTextContent('44.44 %');
    // Greeted yes → no: one point less of 9.
    fireEvent.click(within(greeted).getByRole('switch'));
    expect(within(greeted).getByText('Changed')).toBeInTheDocument();
    expect(screen.getByTestId('human-score')).toHaveTextContent('33.33 %');
    fireEvent.change(within(greeted).getByRole('textbox', { name: 'Comment (optional)' }), {
      target: { value: 'No greeting at all.' },
    });
    // A comment on a transcript moment: the line's start.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Comment on a moment…' }));
    fireEvent.click(await screen.findByRole('option', { name: /I understand completely/ }));
    const moments = screen.getByTestId('review-moments');
    expect(within(moments).getByText('0:12')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    // An empty moment comment must be written first.
    expect(await screen.findByText('Write a comment or remove this moment.')).toBeInTheDocument();
    fireEvent.change(within(moments).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Empathy here.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit the review?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    await screen.findByText('Analysis page');
    const [sent] = requests(fetch, saveKey);
    expect(sent?.body).toEqual({
      answers: [{ path: 'Greeted', value: false, comment: 'No greeting at all.' }],
      moments: [{ seconds: 12.5, comment: 'Empathy here.' }],
      submit: true,
    });
  });

  it('says so when the caller may not review', async () => {
    mockReviews({ can_review: false });
    renderRoutes(routes, '/projects/5/analysis/42/review');
    expect(await screen.findByTestId('review-unavailable')).toHaveTextContent(
      'You cannot review this analysis',
    );
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });

  it('asks a calibration participant to review on their own while the session is blind', async () => {
    mockReviews({ calibration: { id: 7, name: 'Refund calls', blind: true } });
    renderRoutes(routes, '/projects/5/analysis/42/review');
    const notice = await screen.findByTestId('review-calibration');
    expect(notice).toHaveTextContent(
      'Calibration session "Refund calls": review on your own — the other reviewers\' answers show after you submit.',
    );
    expect(within(notice).getByRole('link', { name: 'Open session' })).toHaveAttribute(
      'href',
      '/projects/5/reviews/calibrations/7',
    );
    expect(screen.getByTestId('review-field-Greeted')).toBeInTheDocument();
  });

  it('links to the session results once the answers are visible', async () => {
    mockReviews({ can_review: false, calibration: { id: 7, name: '', blind: false } });
    renderRoutes(routes, '/projects/5/analysis/42/review');
    const notice = await screen.findByTestId('review-calibration');
    expect(notice).toHaveTextContent(
      "Calibration session: the reviewers' answers are side by side in the session.",
    );
    expect(within(notice).getByRole('link', { name: 'Session results' })).toHaveAttribute(
      'href',
      '/projects/5/reviews/calibrations/7',
    );
  });
});
