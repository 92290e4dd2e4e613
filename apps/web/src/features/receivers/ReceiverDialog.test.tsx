import { RECEIVER_DEFAULTS, type Receiver, receiverRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsTo } from '../../test/blacklist';
import { mockReceiversApi, openPhoneSystems, receiverFixture, stubClipboard } from '../../test/receivers';
import { jsonResponse, routeAnswer, routeKey } from '../../test/utils';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const CREATE = routeKey(receiverRoutes.create, { id: 5 });
const UPDATE = routeKey(receiverRoutes.update, { id: 5, receiverId: 1 });

async function openAddDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Set up a phone system' }));
  return within(screen.getByRole('dialog', { name: 'Add a phone-system receiver' }));
}

function choose(dialog: ReturnType<typeof within>, label: string | RegExp, option: string | RegExp) {
  fireEvent.mouseDown(dialog.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** The mapping rows as "call field → metadata field". */
function mappingOf(dialog: ReturnType<typeof within>): string[] {
  return dialog.getAllByTestId(/^mapping-row-\d+$/).map((row: HTMLElement) => {
    const [source, metadata] = within(row).getAllByRole('textbox') as HTMLInputElement[];
    return `${source!.value} → ${metadata!.value}`;
  });
}

const rowsOf = (kind: keyof typeof RECEIVER_DEFAULTS) =>
  RECEIVER_DEFAULTS[kind].mapping.map((row) => `${row.source} → ${row.metadata}`);

/** The create route answering the new receiver (a generic one with its secret) as the server would. */
const createdAnswer = (_url: URL, init: RequestInit | undefined) => {
  const body = JSON.parse(String(init?.body)) as Receiver;
  const created = receiverFixture(9, { ...body, prompt_id: Number(body.prompt_id) });
  return routeAnswer(receiverRoutes.create, {
    data: { ...created, secret: body.kind === 'generic' ? SECRET : null },
  });
};

describe('receiver dialog: adding', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("prefills the mapping with the kind's defaults, and refills it when another kind is chosen until it is edited", async () => {
    mockReceiversApi({ receivers: [] });
    await openPhoneSystems();
    const dialog = await openAddDialog();
    expect(dialog.getByRole('combobox', { name: 'Phone system' })).toHaveTextContent('Twilio');
    expect(mappingOf(dialog)).toEqual(rowsOf('twilio'));
    expect(dialog.getByLabelText('Conversation date field')).toHaveValue('RecordingStartTime');
    expect(dialog.getByLabelText(/Twilio Auth Token/)).toBeInTheDocument();

    choose(dialog, 'Phone system', /^Zoom/);
    expect(mappingOf(dialog)).toEqual(rowsOf('zoom'));
    expect(dialog.getByLabelText('Conversation date field')).toHaveValue('payload.object.start_time');
    expect(dialog.getByLabelText(/Zoom Secret Token/)).toBeInTheDocument();

    choose(dialog, 'Phone system', /^Aircall/);
    expect(mappingOf(dialog)).toEqual(rowsOf('aircall'));
    expect(dialog.getByLabelText(/Aircall webhook token/)).toBeInTheDocument();

    // Edited: another kind keeps the rows; the button puts the kind's usual fields back.
    fireEvent.change(within(dialog.getByTestId('mapping-row-0')).getByLabelText('Metadata field'), {
      target: { value: 'Agent' },
    });
    choose(dialog, 'Phone system', /^Generic/);
    expect(mappingOf(dialog)[0]).toBe('data.user.name → Agent');
    expect(dialog.queryByLabelText(/token/i)).not.toBeInTheDocument();
    expect(dialog.getByTestId('receiver-generic-secret')).toHaveTextContent(
      "Parley makes this receiver's signing secret and shows it once",
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Use the usual fields of Generic (signed JSON)' }));
    expect(mappingOf(dialog)).toEqual(rowsOf('generic'));
    expect(dialog.getByLabelText('Conversation date field')).toHaveValue('started_at');

    // Rows are added and removed.
    fireEvent.click(dialog.getByRole('button', { name: 'Add field' }));
    expect(mappingOf(dialog)).toHaveLength(5);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove the field agent' }));
    expect(mappingOf(dialog)).toEqual([...rowsOf('generic').slice(1), ' → ']);
  });

  it('adds a generic receiver and shows its signing secret and address once', async () => {
    stubClipboard();
    let receivers: Receiver[] = [];
    const fetch = mockReceiversApi(
      { receivers },
      {
        [routeKey(receiverRoutes.list, { id: 5 })]: () =>
          routeAnswer(receiverRoutes.list, { data: receivers }),
        [CREATE]: (url, init) => {
          const answer = createdAnswer(url, init);
          receivers = [receiverFixture(9, { kind: 'generic', name: 'PBX' })];
          return answer;
        },
      },
    );
    await openPhoneSystems();
    const dialog = await openAddDialog();
    choose(dialog, 'Phone system', /^Generic/);
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: '  PBX  ' } });
    choose(dialog, /^Prompt/, 'Sales QA');
    expect(dialog.getByText("The prompt's metadata fields: Department, Representative.")).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Add receiver' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Receiver added: its signing secret' }));
    expect(shown.getByTestId('receiver-warning')).toHaveTextContent('Copy the signing secret now');
    expect(shown.getByTestId('receiver-secret')).toHaveTextContent(SECRET);
    expect(shown.getByTestId('receiver-address')).toHaveTextContent(
      'https://parley.example.com/api/receivers/key9',
    );
    expect(requestsTo(fetch, CREATE).map((request) => request.json)).toEqual([
      {
        kind: 'generic',
        name: 'PBX',
        prompt_id: 11,
        mapping: RECEIVER_DEFAULTS.generic.mapping,
        date_source: 'started_at',
        enabled: true,
      },
    ]);

    fireEvent.click(shown.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Secret copied to the clipboard.');
    fireEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Make sure you saved the signing secret: it cannot be shown again.',
    );
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(await screen.findByTestId('receiver-9')).toBeInTheDocument();
  });

  it('adds a Twilio receiver with its Auth Token: no secret to show, the dialog closes', async () => {
    const fetch = mockReceiversApi({ receivers: [] }, { [CREATE]: createdAnswer });
    await openPhoneSystems();
    const dialog = await openAddDialog();
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Sales line' } });
    choose(dialog, /^Prompt/, 'Support QA');
    fireEvent.change(dialog.getByLabelText(/Twilio Auth Token/), { target: { value: 'a'.repeat(32) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add receiver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Receiver added. Give its address to the phone system.',
    );
    expect(requestsTo(fetch, CREATE)[0]!.json).toMatchObject({
      kind: 'twilio',
      name: 'Sales line',
      prompt_id: 12,
      secret: 'a'.repeat(32),
      mapping: RECEIVER_DEFAULTS.twilio.mapping,
      date_source: 'RecordingStartTime',
    });
  });

  it("checks the form with the contracts' rules before sending", async () => {
    const fetch = mockReceiversApi({ receivers: [] });
    await openPhoneSystems();
    const dialog = await openAddDialog();
    const row = (index: number) => within(dialog.getByTestId(`mapping-row-${index}`));
    fireEvent.change(row(2).getByLabelText('Field of the call'), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add receiver' }));
    expect(dialog.getByText('Please enter a name.')).toBeInTheDocument();
    expect(dialog.getByText('Please choose a prompt.')).toBeInTheDocument();
    expect(dialog.getByText('Please enter the secret.')).toBeInTheDocument();
    expect(dialog.getByText('Please enter the field of the call.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add receiver' })).toBeDisabled();

    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Sales line' } });
    choose(dialog, /^Prompt/, 'Sales QA');
    fireEvent.change(dialog.getByLabelText(/Twilio Auth Token/), { target: { value: 'a'.repeat(32) } });
    fireEvent.change(row(2).getByLabelText('Field of the call'), { target: { value: 'direction' } });
    fireEvent.change(row(1).getByLabelText('Metadata field'), { target: { value: 'Representative' } });
    expect(
      dialog.getByText('Each metadata field can be filled from one field of the call only.'),
    ).toBeInTheDocument();
    expect(dialog.queryByText('Please enter a name.')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add receiver' })).toBeDisabled();
    expect(requestsTo(fetch, CREATE)).toHaveLength(0);
  });

  it("shows the server's refusal under the input it names, and others above the form", async () => {
    let answer = () =>
      jsonResponse(422, {
        error: {
          code: 'invalid_value',
          message: "The prompt is not one of the project's.",
          field: 'prompt_id',
        },
      });
    mockReceiversApi({ receivers: [] }, { [CREATE]: () => answer() });
    await openPhoneSystems();
    const dialog = await openAddDialog();
    choose(dialog, 'Phone system', /^Generic/);
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'PBX' } });
    choose(dialog, /^Prompt/, 'Sales QA');
    fireEvent.click(dialog.getByRole('button', { name: 'Add receiver' }));
    expect(await dialog.findByText("The prompt is not one of the project's.")).toBeInTheDocument();
    expect(dialog.queryByTestId('receiver-error')).not.toBeInTheDocument();

    answer = () =>
      jsonResponse(409, {
        error: { code: 'too_many_receivers', message: 'A project can have at most 20 receivers.' },
      });
    fireEvent.click(dialog.getByRole('button', { name: 'Add receiver' }));
    expect(await dialog.findByTestId('receiver-error')).toHaveTextContent(
      'A project can have at most 20 receivers. Delete one you no longer use.',
    );
  });
});

