import { authRoutes, projectRoutes, reviewRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { requests } from '../../test/analyses';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  sessionAnswer,
  testProject,
  testUser,
} from '../../test/utils';
import { calibrationDetail, calibrationFixture, comparisonFixture } from './testUtils';

const listKey = routeKey(reviewRoutes.listCalibrations, { id: 5 });
const detailKey = routeKey(reviewRoutes.getCalibration, { id: 5, calibrationId: 7 });
const closeKey = routeKey(reviewRoutes.closeCalibration, { id: 5, calibrationId: 7 });

function mockApi(project = testProject(), overrides: Record<string, Handler> = {}) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => jsonResponse(200, { data: project }),
    [routeKey(reviewRoutes.queue, { id: 5 })]: () =>
      jsonResponse(200, {
        data: [],
        meta: {
          week: '2026-03-09',
          progress: { reviewer: { id: 1, name: 'Ada' }, done: 0, in_progress: 0, total: 0 },
          page: 1,
          per_page: 50,
          total: 0,
        },
      }),
    [listKey]: () =>
      routeAnswer(reviewRoutes.listCalibrations, {
        data: [
          calibrationFixture(1),
          calibrationFixture(2, { name: '', is_participant: false, answers_visible: true }),
          calibrationFixture(3, {
            status: 'closed',
            closed_at: '2026-03-11T09:00:00.000Z',
            submitted: 3,
            answers_visible: true,
          }),
        ],
        meta: { page: 1, per_page: 50, total: 3 },
      }),
    ...overrides,
  });
}

describe('reviews page: calibration tab', () => {
  it('lists sessions with their progress, and Review only where the caller still has to review', async () => {
    const fetch = mockApi(testProject({ my_role: 'user' }));
    renderRoutes(routes, '/projects/5/reviews');
    fireEvent.click(await screen.findByRole('tab', { name: 'Calibration' }, { timeout: 5000 }));
    const row = await screen.findByTestId('calibration-row-1');
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/reviews?tab=calibration');
    expect(within(row).getByRole('link', { name: 'Refund calls' })).toHaveAttribute(
      'href',
      '/projects/5/reviews/calibrations/1',
    );
    expect(within(row).getByRole('link', { name: 'Call 1' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/41',
    );
    expect(row).toHaveTextContent('Alice');
    expect(within(row).getByTestId('calibration-progress-1')).toHaveTextContent('2 of 3 submitted');
    expect(
      within(row).getByRole('progressbar', { name: 'Reviews submitted in Refund calls' }),
    ).toHaveAttribute('aria-valuenow', '67');
    expect(row).toHaveTextContent('Open');
    expect(within(row).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/41/review',
    );
    // Not taking part, and a closed session: no Review button.
    const second = screen.getByTestId('calibration-row-2');
    expect(within(second).getByRole('link', { name: 'Calibration of Call 2' })).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: 'Review' })).toBeNull();
    const closed = screen.getByTestId('calibration-row-3');
    expect(closed).toHaveTextContent('Closed');
    expect(within(closed).queryByRole('link', { name: 'Review' })).toBeNull();
    expect(Object.fromEntries(requests(fetch, listKey).at(-1)!.url.searchParams)).toEqual({
      page: '1',
      per_page: '50',
    });
  });

  it('says where sessions come from when there are none', async () => {
    mockApi(testProject(), {
      [listKey]: () =>
        routeAnswer(reviewRoutes.listCalibrations, { data: [], meta: { page: 1, per_page: 50, total: 0 } }),
    });
    renderRoutes(routes, '/projects/5/reviews?tab=calibration');
    const empty = await screen.findByTestId('calibrations-empty', {}, { timeout: 5000 });
    expect(empty).toHaveTextContent('No calibration sessions yet');
    expect(empty).toHaveTextContent('Admins and owners start a session from an analysis page');
  });
});

describe('calibration session page', () => {
  it('hides the answers until the caller submits, and an owner closes the session after confirming', async () => {
    const fetch = mockApi(testProject(), {
      [detailKey]: () => routeAnswer(reviewRoutes.getCalibration, { data: calibrationDetail(7) }),
      [closeKey]: () =>
        routeAnswer(reviewRoutes.closeCalibration, {
          data: calibrationDetail(7, { status: 'closed', closed_at: '2026-03-11T09:00:00.000Z' }),
        }),
    });
    renderRoutes(routes, '/projects/5/reviews/calibrations/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Refund calls' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Call 7' })).toHaveAttribute('href', '/projects/5/analysis/47');
    expect(screen.getByTestId('participant-2')).toHaveTextContent('Submitted on');
    expect(screen.getByTestId('participant-1')).toHaveTextContent('Waiting for the review');
    expect(screen.getByTestId('calibration-hidden')).toHaveTextContent(
      'The answers show once you have submitted your review.',
    );
    expect(screen.getByRole('link', { name: 'Review the analysis' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/47/review',
    );
    expect(screen.queryByTestId('calibration-comparison')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close session' }));
    await waitFor(() => expect(requests(fetch, closeKey)).toHaveLength(1));
  });

  it('shows the answers side by side with the agreement, the scores and a disagreement marked', async () => {
    mockApi(testProject({ my_role: 'user' }), {
      [detailKey]: () =>
        routeAnswer(reviewRoutes.getCalibration, {
          data: calibrationDetail(7, {
            name: '',
            status: 'closed',
            closed_at: '2026-03-11T09:00:00.000Z',
            answers_visible: true,
            comparison: comparisonFixture(),
          }),
        }),
    });
    renderRoutes(routes, '/projects/5/reviews/calibrations/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Calibration of Call 7' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Close session' })).toBeNull();
    expect(screen.getByTestId('calibration-agreement')).toHaveTextContent(
      'Reviewers agree on 50% of 2 fields',
    );
    expect(screen.getByTestId('calibration-ai-score')).toHaveTextContent('AI score: 80 %');
    expect(screen.getByTestId('calibration-score-2')).toHaveTextContent('Grace Hopper: 60');
    const table = screen.getByRole('table', { name: 'Answers of the AI and of each reviewer' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Field', 'AI', 'Grace Hopper', 'Linus', 'Agreed']);
    const greeted = screen.getByTestId('calibration-field-Greeted');
    expect(greeted).toHaveAttribute('data-agreed', 'true');
    expect(
      within(greeted)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Greeted', 'Yes', 'Yes', 'Yes', 'Same']);
    const empathy = screen.getByTestId('calibration-field-Empathy');
    expect(empathy).toHaveAttribute('data-agreed', 'false');
    expect(
      within(empathy)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Empathy', '4', '2“Interrupted twice.”', '—', 'Different']);
    expect(getComputedStyle(empathy).backgroundColor).not.toBe(getComputedStyle(greeted).backgroundColor);
  });
});
