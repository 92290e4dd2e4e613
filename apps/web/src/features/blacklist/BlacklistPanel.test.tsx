import { BLACKLIST_TEXTS, blacklistRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BLACKLIST_PATH,
  captureDownloads,
  entryFixture,
  integrationRoutes,
  mockBlacklistApi,
  pagedList,
  requestsTo,
} from '../../test/blacklist';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';

// The first render loads lazy MUI modules; on a busy machine that takes longer than the default second.

async function open(path = BLACKLIST_PATH) {
  const result = renderRoutes(integrationRoutes, path);
  await screen.findByTestId('blacklist-panel');
  return result;
}

const listQueries = (fetch: ReturnType<typeof mockBlacklistApi>) =>
  requestsTo(fetch, routeKey(blacklistRoutes.list)).map(({ url }) => url.search);

const row = (id: number) => screen.getByTestId(`blacklist-row-${id}`);

function openAddDialog() {
  fireEvent.click(screen.getByTestId('blacklist-add'));
  return screen.getByRole('dialog', { name: 'Add a Number to the Blacklist' });
}

const phoneInput = () => screen.getByTestId('phone-input') as HTMLInputElement;
const previewInput = () => screen.getByTestId('phone-preview') as HTMLInputElement;
const noteInput = () => screen.getByTestId('note-input') as HTMLTextAreaElement;
const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /^Save$|^Saving/ });

describe('integrations page', () => {
  it('sends /integrations to the Google Drive tab and offers the blacklist tab', async () => {
    mockBlacklistApi();
    renderRoutes(integrationRoutes, '/projects/5/integrations');
    await screen.findByTestId('drive-panel');
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/integrations/google-drive');
    expect(screen.getByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Google Drive' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Blacklist' }));
    await screen.findByTestId('blacklist-panel');
    expect(screen.getByTestId('location')).toHaveTextContent(BLACKLIST_PATH);
    expect(screen.queryByTestId('drive-panel')).not.toBeInTheDocument();
  });

  it('sends an unknown tab to Google Drive', async () => {
    mockBlacklistApi();
    renderRoutes(integrationRoutes, '/projects/5/integrations/dropbox');
    await screen.findByTestId('drive-panel');
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/integrations/google-drive');
  });

  it('is for admins and owners only', async () => {
    const fetch = mockBlacklistApi({}, testProject({ my_role: 'teamleader' }));
    renderRoutes(integrationRoutes, BLACKLIST_PATH);
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(requestsTo(fetch, routeKey(blacklistRoutes.list))).toHaveLength(0);
  });
});

describe('blacklist panel: list and paging', () => {
  it('asks for page 1 with 50 entries and shows number, note, created date and actions', async () => {
    const fetch = mockBlacklistApi();
    await open();
    await screen.findByTestId('blacklist-row-1');
    expect(listQueries(fetch)).toEqual(['?project_id=5&page=1&limit=50']);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Phone number', 'Note', 'Created', 'Actions']);
    expect(row(1)).toHaveTextContent('+15550000001');
    expect(row(1)).toHaveTextContent('Note 1');
    expect(row(1)).toHaveTextContent('Feb 1, 2026');
    expect(within(row(1)).getByRole('button', { name: 'Edit +15550000001' })).toBeInTheDocument();
    expect(within(row(1)).getByRole('button', { name: 'Delete +15550000001' })).toBeInTheDocument();
  });

  it('offers 10/25/50/100 per page; a new size goes back to page 1', async () => {
    const fetch = mockBlacklistApi({ [routeKey(blacklistRoutes.list)]: pagedList(120) });
    await open();
    await screen.findByTestId('blacklist-row-1');
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('blacklist-row-51');
    expect(listQueries(fetch).at(-1)).toBe('?project_id=5&page=2&limit=50');
    expect(screen.getByText('51–100 of 120')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page:' }));
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50', '100']);
    fireEvent.click(within(listbox).getByRole('option', { name: '10' }));
    await screen.findByTestId('blacklist-row-1');
    expect(listQueries(fetch).at(-1)).toBe('?project_id=5&page=1&limit=10');
    expect(screen.getByText('1–10 of 120')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^blacklist-row-/)).toHaveLength(10);
  });

  it("shows the server's message when the list fails, else the generic text", async () => {
    mockBlacklistApi({
      [routeKey(blacklistRoutes.list)]: () =>
        jsonResponse(403, { error: { code: 'forbidden', message: 'Only admins.' } }),
    });
    const first = await open();
    expect(await screen.findByTestId('blacklist-error')).toHaveTextContent('Only admins.');
    first.unmount();

    mockBlacklistApi({ [routeKey(blacklistRoutes.list)]: () => new Response('oops', { status: 500 }) });
    await open();
    expect(await screen.findByTestId('blacklist-error', {}, { timeout: 5000 })).toHaveTextContent(
      'Error loading the blacklist.',
    );
  });

  it('shows an empty state, with export disabled, when the list is empty', async () => {
    mockBlacklistApi({ [routeKey(blacklistRoutes.list)]: pagedList(0) });
    await open();
    expect(await screen.findByText('The blacklist is empty')).toBeInTheDocument();
    expect(screen.getByTestId('blacklist-export')).toBeDisabled();
    expect(screen.getByTestId('blacklist-add')).toBeEnabled();
  });
});