describe('receiver dialog: editing', () => {
  it('keeps the kind and, when the token is left empty, the saved token', async () => {
    let saved = receiverFixture(1, { name: 'Sales line' });
    const fetch = mockReceiversApi(
      { receivers: [saved] },
      {
        [routeKey(receiverRoutes.list, { id: 5 })]: () => routeAnswer(receiverRoutes.list, { data: [saved] }),
        [UPDATE]: (_url, init) => {
          saved = { ...saved, ...(JSON.parse(String(init?.body)) as Partial<Receiver>) };
          return routeAnswer(receiverRoutes.update, { data: saved });
        },
      },
    );
    await openPhoneSystems();
    fireEvent.click(within(await screen.findByTestId('receiver-1')).getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit receiver' }));
    const kind = dialog.getByRole('combobox', { name: 'Phone system' });
    expect(kind).toHaveTextContent('Twilio');
    expect(kind).toHaveAttribute('aria-disabled', 'true');
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Sales line');
    expect(dialog.getByRole('combobox', { name: /^Prompt/ })).toHaveTextContent('Sales QA');
    expect(mappingOf(dialog)).toEqual(['agent → Representative', 'queue → Department']);
    expect(dialog.getByText('Leave empty to keep the saved token.')).toBeInTheDocument();

    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Sales line EU' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('toast')).toHaveTextContent('Receiver saved.');
    expect(await screen.findByRole('heading', { name: 'Sales line EU' })).toBeInTheDocument();
    const first = requestsTo(fetch, UPDATE)[0]!.json!;
    expect(first).toEqual({
      name: 'Sales line EU',
      prompt_id: 11,
      mapping: [
        { source: 'agent', metadata: 'Representative' },
        { source: 'queue', metadata: 'Department' },
      ],
      date_source: 'RecordingStartTime',
      enabled: true,
    });
    expect(first).not.toHaveProperty('secret');

    // A new token is sent.
    fireEvent.click(within(screen.getByTestId('receiver-1')).getByRole('button', { name: 'Edit' }));
    const again = within(screen.getByRole('dialog', { name: 'Edit receiver' }));
    fireEvent.change(again.getByLabelText(/Twilio Auth Token/), { target: { value: 'b'.repeat(32) } });
    fireEvent.click(again.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(fetch, UPDATE)).toHaveLength(2));
    expect(requestsTo(fetch, UPDATE)[1]!.json).toMatchObject({ secret: 'b'.repeat(32) });
  });

  it('a generic receiver has no secret input: its signing secret stays', async () => {
    mockReceiversApi({ receivers: [receiverFixture(1, { kind: 'generic' })] });
    await openPhoneSystems();
    fireEvent.click(within(await screen.findByTestId('receiver-1')).getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit receiver' }));
    expect(dialog.getByTestId('receiver-generic-secret')).toHaveTextContent(
      'The signing secret stays the one shown when the receiver was added.',
    );
    expect(dialog.queryByLabelText(/token/i)).not.toBeInTheDocument();
  });

  it('asks for a prompt when the saved one was deleted', async () => {
    const fetch = mockReceiversApi({ receivers: [receiverFixture(1, { prompt_id: null })] });
    await openPhoneSystems();
    fireEvent.click(within(await screen.findByTestId('receiver-1')).getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit receiver' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('Please choose a prompt.')).toBeInTheDocument();
    expect(requestsTo(fetch, UPDATE)).toHaveLength(0);
  });
});
