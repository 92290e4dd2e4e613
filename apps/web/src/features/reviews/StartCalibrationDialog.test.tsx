import { type AnalysisReviews, type Member, memberRoutes, reviewRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AnalysisPage from '../../app/pages/AnalysisPage';
import { ProjectGuard } from '../../shared/app/ProjectGuard';
import { mockAnalysesApi, requests } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeAnswer, routeKey, testProject } from '../../test/utils';

const routes = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'analysis/:taskId', element: <AnalysisPage /> },
      { path: 'reviews/calibrations/:calibrationId', element: <div>Session page</div> },
    ],
  },
];

const createKey = routeKey(reviewRoutes.createCalibration, { id: 5 });

const member = (userId: number, name: string, overrides: Partial<Member> = {}): Member => ({
  user_id: userId,
  name,
  email: `member${userId}@example.com`,
  role: 'user',
  reviewer: true,
  joined_at: '2026-01-01T00:00:00.000Z',
  deactivated: false,
  ...overrides,
});

function mockApi(project = testProject(), reviews: Partial<AnalysisReviews> = {}) {
  let calls = 0;
  const fetch = mockAnalysesApi(
    {
      [routeKey(reviewRoutes.list, { id: 5, taskId: 42 })]: () =>
        routeAnswer(reviewRoutes.list, {
          data: {
            can_review: true,
            is_representative: false,
            reviews: [],
            draft: null,
            human_score: null,
            calibration: null,
            ...reviews,
          },
        }),
      [routeKey(memberRoutes.list, { id: 5 })]: () =>
        routeAnswer(memberRoutes.list, {
          data: {
            members: [
              member(1, 'Ada Lovelace', { role: 'owner', reviewer: false }),
              member(2, 'Grace Hopper'),
              member(3, 'Linus', { reviewer: false }),
              member(4, 'Barbara Liskov'),
            ],
            invites: [],
          },
        }),
      [createKey]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(422, {
              error: {
                code: 'invalid_value',
                message: 'Grace Hopper is the representative of this analysis.',
              },
            })
          : routeAnswer(reviewRoutes.createCalibration, {
              data: {
                id: 9,
                task_id: 42,
                name: 'Refund calls',
                status: 'open',
                created_by: { id: 1, name: 'Ada Lovelace' },
                created_at: '2026-03-10T09:00:00.000Z',
                closed_at: null,
                participants: [
                  { id: 2, name: 'Grace Hopper', submitted_at: null },
                  { id: 4, name: 'Barbara Liskov', submitted_at: null },
                ],
                submitted: 0,
                is_participant: false,
                answers_visible: true,
                analysis: { title: 'Call', file_name: null, representative: 'Alice', prompt_name: null },
                comparison: null,
              },
            });
      },
    },
    project,
  );
  return fetch;
}

const pick = (combobox: HTMLElement, name: RegExp) => {
  fireEvent.mouseDown(combobox);
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
};

describe('starting a calibration session from the analysis page', () => {
  it('sends the chosen reviewers, shows the refusal, and opens the new session', async () => {
    const fetch = mockApi();
    renderRoutes(routes, '/projects/5/analysis/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Start calibration' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a calibration session' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), {
      target: { value: ' Refund calls ' },
    });
    const reviewers = within(dialog).getByRole('combobox', { name: /Reviewers/ });
    // Members who may not review are not offered.
    fireEvent.mouseDown(reviewers);
    expect(within(screen.getByRole('listbox')).queryByRole('option', { name: /Linus/ })).toBeNull();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    pick(reviewers, /Grace Hopper/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start session' }));
    expect(await within(dialog).findByText('Choose at least 2 reviewers (at most 20).')).toBeInTheDocument();
    expect(requests(fetch, createKey)).toHaveLength(0);

    pick(reviewers, /Barbara Liskov/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start session' }));
    expect(await within(dialog).findByTestId('calibration-error')).toHaveTextContent(
      'Grace Hopper is the representative of this analysis.',
    );
    expect(requests(fetch, createKey)[0]!.body).toEqual({
      task_id: 42,
      name: 'Refund calls',
      reviewer_ids: [2, 4],
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start session' }));
    expect(await screen.findByText('Session page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/reviews/calibrations/9');
  });

  it('offers no new session to a member who is not an admin, and links to their open one', async () => {
    mockApi(testProject({ my_role: 'user' }), { calibration: { id: 7, name: 'Refund calls', blind: true } });
    renderRoutes(routes, '/projects/5/analysis/42');
    expect(
      await screen.findByRole('link', { name: 'Calibration session' }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/projects/5/reviews/calibrations/7');
    expect(screen.queryByRole('button', { name: 'Start calibration' })).toBeNull();
  });
});