describe('blacklist panel: export', () => {
  it('downloads the server file under its name', async () => {
    const fetch = mockBlacklistApi({
      [routeKey(blacklistRoutes.export)]: () =>
        new Response('phone_number,note,created_at\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="blacklist-project-5-20260201-091500.csv"',
          },
        }),
    });
    await open();
    await screen.findByTestId('blacklist-row-1');
    const saved = captureDownloads();
    fireEvent.click(screen.getByTestId('blacklist-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('blacklist-project-5-20260201-091500.csv');
    expect(await saved[0]!.blob.text()).toBe('phone_number,note,created_at\r\n');
    expect(requestsTo(fetch, routeKey(blacklistRoutes.export))[0]!.url.search).toBe('?project_id=5');
  });

  it('names the file blacklist-project-{id}-{timestamp}.csv when the server names none', async () => {
    mockBlacklistApi({
      [routeKey(blacklistRoutes.export)]: () =>
        new Response('phone_number,note,created_at\r\n', { status: 200 }),
    });
    await open();
    await screen.findByTestId('blacklist-row-1');
    const saved = captureDownloads();
    fireEvent.click(screen.getByTestId('blacklist-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^blacklist-project-5-\d{8}-\d{6}\.csv$/);
  });

  it("shows the server's message when the export fails", async () => {
    mockBlacklistApi({
      [routeKey(blacklistRoutes.export)]: () =>
        jsonResponse(500, { error: { code: 'internal', message: 'Export is down.' } }),
    });
    await open();
    await screen.findByTestId('blacklist-row-1');
    fireEvent.click(screen.getByTestId('blacklist-export'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Export is down.');
  });
});

describe('blacklist panel: read-only support access', () => {
  it('lists, pages and exports; add, import, edit and delete are disabled and nothing is written', async () => {
    const fetch = mockBlacklistApi(
      {
        [routeKey(blacklistRoutes.export)]: () =>
          new Response('phone_number,note,created_at\r\n', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="blacklist.csv"' },
          }),
      },
      testProject({ my_role: 'admin', read_only: true }),
    );
    await open();
    const first = within(await screen.findByTestId('blacklist-row-1'));
    const add = screen.getByTestId('blacklist-add');
    const importButton = screen.getByTestId('blacklist-import');
    const edit = first.getByRole('button', { name: 'Edit +15550000001' });
    const remove = first.getByRole('button', { name: 'Delete +15550000001' });
    for (const button of [add, importButton, edit, remove]) {
      expect(button).toBeDisabled();
      fireEvent.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const saved = captureDownloads();
    fireEvent.click(screen.getByTestId('blacklist-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
  });
});

describe('blacklist panel: add and edit', () => {
  it('previews the normalised number and counts the note up to 500', async () => {
    mockBlacklistApi();
    await open();
    const dialog = openAddDialog();
    expect(phoneInput()).toHaveAttribute('placeholder', '+1234567890');
    expect(previewInput()).toHaveAttribute('readonly');
    const preview = (typed: string) => {
      fireEvent.change(phoneInput(), { target: { value: typed } });
      return previewInput().value;
    };
    expect(preview('(555) 123-4567')).toBe('+15551234567');
    expect(preview('44 20 7946 0958')).toBe('+442079460958');
    expect(preview('+44 (20) 7946-0958')).toBe('+442079460958');
    expect(preview('abc')).toBe('');
    expect(preview('12')).toBe('+12');
    expect(dialog).toHaveTextContent("This doesn't look like a valid number");

    expect(dialog).toHaveTextContent('0/500');
    fireEvent.change(noteInput(), { target: { value: 'Asked not to be called' } });
    expect(dialog).toHaveTextContent('22/500');
    fireEvent.change(noteInput(), { target: { value: 'x'.repeat(600) } });
    expect(noteInput().value).toHaveLength(500);
    expect(dialog).toHaveTextContent('500/500');
  });

  it('keeps Save disabled while the phone is blank', async () => {
    mockBlacklistApi();
    await open();
    const dialog = openAddDialog();
    expect(saveButton(dialog)).toBeDisabled();
    fireEvent.change(phoneInput(), { target: { value: '   ' } });
    fireEvent.blur(phoneInput());
    expect(saveButton(dialog)).toBeDisabled();
    expect(dialog).toHaveTextContent('Phone number is required.');
    fireEvent.change(phoneInput(), { target: { value: '5551234567' } });
    expect(saveButton(dialog)).toBeEnabled();
  });

  it('sends the raw typed number, omits an empty note, locks the form while saving', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = mockBlacklistApi({
      [routeKey(blacklistRoutes.create)]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await open();
    await screen.findByTestId('blacklist-row-1');
    const dialog = openAddDialog();
    fireEvent.change(phoneInput(), { target: { value: ' (555) 123-4567 ' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(saveButton(dialog)).toHaveTextContent('Saving...'));
    expect(saveButton(dialog)).toBeDisabled();
    expect(phoneInput()).toBeDisabled();
    expect(noteInput()).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(requestsTo(fetch, routeKey(blacklistRoutes.create))[0]!.json).toEqual({
      project_id: 5,
      phone_number: ' (555) 123-4567 ',
    });
    const loads = requestsTo(fetch, routeKey(blacklistRoutes.list)).length;
    answer(jsonResponse(201, { data: entryFixture(9, { phone_number: '+15551234567', note: null }) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('toast')).toHaveTextContent('The number was added to the blacklist.');
    await waitFor(() =>
      expect(requestsTo(fetch, routeKey(blacklistRoutes.list)).length).toBeGreaterThan(loads),
    );
  });

  it('sends the note when there is one', async () => {
    const fetch = mockBlacklistApi({
      [routeKey(blacklistRoutes.create)]: () => jsonResponse(201, { data: entryFixture(9) }),
    });
    await open();
    const dialog = openAddDialog();
    fireEvent.change(phoneInput(), { target: { value: '+44 20 7946 0958' } });
    fireEvent.change(noteInput(), { target: { value: 'Complained twice' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, routeKey(blacklistRoutes.create))[0]!.json).toEqual({
      project_id: 5,
      phone_number: '+44 20 7946 0958',
      note: 'Complained twice',
    });
  });

  it("shows the server's error on a failed save, else 'error saving'", async () => {
    let status = 409;
    mockBlacklistApi({
      [routeKey(blacklistRoutes.create)]: () =>
        status === 409
          ? jsonResponse(409, {
              error: {
                code: 'duplicate_number',
                message: "+15551234567 is already on this project's blacklist.",
              },
            })
          : new Response('', { status: 500 }),
    });
    await open();
    const dialog = openAddDialog();
    fireEvent.change(phoneInput(), { target: { value: '5551234567' } });
    fireEvent.click(saveButton(dialog));
    expect(await within(dialog).findByTestId('save-error')).toHaveTextContent(
      "+15551234567 is already on this project's blacklist.",
    );
    // the dialog stays open with what was typed
    expect(phoneInput().value).toBe('5551234567');
    status = 500;
    fireEvent.click(saveButton(dialog));
    await waitFor(() =>
      expect(within(dialog).getByTestId('save-error')).toHaveTextContent('Error saving the number.'),
    );
  });

  it('shows a refused number in words, without the field name, and marks the phone field', async () => {
    mockBlacklistApi({
      [routeKey(blacklistRoutes.create)]: () =>
        jsonResponse(400, {
          error: { code: 'validation_error', message: BLACKLIST_TEXTS.phoneInvalid, field: 'phone_number' },
        }),
    });
    await open();
    const dialog = openAddDialog();
    fireEvent.change(phoneInput(), { target: { value: '12-34' } });
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'false');
    fireEvent.click(saveButton(dialog));
    const alert = await within(dialog).findByTestId('save-error');
    expect(alert).toHaveTextContent(BLACKLIST_TEXTS.phoneInvalid);
    expect(alert).not.toHaveTextContent('phone_number');
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits an entry with PUT, starting from its number and note', async () => {
    const fetch = mockBlacklistApi({
      [routeKey(blacklistRoutes.update, { id: 2 })]: () => jsonResponse(200, { data: entryFixture(2) }),
    });
    await open();
    await screen.findByTestId('blacklist-row-2');
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Edit +15550000002' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Blacklist Entry' });
    expect(phoneInput().value).toBe('+15550000002');
    expect(noteInput().value).toBe('Note 2');
    expect(previewInput().value).toBe('+15550000002');
    fireEvent.change(noteInput(), { target: { value: '' } });
    fireEvent.change(phoneInput(), { target: { value: '+1 555 000 0022' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, routeKey(blacklistRoutes.update, { id: 2 }))[0]!.json).toEqual({
      phone_number: '+1 555 000 0022',
      note: '',
    });
    expect(screen.getByTestId('toast')).toHaveTextContent('The blacklist entry was updated.');
  });
});

describe('blacklist panel: delete', () => {
  it('asks first, then deletes', async () => {
    const fetch = mockBlacklistApi({
      [routeKey(blacklistRoutes.remove, { id: 1 })]: () => jsonResponse(200, { data: { ok: true } }),
    });
    await open();
    await screen.findByTestId('blacklist-row-1');
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Delete +15550000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this number?' });
    expect(dialog).toHaveTextContent('+15550000001 will be removed from the blacklist');
    expect(requestsTo(fetch, routeKey(blacklistRoutes.remove, { id: 1 }))).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, routeKey(blacklistRoutes.remove, { id: 1 }))).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveTextContent('The number was removed from the blacklist.');
  });

  it('cancelling deletes nothing', async () => {
    const fetch = mockBlacklistApi();
    await open();
    await screen.findByTestId('blacklist-row-1');
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Delete +15550000001' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, routeKey(blacklistRoutes.remove, { id: 1 }))).toHaveLength(0);
  });

  it("closes the dialog and shows the server's message, else 'error deleting', when it fails", async () => {
    let withMessage = true;
    mockBlacklistApi({
      [routeKey(blacklistRoutes.remove, { id: 1 })]: () =>
        withMessage
          ? jsonResponse(404, { error: { code: 'not_found', message: 'Blacklist entry not found.' } })
          : new Response('', { status: 500 }),
    });
    await open();
    await screen.findByTestId('blacklist-row-1');
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Delete +15550000001' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('toast')).toHaveTextContent('Blacklist entry not found.');

    withMessage = false;
    await screen.findByTestId('blacklist-row-1');
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Delete +15550000001' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Error deleting the number.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
