import { type Backtest, promptRoutes as promptApiRoutes } from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, field, lastBody, mockPromptApi, promptDataFixture } from '../../../../test/prompts';
import { type Handler, jsonResponse, renderRoutes, routeKey } from '../../../../test/utils';
import { VersionsPanel } from '../VersionsPanel';

const params = { id: 5, promptId: 11 };
const draftParams = { ...params, versionId: 22 };
const version = (id: number, number: number, state: 'draft' | 'published') => ({
  id,
  prompt_id: 11,
  number,
  state,
  author: null,
  created_at: `2026-03-0${number}T10:00:00.000Z`,
  published_at: state === 'draft' ? null : `2026-03-0${number}T10:00:00.000Z`,
  prompt: promptDataFixture({ content: [field('Greeting', 'bool'), field('Final Score', 'float')] }),
});
const versions = [version(22, 2, 'draft'), version(21, 1, 'published')];

const figures = (agreement: number, kappa: number, count = 20) => ({
  count,
  agreement,
  agreement_interval: { low: agreement - 0.1, high: agreement + 0.05 },
  kappa,
  kappa_interval: null,
  mean_absolute_difference: null,
  mean_absolute_difference_interval: null,
});

function backtestFixture(overrides: Partial<Backtest> = {}): Backtest {
  return {
    id: 70,
    prompt_id: 11,
    version_id: 22,
    version_number: 2,
    status: 'completed',
    conversations: 20,
    total: 20,
    done: 20,
    failed: 0,
    units_milli: 20000,
    current: true,
    requested_by: { id: 1, name: 'Ada Lovelace' },
    created_at: '2026-03-03T10:00:00.000Z',
    completed_at: '2026-03-03T10:05:00.000Z',
    error: null,
    rows: [
      { path: 'Greeting', type: 'bool', published: figures(0.6, 0.2), draft: figures(0.85, 0.7), changed: 5 },
    ],
    changes: [
      {
        task_id: 901,
        title: 'Call with Acme',
        path: 'Greeting',
        type: 'bool',
        ai_value: false,
        draft_value: true,
        human_value: true,
      },
    ],
    changes_total: 1,
    ...overrides,
  };
}
const summaryOf = ({ rows: _rows, changes: _changes, changes_total: _total, ...summary }: Backtest) =>
  summary;

/** The versions panel's API with the draft's backtests (`backtests`, newest first) and any overrides. */
function mockApi(backtests: Backtest[], overrides: Record<string, Handler> = {}) {
  return mockPromptApi({
    [routeKey(promptApiRoutes.listVersions, params)]: () =>
      jsonResponse(200, { data: versions.map(({ prompt: _prompt, ...rest }) => rest), next_before: null }),
    [routeKey(promptApiRoutes.getVersion, draftParams)]: () => jsonResponse(200, { data: versions[0] }),
    [routeKey(promptApiRoutes.listBacktests, draftParams)]: () =>
      jsonResponse(200, { data: backtests.map(summaryOf) }),
    ...Object.fromEntries(
      backtests.map((backtest) => [
        routeKey(promptApiRoutes.getBacktest, { ...params, backtestId: backtest.id }),
        () => jsonResponse(200, { data: backtest }),
      ]),
    ),
    [routeKey(promptApiRoutes.publishVersion, draftParams)]: () =>
      jsonResponse(200, { data: { ...versions[0], state: 'published' } }),
    ...overrides,
  });
}

const renderPanel = (canEdit = true) =>
  renderRoutes(
    [
      {
        path: '/panel',
        element: <VersionsPanel projectId={5} promptId={11} canEdit={canEdit} onChanged={() => {}} />,
      },
    ],
    '/panel',
  );
const draftRow = async () => screen.findByRole('listitem', { name: 'Version 2' });

afterEach(() => {
  vi.useRealTimers();
});

