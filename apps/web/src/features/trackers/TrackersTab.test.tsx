import { TRACKERS, type Tracker, trackerRoutes } from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRACKER_APPLY_POLL_MS } from '../../shared/api/trackers';
import { requests } from '../../test/analyses';
import {
  mockTrackersApi,
  openTrackersTab,
  settingsPageRoutes,
  TRACKERS_TAB_PATH,
  trackerFixture,
  trackersAnswer,
} from '../../test/trackers';
import { jsonResponse, renderRoutes, routeAnswer, routeKey, testProject } from '../../test/utils';

const LIST = routeKey(trackerRoutes.list, { id: 5 });
const CREATE = routeKey(trackerRoutes.create, { id: 5 });
const row = (id: number) => within(screen.getByTestId(`tracker-${id}`));

/** The add dialog, opened from the header (or the empty state's) button. */
async function openAddDialog() {
  fireEvent.click(screen.getAllByRole('button', { name: 'Add tracker' })[0]!);
  return within(await screen.findByRole('dialog', { name: 'Add tracker' }));
}

function typePhrase(dialog: ReturnType<typeof within>, phrase: string) {
  const input = dialog.getByRole('combobox', { name: /Words and phrases/ });
  fireEvent.change(input, { target: { value: phrase } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

function pastePhrases(dialog: ReturnType<typeof within>, text: string) {
  fireEvent.paste(dialog.getByRole('combobox', { name: /Words and phrases/ }), {
    clipboardData: { getData: () => text },
  });
}

function choose(dialog: ReturnType<typeof within>, label: RegExp | string, option: string) {
  fireEvent.mouseDown(dialog.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

afterEach(() => vi.useRealTimers());

describe('Project Settings: the Trackers tab', () => {
  it('is a settings tab after Automations, for admins and owners', async () => {
    mockTrackersApi([]);
    await openTrackersTab();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs[tabs.indexOf('Automations') + 1]).toBe('Trackers');
    expect(screen.getByRole('tab', { name: 'Trackers' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is not shown to a team leader, and no trackers are asked for', async () => {
    const fetch = mockTrackersApi([], {}, testProject({ my_role: 'teamleader', read_only: false }));
    renderRoutes(settingsPageRoutes, TRACKERS_TAB_PATH);
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Trackers' })).not.toBeInTheDocument();
    expect(requests(fetch, LIST)).toHaveLength(0);
  });

  it('lists trackers: language, phrases as chips (a few, then +N), conditions and analyses hit', async () => {
    mockTrackersApi([
      trackerFixture(1, {
        name: 'Cancellation',
        language: 'de',
        phrases: ['kündigen', 'Vertrag beenden', 'zu teuer', 'Konkurrenz', 'wechseln', 'Anbieter'],
        speaker: 'customer',
        window: { edge: 'last', seconds: 60 },
        analyses_hit: 1234,
      }),
      trackerFixture(2, { name: 'Greeting' }),
    ]);
    await openTrackersTab();
    // Both kinds are introduced: words and phrases, and statements the model answers.
    expect(screen.getByText(/A smart tracker is a statement the model answers/)).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Trackers' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Language',
      'Words and phrases',
      'Said by, when',
      'Analyses hit',
      'Actions',
    ]);
    const first = row(1);
    expect(first.getByText('Cancellation')).toBeInTheDocument();
    expect(first.getByText('Deutsch')).toBeInTheDocument();
    for (const phrase of ['kündigen', 'Vertrag beenden', 'zu teuer', 'Konkurrenz'])
      expect(first.getByText(phrase)).toBeInTheDocument();
    expect(first.queryByText('wechseln')).not.toBeInTheDocument();
    expect(first.getByText('+2')).toBeInTheDocument();
    expect(first.getByText('Customer · Last 60 s')).toBeInTheDocument();
    expect(first.getByRole('link', { name: '1,234 analyses hit Cancellation: open them' })).toHaveAttribute(
      'href',
      '/projects/5/analyses?tracker_id=1',
    );
    expect(row(2).getByText('Anyone, anywhere')).toBeInTheDocument();
    expect(screen.queryByTestId('tracker-1-applying')).not.toBeInTheDocument();
  });

  it('shows the apply progress and reads the list again until it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = [
      trackerFixture(1, { apply: { status: 'running', done: 40, total: 100, finished_at: null } }),
    ];
    const fetch = mockTrackersApi([], { [LIST]: () => trackersAnswer(answer) });
    await openTrackersTab();
    const progress = within(await screen.findByTestId('tracker-1-applying'));
    expect(progress.getByText('Applying to past analyses: 40%')).toBeInTheDocument();
    expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    answer = [trackerFixture(1, { analyses_hit: 7 })];
    await act(() => vi.advanceTimersByTimeAsync(TRACKER_APPLY_POLL_MS));
    await waitFor(() => expect(screen.queryByTestId('tracker-1-applying')).not.toBeInTheDocument());
    expect(row(1).getByRole('link', { name: /^7 analyses hit/ })).toBeInTheDocument();
    const reads = requests(fetch, LIST).length;
    await act(() => vi.advanceTimersByTimeAsync(TRACKER_APPLY_POLL_MS * 2));
    expect(requests(fetch, LIST)).toHaveLength(reads);
  });

  it('without trackers: explains them, and its button opens the add dialog', async () => {
    mockTrackersApi([]);
    await openTrackersTab();
    expect(screen.getByRole('heading', { name: 'No trackers yet' })).toBeInTheDocument();
    expect(screen.getByText(/A tracker is a list of words and phrases in one language/)).toBeInTheDocument();
    await openAddDialog();
  });

  it("opens the add dialog filled in with a suggestion in the address (a topic's Create tracker)", async () => {
    mockTrackersApi([]);
    renderRoutes(
      settingsPageRoutes,
      `${TRACKERS_TAB_PATH}?new=1&name=Password+reset&phrase=password+reset&phrase=cannot+log+in`,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Add tracker' }));
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Password reset');
    expect(dialog.getByText('password reset')).toBeInTheDocument();
    expect(dialog.getByText('cannot log in')).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the trackers cannot be loaded', async () => {
    mockTrackersApi([], {
      [LIST]: () => jsonResponse(500, { error: { code: 'internal', message: '' } }),
    });
    await openTrackersTab();
    expect(await screen.findByText('Failed to load the trackers.')).toBeInTheDocument();
  });

  it('checks a new tracker with the contracts schema, then posts it and lists it', async () => {
    let trackers: Tracker[] = [];
    const fetch = mockTrackersApi([], {
      [LIST]: () => trackersAnswer(trackers),
      [CREATE]: (_url, init) => {
        const body = JSON.parse(String(init?.body));
        trackers = [
          trackerFixture(9, { ...body, apply: { status: 'running', done: 0, total: 5, finished_at: null } }),
        ];
        return routeAnswer(trackerRoutes.create, { data: trackers[0]! });
      },
    });
    await openTrackersTab();
    const dialog = await openAddDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Add tracker' }));
    expect(dialog.getByText('Please enter a name of at most 100 characters.')).toBeInTheDocument();
    expect(dialog.getByText('Please enter at least one word or phrase.')).toBeInTheDocument();
    expect(requests(fetch, CREATE)).toHaveLength(0);

    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: ' Churn ' } });
    // English stems words; Ukrainian has no stemmer in PostgreSQL and matches words exactly.
    expect(dialog.getByText(/Words also match their other forms/)).toBeInTheDocument();
    choose(dialog, /Language of the words/, 'Українська');
    expect(dialog.getByText(/Words match exactly as written/)).toBeInTheDocument();
    choose(dialog, /Language of the words/, 'English');
    typePhrase(dialog, 'cancel');
    // A pasted list becomes one phrase per line; repeated ones are dropped.
    pastePhrases(dialog, 'switch provider\ncancel\ntoo expensive');
    expect(dialog.getByText('3 of 50', { exact: false })).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('radio', { name: 'Customer' }));
    choose(dialog, /When/, 'In the first seconds');
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Seconds' }), { target: { value: '0' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add tracker' }));
    expect(dialog.getByText('Please enter a whole number of seconds from 1 to 3600.')).toBeInTheDocument();
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Seconds' }), { target: { value: '30' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add tracker' }));

    await waitFor(() => expect(requests(fetch, CREATE)).toHaveLength(1));
    expect(requests(fetch, CREATE)[0]!.body).toEqual({
      kind: 'keywords',
      name: 'Churn',
      language: 'en',
      phrases: ['cancel', 'switch provider', 'too expensive'],
      speaker: 'customer',
      window: { edge: 'first', seconds: 30 },
    });
    expect(
      await screen.findByText('Tracker added. Parley is looking for it in the past analyses.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await row(9).findByText('Applying to past analyses: 0%')).toBeInTheDocument();
  });

  it("refuses more than the contracts' phrases", async () => {
    mockTrackersApi([]);
    await openTrackersTab();
    const dialog = await openAddDialog();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: 'Many' } });
    const many = Array.from({ length: TRACKERS.phrasesMax + 1 }, (_, index) => `word${index}`);
    pastePhrases(dialog, many.join('\n'));
    fireEvent.click(dialog.getByRole('button', { name: 'Add tracker' }));
    expect(dialog.getByText('A tracker can have at most 50 words and phrases.')).toBeInTheDocument();
  });

  it("shows the server's 409s translated: a name taken under the name, too many trackers above the form", async () => {
    let code = 'tracker_name_taken';
    mockTrackersApi([trackerFixture(1)], {
      [CREATE]: () => jsonResponse(409, { error: { code, message: 'Conflict' } }),
    });
    await openTrackersTab();
    const dialog = await openAddDialog();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: 'Tracker 1' } });
    typePhrase(dialog, 'refund');
    fireEvent.click(dialog.getByRole('button', { name: 'Add tracker' }));
    expect(await dialog.findByText('The project already has a tracker with this name.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

    code = 'too_many_trackers';
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: 'Refunds' } });
    expect(dialog.queryByText('The project already has a tracker with this name.')).not.toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Add tracker' }));
    expect(await dialog.findByTestId('tracker-error')).toHaveTextContent(
      'A project can have at most 50 trackers. Delete one you no longer use.',
    );
  });

  it('edits a tracker, sending only what changed', async () => {
    const tracker = trackerFixture(1, { name: 'Churn', window: { edge: 'last', seconds: 60 } });
    const UPDATE = routeKey(trackerRoutes.update, { id: 5, trackerId: 1 });
    const fetch = mockTrackersApi([tracker], {
      [UPDATE]: (_url, init) =>
        routeAnswer(trackerRoutes.update, { data: { ...tracker, ...JSON.parse(String(init?.body)) } }),
    });
    await openTrackersTab();
    fireEvent.click(row(1).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit tracker' }));
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Churn');
    expect(dialog.getByText('cancel')).toBeInTheDocument();
    expect(dialog.getByRole('spinbutton', { name: 'Seconds' })).toHaveValue(60);
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: 'Churn risk' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests(fetch, UPDATE)).toHaveLength(1));
    expect(requests(fetch, UPDATE)[0]!.body).toEqual({ name: 'Churn risk' });
    expect(await screen.findByText('Tracker saved.')).toBeInTheDocument();

    fireEvent.click(row(1).getByRole('button', { name: 'Edit' }));
    const again = within(await screen.findByRole('dialog', { name: 'Edit tracker' }));
    choose(again, /When/, 'Anywhere in the conversation');
    fireEvent.click(again.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests(fetch, UPDATE)).toHaveLength(2));
    expect(requests(fetch, UPDATE)[1]!.body).toEqual({ window: null });
    expect(
      await screen.findByText('Tracker saved. Parley is looking for it again in the past analyses.'),
    ).toBeInTheDocument();
  });

  it('deletes a tracker after confirmation', async () => {
    const DELETE = routeKey(trackerRoutes.delete, { id: 5, trackerId: 1 });
    let trackers = [trackerFixture(1, { name: 'Churn' })];
    const fetch = mockTrackersApi([], {
      [LIST]: () => trackersAnswer(trackers),
      [DELETE]: () => {
        trackers = [];
        return routeAnswer(trackerRoutes.delete, { data: { ok: true } });
      },
    });
    await openTrackersTab();
    fireEvent.click(await row(1).findByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete tracker?' }));
    expect(
      confirm.getByText(/The tracker "Churn" and its hits in every analysis will be deleted/),
    ).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests(fetch, DELETE)).toHaveLength(1));
    expect(await screen.findByText('Tracker deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No trackers yet' })).toBeInTheDocument();
  });

  it('under support access: nothing can be added, changed or deleted', async () => {
    mockTrackersApi([trackerFixture(1)], {}, testProject({ read_only: true }));
    await openTrackersTab();
    expect(screen.getByRole('button', { name: 'Add tracker' })).toBeDisabled();
    expect(row(1).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(row(1).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
