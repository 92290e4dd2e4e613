import { dataRequestRoutes, type PersonMatch } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import { lastBody, mockSettingsApi, settingsProject, settingsRoutes, writeCalls } from './testUtils';

const SEARCH = routeKey(dataRequestRoutes.search, { id: 5 });
const ERASE = routeKey(dataRequestRoutes.erase, { id: 5 });

function match(id: number, overrides: Partial<PersonMatch> = {}): PersonMatch {
  return {
    id,
    conversation_at: '2026-03-01T10:00:00.000Z',
    created_at: '2026-03-01T10:00:00.000Z',
    status: 'completed',
    title: `Call ${id}`,
    file_name: `call-${id}.wav`,
    expired: false,
    places: ['transcript'],
    ...overrides,
  };
}

const found =
  (matches: PersonMatch[], next_before: string | null = null) =>
  () =>
    routeAnswer(dataRequestRoutes.search, { data: { searched: '+44 20 7946 0958', matches, next_before } });

function openTab(handlers: Record<string, Handler>, project = settingsProject()) {
  const fetch = mockSettingsApi(handlers, project);
  renderRoutes(settingsRoutes, '/projects/5/settings/data-requests');
  return fetch;
}

async function searchFor(value: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Value' }), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('data requests tab', () => {
  it('searches a phone number and lists where each conversation mentions it', async () => {
    const fetch = openTab({
      [SEARCH]: found([match(11), match(12, { places: ['metadata', 'transcript_original'] })]),
    });
    expect(await screen.findByRole('tab', { name: 'Data Requests' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await searchFor('020 7946 0958');

    expect(await screen.findByTestId('data-request-row-12')).toBeInTheDocument();
    expect(lastBody(fetch, SEARCH)).toEqual({ kind: 'phone', value: '020 7946 0958' });
    expect(screen.getByText('Searched for: +44 20 7946 0958')).toBeInTheDocument();
    const row = within(screen.getByTestId('data-request-row-12'));
    expect(row.getByText('Metadata')).toBeInTheDocument();
    expect(row.getByText('Original transcript')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erase…' })).toBeDisabled();
  });

  it('shows an empty result and a refusal of the value at the field', async () => {
    let refuse = true;
    openTab({
      [SEARCH]: () =>
        refuse
          ? jsonResponse(400, { error: { code: 'invalid_phone', message: 'Too short', field: 'value' } })
          : found([])(),
    });
    await searchFor('12');
    expect(await screen.findByText('Enter a phone number with at least 6 digits.')).toBeInTheDocument();
    refuse = false;
    await searchFor('07700 900123');
    expect(await screen.findByText('No conversation mentions this value.')).toBeInTheDocument();
  });

  it('exports the chosen conversations as a zip link', async () => {
    openTab({ [SEARCH]: found([match(11), match(12)]) });
    await searchFor('020 7946 0958');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select analysis #12' }));
    const exportLink = screen.getByRole('link', { name: 'Export (zip)' });
    expect(exportLink.getAttribute('href')).toBe('/api/projects/5/data-requests/export?task_ids=12');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('link', { name: 'Export (zip)' }).getAttribute('href')).toBe(
      '/api/projects/5/data-requests/export?task_ids=11%2C12',
    );
  });

  it('erases after a confirmation that says what goes and what stays, with the blacklist offer', async () => {
    let searches = 0;
    const fetch = openTab({
      [SEARCH]: () => {
        searches += 1;
        return found(searches === 1 ? [match(11), match(12)] : [match(12)])();
      },
      [ERASE]: () =>
        routeAnswer(dataRequestRoutes.erase, {
          data: { erased: 1, skipped: 0, media_removed: 1, blacklisted: true },
        }),
    });
    await searchFor('020 7946 0958');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select analysis #11' }));
    fireEvent.click(screen.getByRole('button', { name: 'Erase…' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Erase the chosen conversations (1)?' }));
    expect(dialog.getByText(/the recording or chat file/)).toBeInTheDocument();
    expect(dialog.getByText(/its rows in analytics/)).toBeInTheDocument();
    expect(dialog.getByText(/the billing ledger line/)).toBeInTheDocument();
    expect(writeCalls(fetch).filter((call) => call.endsWith('/erase'))).toEqual([]);
    fireEvent.click(dialog.getByRole('checkbox', { name: /Also add \+44 20 7946 0958 to the blacklist/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Erase' }));

    expect(
      await screen.findByText('Conversations erased: 1. The number is on the blacklist.'),
    ).toBeInTheDocument();
    expect(lastBody(fetch, ERASE)).toEqual({
      task_ids: [11],
      kind: 'phone',
      value: '020 7946 0958',
      blacklist: true,
      confirm: true,
    });
    await waitFor(() => expect(screen.queryByTestId('data-request-row-11')).not.toBeInTheDocument());
    expect(screen.getByTestId('data-request-row-12')).toBeInTheDocument();
  });

  it('offers no blacklist for an email address, and cancelling erases nothing', async () => {
    const fetch = openTab({ [SEARCH]: found([match(11)]) });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Search for' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Email address' }));
    await searchFor('sam@example.com');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writeCalls(fetch).filter((call) => call.endsWith('/erase'))).toEqual([]);
  });

  it('does not offer the search to a project seen read-only', async () => {
    openTab({}, settingsProject({ read_only: true }));
    expect(
      await screen.findByText('Searching personal data is not possible with read-only access.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });
});