describe('backtests of a draft', () => {
  it('shows the price at the draft model’s units and starts a backtest of the chosen count', async () => {
    const fetch = mockApi([], {
      [routeKey(promptApiRoutes.startBacktest, draftParams)]: () =>
        jsonResponse(202, { data: backtestFixture({ status: 'queued', done: 0, units_milli: 5000 }) }),
    });
    renderPanel();
    expect(await screen.findByText(/has not been backtested yet/)).toBeVisible();
    fireEvent.click(within(await draftRow()).getByRole('button', { name: 'Backtest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backtest the draft' });
    expect(await within(dialog).findByTestId('backtest-price')).toHaveTextContent(
      'About 20 units with Claude Sonnet 4.5',
    );
    fireEvent.change(within(dialog).getByLabelText('Last reviewed conversations'), {
      target: { value: '5' },
    });
    expect(within(dialog).getByTestId('backtest-price')).toHaveTextContent('About 5 units');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start backtest' }));
    const key = routeKey(promptApiRoutes.startBacktest, draftParams);
    await waitFor(() => expect(calls(fetch, key)).toBe(1));
    expect(lastBody(fetch, key)).toEqual({ conversations: 5 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows why the project cannot pay, with the way to billing', async () => {
    mockApi([], {
      [routeKey(promptApiRoutes.startBacktest, draftParams)]: () =>
        jsonResponse(402, { error: { code: 'insufficient_funds', message: 'Needs 20 units, 3 left.' } }),
    });
    renderPanel();
    fireEvent.click(within(await draftRow()).getByRole('button', { name: 'Backtest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backtest the draft' });
    await within(dialog).findByTestId('backtest-price');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start backtest' }));
    const error = await within(dialog).findByTestId('backtest-start-error');
    expect(error).toHaveTextContent('Needs 20 units, 3 left.');
    expect(within(error).getByRole('link', { name: /billing page/ })).toHaveAttribute(
      'href',
      '/projects/5/billing',
    );
  });

  it('shows the server’s reason when the draft cannot be backtested', async () => {
    mockApi([], {
      [routeKey(promptApiRoutes.startBacktest, draftParams)]: () =>
        jsonResponse(409, {
          error: {
            code: 'nothing_reviewed',
            message: 'No reviewed conversation of this prompt has a transcript.',
          },
        }),
    });
    renderPanel();
    fireEvent.click(within(await draftRow()).getByRole('button', { name: 'Backtest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backtest the draft' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start backtest' }));
    expect(await within(dialog).findByTestId('backtest-start-error')).toHaveTextContent(
      'No reviewed conversation of this prompt has a transcript.',
    );
  });

  it('shows the progress of a running backtest and its figures once it completes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = backtestFixture({ status: 'running', done: 12, failed: 1, rows: [], changes: [] });
    let answer = running;
    mockApi([running], {
      [routeKey(promptApiRoutes.getBacktest, { ...params, backtestId: 70 })]: () =>
        jsonResponse(200, { data: answer }),
    });
    renderPanel();
    expect(await screen.findByTestId('backtest-progress')).toHaveTextContent('12 of 20 conversations');
    expect(screen.getByRole('progressbar', { name: 'Backtest progress' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(screen.getByText('1 conversation could not be analysed')).toBeVisible();

    answer = backtestFixture({ failed: 1 });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByTestId('backtest-row-Greeting')).toBeVisible();
    expect(screen.queryByTestId('backtest-progress')).not.toBeInTheDocument();
  });

  it('shows per field the published and the draft figures and the conversations whose answer changed', async () => {
    mockApi([backtestFixture({ current: false })]);
    renderPanel();
    const row = await screen.findByTestId('backtest-row-Greeting');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Greeting',
      'Yes / No',
      '60% (50%–65%)',
      '0.2',
      '20',
      '85% (75%–90%)',
      '0.7',
      '20',
      '+25 pts',
      '5',
    ]);
    expect(within(row).getByText('+25 pts')).toHaveAttribute('data-trend', 'better');
    expect(screen.getByText('Out of date: the draft changed since')).toBeVisible();
    const changes = screen.getByRole('region', { name: 'Conversations whose answer changed' });
    expect(within(changes).getByRole('link', { name: 'Call with Acme' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/901',
    );
    expect(changes).toHaveTextContent('AI No → draft Yes · reviewer Yes');
  });

  it('shows the latest completed backtest as evidence before publishing', async () => {
    const fetch = mockApi([backtestFixture({ id: 71, status: 'running', done: 3 }), backtestFixture()]);
    renderPanel();
    fireEvent.click(within(await draftRow()).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish draft version 2?' });
    const evidence = await within(dialog).findByTestId('publish-evidence');
    expect(evidence).toHaveTextContent('Latest backtest: 20 conversations');
    expect(within(evidence).getByTestId('backtest-row-Greeting')).toHaveTextContent('+25 pts');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls(fetch, routeKey(promptApiRoutes.publishVersion, draftParams))).toBe(1));
  });

  it('says when the draft was not backtested and offers to backtest it before publishing', async () => {
    mockApi([]);
    renderPanel();
    fireEvent.click(within(await draftRow()).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish draft version 2?' });
    const line = await within(dialog).findByTestId('publish-not-backtested');
    expect(line).toHaveTextContent('Not backtested.');
    fireEvent.click(within(line).getByRole('button', { name: 'Backtest' }));
    expect(await screen.findByRole('dialog', { name: 'Backtest the draft' })).toBeVisible();
  });

  it('offers members who may not publish no backtests', async () => {
    const fetch = mockApi([backtestFixture()]);
    renderPanel(false);
    await draftRow();
    expect(screen.queryByRole('button', { name: 'Backtest' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('draft-backtests')).not.toBeInTheDocument();
    expect(calls(fetch, routeKey(promptApiRoutes.listBacktests, draftParams))).toBe(0);
  });
});
