import { authRoutes, memberRoutes, projectRoutes, promptRoutes, reviewRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { requests } from '../../test/analyses';
import { field, promptFixture } from '../../test/prompts';
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
import { assignmentFixture, memberFixture, overviewAnswer, queueAnswer, ruleFixture } from './testUtils';

const location = () => screen.getByTestId('location').textContent;

function mockApi(project = testProject(), overrides: Record<string, Handler> = {}) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => jsonResponse(200, { data: project }),
    [routeKey(reviewRoutes.queue, { id: 5 })]: () =>
      routeAnswer(
        reviewRoutes.queue,
        queueAnswer([
          assignmentFixture(1),
          assignmentFixture(2, {
            status: 'in_progress',
            analysis: { ...assignmentFixture(2).analysis, title: null, file_name: 'support-2.wav' },
          }),
        ]),
      ),
    [routeKey(reviewRoutes.assignments, { id: 5 })]: () =>
      routeAnswer(
        reviewRoutes.assignments,
        overviewAnswer(
          [assignmentFixture(1), assignmentFixture(3, { reviewer: { id: 2, name: 'Grace Hopper' } })],
          [
            { reviewer: { id: 1, name: 'Ada Lovelace' }, done: 12, in_progress: 3, total: 20 },
            { reviewer: { id: 2, name: 'Grace Hopper' }, done: 1, in_progress: 0, total: 4 },
          ],
        ),
      ),
    [routeKey(reviewRoutes.listRules, { id: 5 })]: () =>
      routeAnswer(reviewRoutes.listRules, { data: [ruleFixture(3)] }),
    [routeKey(promptRoutes.list, { id: 5 })]: () =>
      jsonResponse(200, {
        data: [
          promptFixture({ id: 11, scriptName: 'Sales Call' }),
          promptFixture({ id: 12, scriptName: 'Support' }),
        ],
      }),
    [routeKey(memberRoutes.list, { id: 5 })]: () =>
      routeAnswer(memberRoutes.list, {
        data: {
          members: [
            memberFixture(1, { name: 'Ada Lovelace', role: 'owner' }),
            memberFixture(2, { name: 'Grace Hopper', role: 'user', reviewer: true }),
            memberFixture(4, { name: 'Linus', role: 'user' }),
          ],
          invites: [],
        },
      }),
    ...overrides,
  });
}

const lastQuery = (fetch: ReturnType<typeof mockFetch>, key: string) =>
  Object.fromEntries(requests(fetch, key).at(-1)!.url.searchParams);

const pick = (combobox: HTMLElement, name: string | RegExp) => {
  fireEvent.mouseDown(combobox);
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
};

