import { googleDriveRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, FOLDERS_PATH, mockDriveApi, openDrive } from '../../test/drive';
import { jsonResponse, routeAnswer, routeKey } from '../../test/utils';

const PREVIEW = routeKey(googleDriveRoutes.previewFolder);

async function openAdd(fetch: ReturnType<typeof mockDriveApi>) {
  await openDrive(FOLDERS_PATH);
  await screen.findByTestId('drive-integration-7');
  fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Add folder integration' }));
  return { fetch, dialog };
}

function choose(dialog: ReturnType<typeof within>, label: RegExp, option: string) {
  fireEvent.mouseDown(dialog.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: new RegExp(option) }));
}

const found = () =>
  routeAnswer(googleDriveRoutes.previewFolder, {
    data: {
      files: [
        { name: 'call-1.mp3', path: ['Sales', 'Anna'] },
        { name: 'loose.wav', path: [] },
      ],
      truncated: true,
    },
  });

describe('folder preview', () => {
  it('asks for a folder before it looks for recordings', async () => {
    const { fetch, dialog } = await openAdd(mockDriveApi());
    expect(dialog.getByText(/Choose a connection and a folder/)).toBeInTheDocument();
    expect(callsTo(fetch, PREVIEW)).toHaveLength(0);
  });

  it("shows the folder's first recordings with their metadata, live as the structure changes", async () => {
    const fetch = mockDriveApi({}, { [PREVIEW]: found });
    const { dialog } = await openAdd(fetch);
    fireEvent.change(dialog.getByTestId('folder-id'), { target: { value: ' 1AbC ' } });
    const first = await dialog.findByTestId('preview-file-0');
    expect(first).toHaveTextContent('Sales/Anna/call-1.mp3');
    expect(first).toHaveTextContent('Department: Sales');
    expect(dialog.getByTestId('preview-file-1')).toHaveTextContent('No metadata');
    expect(dialog.getByText('Showing the first 10 recordings found.')).toBeInTheDocument();
    expect(callsTo(fetch, PREVIEW).at(-1)?.json).toEqual({
      connection_id: 1,
      folder_id: '1AbC',
      project_id: 5,
    });

    choose(dialog, /Folder structure/, 'Department / Representative');
    expect(dialog.getByTestId('preview-file-0')).toHaveTextContent('Representative: Anna');
    // The typed names stay as a second input.
    expect(dialog.getByTestId('preview-input')).toBeInTheDocument();
  });

  it('says so when the folder has no recordings yet', async () => {
    const { dialog } = await openAdd(mockDriveApi());
    fireEvent.change(dialog.getByTestId('folder-id'), { target: { value: 'empty' } });
    expect(await dialog.findByTestId('preview-empty')).toHaveTextContent(
      'No recordings found in this folder yet',
    );
  });

  it('shows the error and keeps the typed names working', async () => {
    let answer = () =>
      jsonResponse(409, { error: { code: 'drive_connection_error', message: 'Token has been revoked' } });
    const fetch = mockDriveApi({}, { [PREVIEW]: () => answer() });
    const { dialog } = await openAdd(fetch);
    fireEvent.change(dialog.getByTestId('folder-id'), { target: { value: 'gone' } });
    const error = await dialog.findByTestId('preview-error');
    expect(error).toHaveTextContent("Could not read the folder's recordings");
    fireEvent.change(dialog.getByTestId('preview-input'), { target: { value: 'Support/x.mp3' } });
    expect(dialog.getByTestId('preview-line-0')).toHaveTextContent('Department: Support');

    answer = found;
    fireEvent.click(within(error).getByRole('button', { name: /retry|try again/i }));
    expect(await dialog.findByTestId('preview-file-0')).toHaveTextContent('Department: Sales');
  });
});
