import { apiKeyRoutes, promptRoutes, TIMINGS } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { promptFixture } from '../../test/prompts';
import { type Handler, jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import {
  advance,
  apiKey,
  callsTo,
  flush,
  lastBody,
  mockSettingsApi,
  settingsProject,
  settingsRoutes,
  writeCalls,
} from './testUtils';

const SECRET = 'pk_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';

async function open(handlers: Record<string, Handler> = {}, project = settingsProject()) {
  const fetch = mockSettingsApi(handlers, project);
  renderRoutes(settingsRoutes, '/projects/5/settings/api-keys');
  await screen.findByRole('heading', { name: 'API keys' });
  return fetch;
}

const notice = () => screen.getByTestId('toast');

function stubClipboard(writeText = vi.fn().mockResolvedValue(undefined)) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

async function openCreateDialog() {
  fireEvent.click((await screen.findAllByRole('button', { name: 'Create API key' }))[0]!);
  return within(await screen.findByRole('dialog', { name: 'Create API key' }));
}

describe('API keys tab', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('lists keys: prefix, type, user, created, last used or never; revoked rows dimmed, labelled, no revoke', async () => {
    await open({
      [routeKey(apiKeyRoutes.list, { id: 5 })]: () =>
        routeAnswer(apiKeyRoutes.list, {
          data: [
            apiKey(1, { name: 'CRM', type: 'full', last_used: '2026-03-05T12:00:00.000Z' }),
            apiKey(2, { name: 'Phone system', type: 'media', key_mask: 'pk_live_zz99…' }),
            apiKey(3, { name: 'Old', status: 'revoked', revoked_at: '2026-03-04T00:00:00.000Z' }),
          ],
        }),
    });
    const table = within(await screen.findByRole('table', { name: 'API keys' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Key prefix',
      'Type',
      'User',
      'Created',
      'Last used',
      'Actions',
    ]);
    // Headers and dates stay on one line.
    for (const header of table.getAllByRole('columnheader'))
      expect(header).toHaveStyle({ whiteSpace: 'nowrap' });
    const crm = within(screen.getByTestId('api-key-1'));
    expect(crm.getByText('Full access')).toBeInTheDocument();
    expect(crm.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(crm.queryByText('never')).not.toBeInTheDocument();
    const phone = within(screen.getByTestId('api-key-2'));
    expect(phone.getByText('pk_live_zz99…')).toBeInTheDocument();
    expect(phone.getByText('Media only')).toBeInTheDocument();
    expect(phone.getByText('never')).toBeInTheDocument();
    expect(phone.getByRole('button', { name: 'Revoke Phone system' })).toBeEnabled();

    const old = screen.getByTestId('api-key-3');
    expect(old).toHaveAttribute('data-status', 'revoked');
    expect(old).toHaveStyle({ opacity: '0.5' });
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('api-key-1')).not.toHaveStyle({ opacity: '0.5' });
  });

  it('shows an empty state with a hint and a create button', async () => {
    await open();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.getByText(/Create a key to upload recordings from your own systems/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByRole('dialog', { name: 'Create API key' })).toBeInTheDocument();
  });

  it('says failed_to_load_api_keys with a retry button that loads again', async () => {
    let fail = true;
    await open({
      [routeKey(apiKeyRoutes.list, { id: 5 })]: () =>
        fail
          ? jsonResponse(500, { error: { code: 'internal_error', message: 'boom' } })
          : routeAnswer(apiKeyRoutes.list, { data: [apiKey(1)] }),
    });
    expect(await screen.findByTestId('api-keys-load-error')).toHaveTextContent('Failed to load API keys.');
    fail = false;
    fireEvent.click(within(screen.getByTestId('api-keys-load-error')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('api-key-1')).toBeInTheDocument();
    expect(screen.queryByTestId('api-keys-load-error')).not.toBeInTheDocument();
  });

  it('create: name required after trimming, type full by default, the secret shown once, copy, reminder on close', async () => {
    const writeText = stubClipboard();
    let keys = [apiKey(1)];
    const fetch = await open({
      [routeKey(apiKeyRoutes.list, { id: 5 })]: () => routeAnswer(apiKeyRoutes.list, { data: keys }),
      [routeKey(apiKeyRoutes.create, { id: 5 })]: (_url, init) => {
        const body = JSON.parse(String(init?.body));
        const created = apiKey(2, { name: body.name, type: body.type });
        keys = [...keys, created];
        return routeAnswer(apiKeyRoutes.create, { data: { ...created, api_key: SECRET } });
      },
    });
    const dialog = await openCreateDialog();
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    fireEvent.change(dialog.getByLabelText(/Key name/), { target: { value: '   ' } });
    expect(create).toBeDisabled();
    expect(dialog.getByRole('radio', { name: /Full access/ })).toBeChecked();
    expect(dialog.getByRole('radio', { name: /Media only/ })).not.toBeChecked();

    fireEvent.change(dialog.getByLabelText(/Key name/), { target: { value: '  Zapier ' } });
    expect(create).toBeEnabled();
    fireEvent.click(create);

    const created = within(await screen.findByRole('dialog', { name: 'API key created' }));
    expect(created.getByTestId('api-key-secret')).toHaveTextContent(SECRET);
    expect(created.getByTestId('api-key-warning')).toHaveTextContent(
      'This is the only time the key is shown.',
    );
    expect(lastBody(fetch, routeKey(apiKeyRoutes.create, { id: 5 }))).toEqual({
      name: 'Zapier',
      project_id: 5,
      type: 'full',
    });
    // the list shows the new key, by its prefix only
    expect(await screen.findByTestId('api-key-2')).toBeInTheDocument();
    expect(within(screen.getByTestId('api-key-2')).queryByText(SECRET)).not.toBeInTheDocument();

    fireEvent.click(created.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(notice()).toHaveTextContent('API key copied to the clipboard.'));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    fireEvent.click(created.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent('Make sure you saved your API key: it cannot be shown again.'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();

    // Opening the dialog again starts from an empty form: the secret is gone for good.
    const again = await openCreateDialog();
    expect(again.getByLabelText(/Key name/)).toHaveValue('');
    expect(again.queryByTestId('api-key-secret')).not.toBeInTheDocument();
  });

  it('creates a media key when chosen', async () => {
    const fetch = await open({
      [routeKey(apiKeyRoutes.create, { id: 5 })]: () =>
        routeAnswer(apiKeyRoutes.create, { data: { ...apiKey(2, { type: 'media' }), api_key: SECRET } }),
    });
    const dialog = await openCreateDialog();
    fireEvent.change(dialog.getByLabelText(/Key name/), { target: { value: 'Uploader' } });
    fireEvent.click(dialog.getByRole('radio', { name: /Media only/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'API key created' });
    expect(lastBody(fetch, routeKey(apiKeyRoutes.create, { id: 5 }))).toMatchObject({
      name: 'Uploader',
      type: 'media',
    });
  });

  it('Enter with a blank name says no_project_or_empty_name and sends nothing', async () => {
    const fetch = await open();
    const dialog = await openCreateDialog();
    fireEvent.change(dialog.getByLabelText(/Key name/), { target: { value: '  ' } });
    fireEvent.keyDown(dialog.getByLabelText(/Key name/), { key: 'Enter' });
    await waitFor(() => expect(notice()).toHaveTextContent('Select a project and enter a name for the key.'));
    expect(callsTo(fetch, routeKey(apiKeyRoutes.create, { id: 5 }))).toHaveLength(0);
  });

  it('says no_api_key_returned when the answer has no api_key', async () => {
    await open({
      // Off the contract on purpose: the answer lacks the secret.
      [routeKey(apiKeyRoutes.create, { id: 5 })]: () => jsonResponse(201, { data: apiKey(2) }),
    });
    const dialog = await openCreateDialog();
    fireEvent.change(dialog.getByLabelText(/Key name/), { target: { value: 'CRM' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent('The server did not return the new key. Please try again.'),
    );
    expect(screen.queryByRole('dialog', { name: 'API key created' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('api-key-secret')).not.toBeInTheDocument();
  });

  it('says failed_to_create_api_key with the server’s reason', async () => {
    await open({
      [routeKey(apiKeyRoutes.create, { id: 5 })]: () =>
        jsonResponse(400, {
          error: { code: 'validation_error', message: 'The name can be at most 100 characters.' },
        }),
    });
    const dialog = await openCreateDialog();
    fireEvent.change(dialog.getByLabelText(/Key name/), { target: { value: 'CRM' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent(
        'Failed to create the API key. The name can be at most 100 characters.',
      ),
    );
    // the form stays for another try
    expect(dialog.getByLabelText(/Key name/)).toHaveValue('CRM');
  });

  it('revokes an active key after confirmation; a failure says failed_to_revoke_api_key', async () => {
    let ok = false;
    const fetch = await open({
      [routeKey(apiKeyRoutes.list, { id: 5 })]: () =>
        routeAnswer(apiKeyRoutes.list, { data: [apiKey(1, { name: 'CRM' })] }),
      [routeKey(apiKeyRoutes.revoke, { id: 5, keyId: 1 })]: () =>
        ok
          ? routeAnswer(apiKeyRoutes.revoke, { data: apiKey(1, { name: 'CRM', status: 'revoked' }) })
          : jsonResponse(500, {
              error: { code: 'internal_error', message: 'Something went wrong on our side.' },
            }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke CRM' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Revoke API key' }));
    expect(dialog.getByText(/Revoke CRM\? Programs that use it stop working at once/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Failed to revoke the API key.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    ok = true;
    fireEvent.click(screen.getByRole('button', { name: 'Revoke CRM' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Revoke API key' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(notice()).toHaveTextContent('API key revoked.'));
    expect(callsTo(fetch, routeKey(apiKeyRoutes.revoke, { id: 5, keyId: 1 }))).toHaveLength(2);
  });

  it('shows how to use a key: curl with a Bearer token on the upload route', async () => {
    await open();
    const box = await screen.findByTestId('api-keys-howto');
    expect(box).toHaveTextContent('Authorization: Bearer $PARLEY_KEY');
    expect(box).toHaveTextContent(`${window.location.origin}/api/projects/5/uploads`);
    expect(box).toHaveTextContent('/api/projects/5/analyses/<task_id>');
    // No prompt in the project: a placeholder.
    expect(box).toHaveTextContent('-F prompt_id=<prompt_id>');
  });

  it.each([
    ['the default prompt', 12, 'prompt_id=12 '],
    ['the first prompt when there is no default', null, 'prompt_id=11 '],
  ])('the how-to example names %s', async (_label, defaultPromptId, expected) => {
    await open(
      {
        [routeKey(promptRoutes.list, { id: 5 })]: () =>
          jsonResponse(200, {
            data: [promptFixture({ id: 11 }), promptFixture({ id: 12, scriptName: 'Support QA' })],
          }),
      },
      settingsProject({ default_prompt_id: defaultPromptId }),
    );
    const box = await screen.findByTestId('api-keys-howto');
    await waitFor(() => expect(box).toHaveTextContent(expected));
    expect(box).not.toHaveTextContent('<prompt_id>');
  });

  it('read-only (support access): keys and the example are shown, no key can be created or revoked', async () => {
    const fetch = await open(
      {
        [routeKey(apiKeyRoutes.list, { id: 5 })]: () =>
          routeAnswer(apiKeyRoutes.list, { data: [apiKey(1, { name: 'CRM' })] }),
        [routeKey(apiKeyRoutes.create, { id: 5 })]: () =>
          routeAnswer(apiKeyRoutes.create, { data: { ...apiKey(2), api_key: SECRET } }),
        [routeKey(apiKeyRoutes.revoke, { id: 5, keyId: 1 })]: () =>
          routeAnswer(apiKeyRoutes.revoke, { data: apiKey(1) }),
      },
      settingsProject({ read_only: true }),
    );
    expect(await screen.findByTestId('api-key-1')).toHaveTextContent('CRM');
    expect(screen.getByTestId('api-keys-howto')).toHaveTextContent('Authorization: Bearer $PARLEY_KEY');
    const create = screen.getByRole('button', { name: 'Create API key' });
    const revoke = screen.getByRole('button', { name: 'Revoke CRM' });
    expect(create).toBeDisabled();
    expect(revoke).toBeDisabled();
    fireEvent.click(create);
    fireEvent.click(revoke);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writeCalls(fetch)).toEqual([]);
  });

  it('read-only without keys: the empty state cannot create one', async () => {
    await open({}, settingsProject({ read_only: true }));
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeDisabled();
  });
});

describe('API keys notice bar', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('stays 6 s', async () => {
    vi.useFakeTimers();
    stubClipboard();
    mockSettingsApi({
      [routeKey(apiKeyRoutes.create, { id: 5 })]: () =>
        routeAnswer(apiKeyRoutes.create, { data: { ...apiKey(2), api_key: SECRET } }),
    });
    renderRoutes(settingsRoutes, '/projects/5/settings/api-keys');
    for (let i = 0; i < 10; i += 1) await advance(50);
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    await advance(300);
    const dialog = within(screen.getByRole('dialog', { name: 'Create API key' }));
    fireEvent.change(dialog.getByLabelText(/Key name/), { target: { value: 'CRM' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    for (let i = 0; i < 5; i += 1) await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    for (let i = 0; i < 5; i += 1) await flush();
    expect(notice()).toHaveTextContent('API key copied to the clipboard.');
    await advance(TIMINGS.noticeBarMs - 100);
    expect(notice()).toBeInTheDocument();
    await advance(100);
    await advance(1000); // the closing transition
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
