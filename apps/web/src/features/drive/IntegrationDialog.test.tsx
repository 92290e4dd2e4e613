import { googleDriveRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  connectionFixture,
  FOLDERS_PATH,
  integrationFixture,
  mockDriveApi,
  openDrive,
} from '../../test/drive';
import { jsonResponse, routeAnswer, routeKey } from '../../test/utils';

type Dialog = ReturnType<typeof within>;

async function openAdd(fetchSetup: () => ReturnType<typeof mockDriveApi>) {
  const fetch = fetchSetup();
  await openDrive(FOLDERS_PATH);
  await screen.findByTestId('drive-integration-7');
  fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
  return { fetch, dialog: within(screen.getByRole('dialog', { name: 'Add folder integration' })) };
}

function choose(dialog: Dialog, label: RegExp, option: string) {
  fireEvent.mouseDown(dialog.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: new RegExp(option) }));
}

const createButton = (dialog: Dialog) => dialog.getByRole('button', { name: 'Create' });

describe('folder integration dialog', () => {
  it('simple previews Department from the first folder level', async () => {
    const { dialog } = await openAdd(() => mockDriveApi());
    expect(dialog.getByTestId('preview-line-0')).toHaveTextContent('Department: Sales');
    fireEvent.change(dialog.getByTestId('preview-input'), { target: { value: 'call-0412.mp3' } });
    expect(dialog.getByTestId('preview-line-0')).not.toHaveTextContent('Department:');
  });

  it('create waits for connection, folder id and prompt, then sends the integration', async () => {
    const { fetch, dialog } = await openAdd(() =>
      mockDriveApi(
        { connections: [connectionFixture(1), connectionFixture(2)] },
        {
          [routeKey(googleDriveRoutes.createIntegration)]: () =>
            routeAnswer(googleDriveRoutes.createIntegration, { data: integrationFixture(9) }),
        },
      ),
    );
    expect(createButton(dialog)).toBeDisabled();
    choose(dialog, /Connection/, 'drive2@example.com');
    fireEvent.change(dialog.getByTestId('folder-id'), { target: { value: ' 1AbC ' } });
    fireEvent.change(dialog.getByTestId('folder-name'), { target: { value: 'Calls' } });
    expect(createButton(dialog)).toBeDisabled();
    choose(dialog, /Prompt/, 'Support QA');
    expect(createButton(dialog)).toBeEnabled();
    fireEvent.click(createButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, routeKey(googleDriveRoutes.createIntegration))[0]?.json).toEqual({
      project_id: 5,
      connection_id: 2,
      folder_id: '1AbC',
      folder_name: 'Calls',
      structure_type: 'simple',
      prompt_id: 12,
    });
  });

  it('custom: regex required and checked, rows start as regex_group, source changes clear group, preview follows', async () => {
    const { fetch, dialog } = await openAdd(() =>
      mockDriveApi(
        {},
        {
          [routeKey(googleDriveRoutes.createIntegration)]: () =>
            routeAnswer(googleDriveRoutes.createIntegration, { data: integrationFixture(9) }),
        },
      ),
    );
    fireEvent.change(dialog.getByTestId('folder-id'), { target: { value: 'F1' } });
    choose(dialog, /Prompt/, 'Sales QA');
    choose(dialog, /Folder structure/, 'Custom');
    expect(createButton(dialog)).toBeDisabled();
    fireEvent.change(dialog.getByTestId('regex-input'), { target: { value: '(?<rep' } });
    expect(dialog.getByText(/The regex is not valid/)).toBeInTheDocument();
    expect(createButton(dialog)).toBeDisabled();
    fireEvent.change(dialog.getByTestId('regex-input'), { target: { value: '^(?=S)(?<rep>[^_]+)_' } });
    expect(
      dialog.getByText(/The regex is not valid: it uses a look-ahead or look-behind .* RE2 syntax\./),
    ).toBeInTheDocument();
    expect(createButton(dialog)).toBeDisabled();
    fireEvent.change(dialog.getByTestId('regex-input'), { target: { value: '^(?<rep>[^_]+)_' } });
    expect(createButton(dialog)).toBeEnabled();

    fireEvent.click(dialog.getByRole('button', { name: 'Add field' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add field' }));
    const first = within(dialog.getByTestId('metadata-row-0'));
    const second = within(dialog.getByTestId('metadata-row-1'));
    expect(first.getByRole('combobox', { name: 'Source' })).toHaveTextContent('Regex group');
    fireEvent.change(first.getByRole('textbox', { name: 'Field name' }), { target: { value: 'Rep' } });
    fireEvent.change(first.getByRole('textbox', { name: 'Group' }), { target: { value: 'rep' } });
    fireEvent.change(second.getByRole('textbox', { name: 'Field name' }), { target: { value: 'Team' } });
    fireEvent.change(second.getByRole('textbox', { name: 'Group' }), { target: { value: 'stale' } });
    choose(second, /Source/, 'Constant');
    expect(second.queryByRole('textbox', { name: 'Group' })).not.toBeInTheDocument();
    expect(second.getByRole('textbox', { name: 'Value' })).toHaveValue('');
    fireEvent.change(second.getByRole('textbox', { name: 'Value' }), { target: { value: 'Blue' } });

    fireEvent.change(dialog.getByTestId('preview-input'), {
      target: { value: 'Ann_0412.mp3\nnomatch.mp3' },
    });
    const preview = within(dialog.getByTestId('structure-preview'));
    expect(preview.getByTestId('preview-line-0')).toHaveTextContent('Rep: Ann');
    expect(preview.getByTestId('preview-line-0')).toHaveTextContent('Team: Blue');
    expect(preview.getByTestId('preview-line-1')).not.toHaveTextContent('Rep:');

    fireEvent.click(createButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, routeKey(googleDriveRoutes.createIntegration))[0]?.json).toMatchObject({
      structure_type: 'custom',
      structure_config: {
        filename_regex: '^(?<rep>[^_]+)_',
        metadata_fields: {
          Rep: { source: 'regex_group', field_name: 'Rep', group: 'rep' },
          Team: { source: 'constant', field_name: 'Team', value: 'Blue' },
        },
      },
    });
  });

  it('constants: a new row starts as a constant; department previews Department and Representative', async () => {
    const { dialog } = await openAdd(() => mockDriveApi());
    choose(dialog, /Folder structure/, 'Constants');
    expect(dialog.queryByTestId('regex-input')).not.toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Add field' }));
    expect(
      within(dialog.getByTestId('metadata-row-0')).getByRole('combobox', { name: 'Source' }),
    ).toHaveTextContent('Constant');
    choose(dialog, /Folder structure/, '^Department');
    expect(dialog.queryByTestId('metadata-rows')).not.toBeInTheDocument();
    expect(dialog.getByTestId('preview-line-0')).toHaveTextContent('Department: Sales');
    expect(dialog.getByTestId('preview-line-0')).toHaveTextContent('Representative: John Smith');
  });

  it('browses Drive: opens a folder, loads more, goes back by the breadcrumb and picks a folder', async () => {
    const { fetch, dialog } = await openAdd(() =>
      mockDriveApi(
        {},
        {
          [routeKey(googleDriveRoutes.listFolders)]: (_url, init) => {
            const body = JSON.parse(String(init?.body)) as {
              parent_folder_id: string | null;
              page_token: string | null;
            };
            if (body.parent_folder_id === null && body.page_token === null) {
              return routeAnswer(googleDriveRoutes.listFolders, {
                data: { folders: [{ id: 'p1', name: 'Recordings' }], next_page_token: 'next' },
              });
            }
            if (body.parent_folder_id === null) {
              return routeAnswer(googleDriveRoutes.listFolders, {
                data: { folders: [{ id: 'p2', name: 'Archive' }], next_page_token: null },
              });
            }
            return routeAnswer(googleDriveRoutes.listFolders, {
              data: { folders: [{ id: 'c1', name: 'Sales' }], next_page_token: null },
            });
          },
        },
      ),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Browse Drive' }));
    const picker = within(dialog.getByTestId('folder-picker'));
    await picker.findByText('Recordings');
    fireEvent.click(picker.getByRole('button', { name: 'Load more' }));
    await picker.findByText('Archive');
    expect(picker.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    fireEvent.click(picker.getByText('Recordings'));
    await picker.findByText('Sales');
    expect(callsTo(fetch, routeKey(googleDriveRoutes.listFolders)).at(-1)?.json).toEqual({
      connection_id: 1,
      parent_folder_id: 'p1',
      page_token: null,
      project_id: 5,
    });
    fireEvent.click(picker.getByRole('button', { name: 'My Drive' }));
    await picker.findByText('Archive');
    fireEvent.click(picker.getByText('Recordings'));
    fireEvent.click(await picker.findByRole('button', { name: 'Choose this folder' }));
    expect(dialog.getByTestId('folder-id')).toHaveValue('p1');
    expect(dialog.getByTestId('folder-name')).toHaveValue('Recordings');
    expect(dialog.queryByTestId('folder-picker')).not.toBeInTheDocument();
  });

  it('edits a stored integration with PUT and shows a failed save in the dialog', async () => {
    const stored = integrationFixture(7, {
      structure_type: 'constants',
      structure_config: {
        metadata_fields: { Team: { source: 'constant', field_name: 'Team', value: 'Blue' } },
      },
    });
    const fetch = mockDriveApi(
      { integrations: [stored] },
      {
        [routeKey(googleDriveRoutes.updateIntegration, { id: 7 })]: () =>
          jsonResponse(400, { error: { code: 'validation', message: '' } }),
      },
    );
    await openDrive(FOLDERS_PATH);
    await screen.findByTestId('drive-integration-7');
    fireEvent.click(within(screen.getByTestId('drive-integration-7')).getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit folder integration' }));
    expect(dialog.getByTestId('folder-id')).toHaveValue('folder-7');
    expect(within(dialog.getByTestId('metadata-row-0')).getByRole('textbox', { name: 'Value' })).toHaveValue(
      'Blue',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await dialog.findByTestId('integration-save-error')).toHaveTextContent(
      'Could not save the folder integration.',
    );
    expect(callsTo(fetch, routeKey(googleDriveRoutes.updateIntegration, { id: 7 }))[0]?.json).toEqual({
      project_id: 5,
      connection_id: 1,
      folder_id: 'folder-7',
      folder_name: 'Calls 7',
      structure_type: 'constants',
      structure_config: {
        metadata_fields: { Team: { source: 'constant', field_name: 'Team', value: 'Blue' } },
      },
      prompt_id: 11,
    });
  });
});
