import { trackerRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requests } from '../../test/analyses';
import { mockTrackersApi, openTrackersTab, trackerFixture } from '../../test/trackers';
import { jsonResponse, routeAnswer, routeKey } from '../../test/utils';

const CREATE = routeKey(trackerRoutes.create, { id: 5 });
const UPDATE = routeKey(trackerRoutes.update, { id: 5, trackerId: 3 });
const ESTIMATE = routeKey(trackerRoutes.applyEstimate, { id: 5, trackerId: 3 });
const APPLY = routeKey(trackerRoutes.apply, { id: 5, trackerId: 3 });
const STATEMENT = 'The customer says they will cancel';
const smartTracker = trackerFixture(3, {
  kind: 'smart',
  name: 'Cancellation',
  phrases: [],
  statement: STATEMENT,
  apply: { status: 'done', done: 0, total: 0, finished_at: null, error: null },
});

describe('Smart trackers in Project Settings → Trackers', () => {
  it('adds a smart tracker: the kind chosen, the statement instead of words and conditions', async () => {
    const fetch = mockTrackersApi([], {
      [CREATE]: (_url, init) =>
        routeAnswer(trackerRoutes.create, { data: { ...smartTracker, ...JSON.parse(String(init?.body)) } }),
    });
    await openTrackersTab();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add tracker' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add tracker' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Name/ }), { target: { value: 'Cancellation' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'Smart' }));
    expect(dialog.queryByRole('combobox', { name: /Words and phrases/ })).not.toBeInTheDocument();
    expect(dialog.queryByRole('radio', { name: 'Customer' })).not.toBeInTheDocument();
    // Nothing is sent without a statement.
    fireEvent.click(dialog.getByRole('button', { name: 'Add tracker' }));
    expect(
      await dialog.findByText('Please enter a statement of at most 300 characters.'),
    ).toBeInTheDocument();
    expect(requests(fetch, CREATE)).toHaveLength(0);
    fireEvent.change(dialog.getByRole('textbox', { name: /Statement/ }), { target: { value: STATEMENT } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add tracker' }));
    await waitFor(() => expect(requests(fetch, CREATE)).toHaveLength(1));
    expect(requests(fetch, CREATE)[0]!.body).toEqual({
      kind: 'smart',
      name: 'Cancellation',
      statement: STATEMENT,
      language: 'en',
    });
    // Not applied to past analyses by itself: the toast says how to.
    expect(
      await screen.findByText(
        'Tracker added. New analyses answer it; to answer it for past ones, use Apply to past analyses.',
      ),
    ).toBeInTheDocument();
  });

  it('changes a smart tracker: its kind is fixed, only what changed is sent', async () => {
    const fetch = mockTrackersApi([smartTracker], {
      [UPDATE]: (_url, init) =>
        routeAnswer(trackerRoutes.update, { data: { ...smartTracker, ...JSON.parse(String(init?.body)) } }),
    });
    await openTrackersTab();
    const row = within(screen.getByTestId('tracker-3'));
    expect(row.getByTestId('tracker-statement')).toHaveTextContent(`“${STATEMENT}”`);
    expect(row.getByText('Answered by the model')).toBeInTheDocument();
    fireEvent.click(row.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit tracker' }));
    expect(dialog.getByRole('radio', { name: 'Smart' })).toBeChecked();
    expect(dialog.getByRole('radio', { name: 'Keywords' })).toBeDisabled();
    fireEvent.change(dialog.getByRole('textbox', { name: /Statement/ }), {
      target: { value: 'The customer asks to cancel' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests(fetch, UPDATE)).toHaveLength(1));
    expect(requests(fetch, UPDATE)[0]!.body).toEqual({ statement: 'The customer asks to cancel' });
  });

  it('applies a smart tracker to past analyses after showing the price', async () => {
    const fetch = mockTrackersApi([smartTracker, trackerFixture(4, { name: 'Words' })], {
      [ESTIMATE]: () => routeAnswer(trackerRoutes.applyEstimate, { data: { analyses: 120, units: 240 } }),
      [APPLY]: () =>
        jsonResponse(202, {
          data: {
            ...smartTracker,
            apply: { status: 'running', done: 0, total: 120, finished_at: null, error: null },
          },
        }),
    });
    await openTrackersTab();
    // Keyword trackers have no such action: they are applied by themselves, free.
    expect(
      within(screen.getByTestId('tracker-4')).queryByRole('button', { name: 'Apply to past analyses' }),
    ).not.toBeInTheDocument();
    fireEvent.click(
      within(screen.getByTestId('tracker-3')).getByRole('button', { name: 'Apply to past analyses' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Apply “Cancellation” to past analyses' }),
    );
    expect(await dialog.findByTestId('tracker-apply-price')).toHaveTextContent(
      'Past analyses in this range: 120. Price: 240 units',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Apply and pay' }));
    await waitFor(() => expect(requests(fetch, APPLY)).toHaveLength(1));
    expect(requests(fetch, APPLY)[0]!.body).toEqual({});
    expect(await screen.findByText(/Applying the tracker to past analyses/)).toBeInTheDocument();
  });

  it('shows why the project cannot pay', async () => {
    mockTrackersApi([smartTracker], {
      [ESTIMATE]: () => routeAnswer(trackerRoutes.applyEstimate, { data: { analyses: 3, units: 6 } }),
      [APPLY]: () =>
        jsonResponse(402, { error: { code: 'insufficient_funds', message: 'Insufficient funds' } }),
    });
    await openTrackersTab();
    fireEvent.click(
      within(screen.getByTestId('tracker-3')).getByRole('button', { name: 'Apply to past analyses' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByTestId('tracker-apply-price');
    fireEvent.click(dialog.getByRole('button', { name: 'Apply and pay' }));
    expect(await dialog.findByTestId('tracker-apply-error')).toHaveTextContent(
      'The project cannot pay for this: add units or choose a shorter range.',
    );
  });
});