describe('reviews page: my queue', () => {
  it('shows the week, "x of y done" and rows linking to the analysis and its review', async () => {
    const fetch = mockApi();
    renderRoutes(routes, '/projects/5/reviews');
    const row = await screen.findByTestId('assignment-row-1', {}, { timeout: 5000 });
    expect(screen.getByTestId('queue-progress-text')).toHaveTextContent('12 of 20 done this week');
    expect(screen.getByTestId('queue-progress-in-progress')).toHaveTextContent('In progress: 3');
    expect(screen.getByRole('progressbar', { name: 'My progress this week' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(screen.getByTestId('week-range')).toHaveTextContent(/Mar 9.*15, 2026/);
    expect(within(row).getByRole('link', { name: 'Call 1' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/41',
    );
    expect(within(row).getByTestId('assignment-review-1')).toHaveAttribute(
      'href',
      '/projects/5/analysis/41/review',
    );
    expect(within(row).getByTestId('assignment-review-1')).toHaveTextContent('Review');
    expect(row).toHaveTextContent('Alice');
    expect(row).toHaveTextContent('Sales Call');
    expect(row).toHaveTextContent('72.5');
    expect(row).toHaveTextContent('Weekly sample');
    expect(row).toHaveTextContent('Open');
    // No title: the file name.
    const second = screen.getByTestId('assignment-row-2');
    expect(within(second).getByRole('link', { name: 'support-2.wav' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/42',
    );
    expect(within(second).getByTestId('assignment-review-2')).toHaveTextContent('Continue');
    expect(screen.getByTestId('nav-reviewQueue')).toHaveAttribute('href', '/projects/5/reviews');

    const queueKey = routeKey(reviewRoutes.queue, { id: 5 });
    expect(lastQuery(fetch, queueKey).week).toBeUndefined();
    fireEvent.click(screen.getByTestId('week-previous'));
    await waitFor(() => expect(lastQuery(fetch, queueKey)).toMatchObject({ week: '2026-03-02' }));
    expect(location()).toBe('/projects/5/reviews?week=2026-03-02');
  });

  it('filters by status and comes back to this week', async () => {
    const fetch = mockApi();
    renderRoutes(routes, '/projects/5/reviews?week=2026-03-04');
    await screen.findByTestId('assignment-row-1', {}, { timeout: 5000 });
    const key = routeKey(reviewRoutes.queue, { id: 5 });
    expect(lastQuery(fetch, key)).toMatchObject({ week: '2026-03-04', page: '1', per_page: '50' });
    pick(screen.getByRole('combobox', { name: 'Status' }), 'Done');
    await waitFor(() => expect(lastQuery(fetch, key)).toMatchObject({ status: 'done', week: '2026-03-04' }));
    fireEvent.click(screen.getByTestId('week-current'));
    await waitFor(() => expect(lastQuery(fetch, key).week).toBeUndefined());
    expect(location()).toBe('/projects/5/reviews?status=done');
    expect(screen.getByTestId('week-current')).toBeDisabled();
  });

  it('says when nothing is assigned this week', async () => {
    mockApi(testProject(), {
      [routeKey(reviewRoutes.queue, { id: 5 })]: () =>
        routeAnswer(
          reviewRoutes.queue,
          queueAnswer([], { reviewer: { id: 1, name: 'Ada' }, done: 0, in_progress: 0, total: 0 }),
        ),
    });
    renderRoutes(routes, '/projects/5/reviews');
    expect(await screen.findByTestId('assignments-empty', {}, { timeout: 5000 })).toHaveTextContent(
      'No analyses are assigned to you this week.',
    );
    expect(screen.getByTestId('queue-progress-text')).toHaveTextContent('0 of 0 done this week');
  });

  it('shows no Assignments or Rules tab to a member who is not an admin', async () => {
    const fetch = mockApi(testProject({ my_role: 'user' }));
    renderRoutes(routes, '/projects/5/reviews?tab=rules');
    await screen.findByTestId('assignment-row-1', {}, { timeout: 5000 });
    expect(screen.getByTestId('reviews-tab-queue')).toBeInTheDocument();
    expect(screen.queryByTestId('reviews-tab-assignments')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reviews-tab-rules')).not.toBeInTheDocument();
    expect(requests(fetch, routeKey(reviewRoutes.listRules, { id: 5 }))).toHaveLength(0);
  });
});

describe('reviews page: assignments overview', () => {
  it('shows progress per reviewer and filters by reviewer', async () => {
    const fetch = mockApi();
    renderRoutes(routes, '/projects/5/reviews');
    fireEvent.click(await screen.findByTestId('reviews-tab-assignments', {}, { timeout: 5000 }));
    const row = await screen.findByTestId('assignment-row-3');
    expect(row).toHaveTextContent('Grace Hopper');
    expect(screen.getByTestId('reviewer-progress-1-text')).toHaveTextContent('12 of 20 done this week');
    expect(screen.getByTestId('reviewer-progress-2-text')).toHaveTextContent('1 of 4 done this week');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reviewer' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Grace Hopper' }));
    const key = routeKey(reviewRoutes.assignments, { id: 5 });
    await waitFor(() => expect(lastQuery(fetch, key)).toMatchObject({ reviewer_id: '2' }));
    expect(location()).toBe('/projects/5/reviews?tab=assignments&reviewer_id=2');
  });
});

async function openRules(fetchOverrides: Record<string, Handler> = {}) {
  const fetch = mockApi(testProject(), fetchOverrides);
  renderRoutes(routes, '/projects/5/reviews?tab=rules');
  await screen.findByTestId('rule-row-3', {}, { timeout: 5000 });
  return fetch;
}

describe('reviews page: rules', () => {
  it("lists rules with a readable description, reviewers, goal and this week's count", async () => {
    await openRules();
    const row = screen.getByTestId('rule-row-3');
    expect(screen.getByTestId('rule-description-3')).toHaveTextContent(
      '3 per representative at random · Prompt: Sales Call',
    );
    expect(row).toHaveTextContent('Everyone who may review');
    expect(row).toHaveTextContent('20');
    expect(row).toHaveTextContent('14');
    expect(row).toHaveTextContent('Never');
  });

  it('asks per representative only for a random rule and sends the right body', async () => {
    const created = ruleFixture(8, { name: 'Low scores', kind: 'score_below', per_representative: null });
    const fetch = await openRules({
      [routeKey(reviewRoutes.createRule, { id: 5 })]: () =>
        routeAnswer(reviewRoutes.createRule, { data: created }),
    });
    fireEvent.click(screen.getByTestId('rule-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add sampling rule' });
    expect(within(dialog).getByTestId('rule-per-representative')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('rule-score-below')).not.toBeInTheDocument();

    fireEvent.change(within(dialog).getByTestId('rule-name'), { target: { value: 'Low scores' } });
    pick(within(dialog).getByRole('combobox', { name: 'What to pick' }), 'Low scores');
    expect(within(dialog).queryByTestId('rule-per-representative')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByTestId('rule-score-below'), { target: { value: '60' } });
    pick(within(dialog).getByRole('combobox', { name: 'Prompt' }), 'Support');
    fireEvent.change(within(dialog).getByTestId('rule-department'), { target: { value: ' Sales ' } });
    fireEvent.change(within(dialog).getByTestId('rule-since'), { target: { value: '2026-03-01' } });
    pick(within(dialog).getByRole('combobox', { name: 'Reviewers' }), /Grace Hopper/);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    // Only members who may review are offered.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Reviewers' }));
    expect(
      within(screen.getByRole('listbox')).queryByRole('option', { name: /Linus/ }),
    ).not.toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.change(within(dialog).getByTestId('rule-weekly-goal'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    const key = routeKey(reviewRoutes.createRule, { id: 5 });
    await waitFor(() => expect(requests(fetch, key)).toHaveLength(1));
    expect(requests(fetch, key)[0]!.body).toEqual({
      name: 'Low scores',
      kind: 'score_below',
      per_representative: null,
      score_below: 60,
      prompt_id: 12,
      field_path: null,
      department: 'Sales',
      since: '2026-03-01',
      until: null,
      reviewer_ids: [2],
      weekly_goal: 10,
      enabled: true,
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      "Rule saved; this week's analyses are being assigned.",
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("offers an unsure rule the chosen prompt's fields, sends the one chosen and describes it", async () => {
    const unsure = ruleFixture(9, {
      name: 'Unsure budget',
      kind: 'unsure',
      per_representative: null,
      prompt_id: 12,
      field_path: 'Discovery.Budget',
    });
    const fetch = await openRules({
      [routeKey(reviewRoutes.listRules, { id: 5 })]: () =>
        routeAnswer(reviewRoutes.listRules, { data: [ruleFixture(3), unsure] }),
      [routeKey(promptRoutes.list, { id: 5 })]: () =>
        jsonResponse(200, {
          data: [
            promptFixture({ id: 11, scriptName: 'Sales Call' }),
            promptFixture({
              id: 12,
              scriptName: 'Support',
              content: [
                field('Summary'),
                field('Discovery', 'object', { content: [field('Budget', 'bool')] }),
                field('Final Score', 'float'),
              ],
            }),
          ],
        }),
      [routeKey(reviewRoutes.createRule, { id: 5 })]: () =>
        routeAnswer(reviewRoutes.createRule, { data: unsure }),
    });
    expect(screen.getByTestId('rule-description-9')).toHaveTextContent(
      'AI unsure of Discovery - Budget · Prompt: Support',
    );

    fireEvent.click(screen.getByTestId('rule-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add sampling rule' });
    fireEvent.change(within(dialog).getByTestId('rule-name'), { target: { value: 'Unsure budget' } });
    pick(within(dialog).getByRole('combobox', { name: 'What to pick' }), 'Model unsure');
    // The field is one of the prompt's: none offered before a prompt is chosen.
    expect(within(dialog).queryByTestId('rule-field')).not.toBeInTheDocument();
    pick(within(dialog).getByRole('combobox', { name: 'Prompt' }), 'Support');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Field' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any field', 'Summary', 'Discovery - Budget']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Discovery - Budget' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    const key = routeKey(reviewRoutes.createRule, { id: 5 });
    await waitFor(() => expect(requests(fetch, key)).toHaveLength(1));
    expect(requests(fetch, key)[0]!.body).toMatchObject({
      name: 'Unsure budget',
      kind: 'unsure',
      per_representative: null,
      prompt_id: 12,
      field_path: 'Discovery.Budget',
    });
  });

  it("refuses a random rule without a number and shows the server's refusal under its field", async () => {
    const fetch = await openRules({
      [routeKey(reviewRoutes.createRule, { id: 5 })]: () =>
        jsonResponse(422, {
          error: {
            code: 'unknown_reviewer',
            message: 'Reviewer 2 may not review in this project.',
            field: 'reviewer_ids',
          },
        }),
    });
    fireEvent.click(screen.getByTestId('rule-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add sampling rule' });
    fireEvent.change(within(dialog).getByTestId('rule-name'), { target: { value: 'Sample' } });
    fireEvent.change(within(dialog).getByTestId('rule-per-representative'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 100.')).toBeInTheDocument();
    const key = routeKey(reviewRoutes.createRule, { id: 5 });
    expect(requests(fetch, key)).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('rule-per-representative'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText('Reviewer 2 may not review in this project.')).toBeInTheDocument();
    expect(requests(fetch, key)[0]!.body).toMatchObject({
      kind: 'random',
      per_representative: 2,
      score_below: null,
    });
  });

  it('shows a refusal that names no field above the form (too many rules)', async () => {
    await openRules({
      [routeKey(reviewRoutes.createRule, { id: 5 })]: () =>
        jsonResponse(409, { error: { code: 'too_many_rules', message: 'Too many rules.' } }),
    });
    fireEvent.click(screen.getByTestId('rule-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add sampling rule' });
    fireEvent.change(within(dialog).getByTestId('rule-name'), { target: { value: 'Sample' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByTestId('rule-error')).toHaveTextContent(
      'This project has the most rules it may have (50).',
    );
  });

  it('runs a rule now and says what it did', async () => {
    const fetch = await openRules({
      [routeKey(reviewRoutes.runRule, { id: 5, ruleId: 3 })]: () =>
        routeAnswer(reviewRoutes.runRule, {
          data: { rule_id: 3, week: '2026-03-09', picked: 8, assigned: 6, unassigned: 2 },
        }),
    });
    fireEvent.click(screen.getByTestId('rule-run-3'));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Picked 8, assigned 6; could not be assigned: 2.',
    );
    expect(requests(fetch, routeKey(reviewRoutes.runRule, { id: 5, ruleId: 3 }))).toHaveLength(1);
  });

  it('edits a rule with its values, switches it off with the full body, and deletes after confirming', async () => {
    const rule = ruleFixture(3);
    const fetch = await openRules({
      [routeKey(reviewRoutes.updateRule, { id: 5, ruleId: 3 })]: (_url, init) =>
        routeAnswer(reviewRoutes.updateRule, { data: { ...rule, ...JSON.parse(String(init?.body)) } }),
      [routeKey(reviewRoutes.deleteRule, { id: 5, ruleId: 3 })]: () =>
        routeAnswer(reviewRoutes.deleteRule, { data: rule }),
    });
    fireEvent.click(screen.getByTestId('rule-edit-3'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit sampling rule' });
    expect(within(dialog).getByTestId('rule-name')).toHaveValue('Weekly sample');
    expect(within(dialog).getByTestId('rule-per-representative')).toHaveValue(3);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByTestId('rule-enabled-3'));
    const update = routeKey(reviewRoutes.updateRule, { id: 5, ruleId: 3 });
    await waitFor(() => expect(requests(fetch, update)).toHaveLength(1));
    expect(requests(fetch, update)[0]!.body).toMatchObject({
      name: 'Weekly sample',
      enabled: false,
      per_representative: 3,
    });

    fireEvent.click(screen.getByTestId('rule-delete-3'));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this rule?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() =>
      expect(requests(fetch, routeKey(reviewRoutes.deleteRule, { id: 5, ruleId: 3 }))).toHaveLength(1),
    );
  });
});
