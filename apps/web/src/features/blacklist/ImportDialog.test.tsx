import { BLACKLIST, blacklistRoutes } from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  BLACKLIST_PATH,
  captureDownloads,
  chooseImportFile,
  csv,
  integrationRoutes,
  mockBlacklistApi,
  requestsTo,
} from '../../test/blacklist';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

// The first render loads lazy MUI modules; on a busy machine that takes longer than the default second.

async function openImport() {
  renderRoutes(integrationRoutes, BLACKLIST_PATH);
  await screen.findByTestId('blacklist-row-1');
  fireEvent.click(screen.getByTestId('blacklist-import'));
  return screen.getByRole('dialog', { name: 'Import Numbers from a CSV File' });
}

const stateOf = () => screen.getByTestId('import-dialog').getAttribute('data-state');
const importButton = () => screen.getByTestId('import-submit');
const rowsCsv = (rows: number) =>
  `phone_number,note\n${Array.from({ length: rows }, (_, i) => `+1555${String(i).padStart(7, '0')},x`).join('\n')}\n`;

describe('blacklist import: choosing a file', () => {
  it('accepts only .csv names (any case)', async () => {
    mockBlacklistApi();
    await openImport();
    expect(stateOf()).toBe('empty');
    expect(importButton()).toBeDisabled();
    chooseImportFile(csv('numbers.txt', 'phone_number\n+15551234567\n'));
    expect(screen.getByTestId('import-file-error')).toHaveTextContent('Please choose a .csv file.');
    expect(importButton()).toBeDisabled();
    chooseImportFile(csv('NUMBERS.CSV', 'phone_number\n+15551234567\n'));
    expect(screen.queryByTestId('import-file-error')).not.toBeInTheDocument();
    expect(stateOf()).toBe('chosen');
    expect(importButton()).toBeEnabled();
  });

  it('refuses files over 10,485,760 bytes', async () => {
    mockBlacklistApi();
    await openImport();
    const big = csv('big.csv', 'phone_number\n');
    Object.defineProperty(big, 'size', { value: BLACKLIST.importMaxBytes + 1 });
    chooseImportFile(big);
    expect(screen.getByTestId('import-file-error')).toHaveTextContent(
      'The file is larger than 10 MB (10,485,760 bytes).',
    );
    expect(importButton()).toBeDisabled();
    const exact = csv('exact.csv', 'phone_number\n');
    Object.defineProperty(exact, 'size', { value: BLACKLIST.importMaxBytes });
    chooseImportFile(exact);
    expect(screen.queryByTestId('import-file-error')).not.toBeInTheDocument();
    expect(importButton()).toBeEnabled();
  });

  it('counts the data rows and warns above 10,000', async () => {
    mockBlacklistApi();
    await openImport();
    chooseImportFile(csv('ok.csv', rowsCsv(10_000)));
    await waitFor(() => expect(screen.getByTestId('import-rows')).toHaveTextContent('10,000 data rows'));
    expect(screen.queryByTestId('import-many-rows')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    chooseImportFile(csv('many.csv', rowsCsv(10_001)));
    expect(await screen.findByTestId('import-many-rows')).toHaveTextContent(
      'The file has 10,001 data rows, more than 10,000.',
    );
    // a warning only: the import is still possible
    expect(importButton()).toBeEnabled();
  });
});

describe('blacklist import: importing', () => {
  it('sends the file and project_id, then shows the counts', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = mockBlacklistApi({
      [routeKey(blacklistRoutes.import)]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const dialog = await openImport();
    chooseImportFile(csv('numbers.csv', 'phone_number\n+15551234567\n'));
    fireEvent.click(importButton());
    await waitFor(() => expect(stateOf()).toBe('importing'));
    expect(importButton()).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const { form } = requestsTo(fetch, routeKey(blacklistRoutes.import))[0]!;
    expect(form!.get('project_id')).toBe('5');
    expect((form!.get('file') as File).name).toBe('numbers.csv');
    const loads = requestsTo(fetch, routeKey(blacklistRoutes.list)).length;

    answer(jsonResponse(200, { success: 7, skipped: 2, failed: 0, errors: [] }));
    await waitFor(() => expect(stateOf()).toBe('result'));
    expect(screen.getByTestId('import-success')).toHaveTextContent('7');
    expect(screen.getByTestId('import-skipped')).toHaveTextContent('2');
    expect(screen.getByTestId('import-failed')).toHaveTextContent('0');
    expect(screen.queryByTestId('import-partial')).not.toBeInTheDocument();
    // the list behind is reloaded
    await waitFor(() =>
      expect(requestsTo(fetch, routeKey(blacklistRoutes.list)).length).toBeGreaterThan(loads),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import Another File' }));
    expect(stateOf()).toBe('empty');
  });

  it('warns about partial failures with a collapsible error list, without a download up to 10', async () => {
    const errors = Array.from({ length: 10 }, (_, i) => `Row ${i + 2}: the phone number is missing.`);
    mockBlacklistApi({
      [routeKey(blacklistRoutes.import)]: () =>
        jsonResponse(200, { success: 5, skipped: 0, failed: 10, errors }),
    });
    await openImport();
    chooseImportFile(csv('numbers.csv', 'phone_number\n'));
    fireEvent.click(importButton());
    const partial = await screen.findByTestId('import-partial');
    expect(partial).toHaveTextContent('Rows not imported: 10');
    expect(screen.queryByTestId('import-errors')).not.toBeInTheDocument();
    expect(screen.queryByTestId('import-errors-download')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('import-errors-toggle'));
    const list = screen.getByTestId('import-errors');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list).toHaveTextContent('Row 2: the phone number is missing.');
    fireEvent.click(screen.getByTestId('import-errors-toggle'));
    await waitFor(() => expect(screen.queryByTestId('import-errors')).not.toBeInTheDocument());
  });

  it('offers the errors as a CSV download when there are more than 10', async () => {
    const errors = Array.from({ length: 11 }, (_, i) => `Row ${i + 2}: "abc" is not a valid phone number.`);
    mockBlacklistApi({
      [routeKey(blacklistRoutes.import)]: () =>
        jsonResponse(200, { success: 0, skipped: 0, failed: 11, errors }),
    });
    await openImport();
    chooseImportFile(csv('numbers.csv', 'phone_number\n'));
    fireEvent.click(importButton());
    await screen.findByTestId('import-partial');
    const saved = captureDownloads();
    fireEvent.click(screen.getByTestId('import-errors-download'));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('blacklist-import-errors-project-5.csv');
    const lines = (await saved[0]!.blob.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe('error');
    expect(lines[1]).toBe('"Row 2: ""abc"" is not a valid phone number."');
  });

  it("shows the server's message when the import fails, else the generic error; the file stays", async () => {
    let withMessage = true;
    mockBlacklistApi({
      [routeKey(blacklistRoutes.import)]: () =>
        withMessage
          ? jsonResponse(400, {
              error: {
                code: 'missing_column',
                message: 'The file needs a phone_number column (and optionally note) in its first row.',
              },
            })
          : new Response('', { status: 502 }),
    });
    await openImport();
    chooseImportFile(csv('numbers.csv', 'phone\n+15551234567\n'));
    fireEvent.click(importButton());
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      'The file needs a phone_number column (and optionally note) in its first row.',
    );
    expect(stateOf()).toBe('error');
    expect(screen.getByTestId('import-file')).toHaveTextContent('numbers.csv');
    withMessage = false;
    fireEvent.click(importButton());
    await waitFor(() =>
      expect(screen.getByTestId('import-error')).toHaveTextContent(
        'An error occurred while importing the file.',
      ),
    );
  });

  it('stops waiting after 120 s', async () => {
    mockBlacklistApi({
      [routeKey(blacklistRoutes.import)]: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });
    await openImport();
    chooseImportFile(csv('numbers.csv', 'phone_number\n+15551234567\n'));
    vi.useFakeTimers();
    fireEvent.click(importButton());
    await act(() => vi.advanceTimersByTimeAsync(BLACKLIST.importTimeoutMs - 1));
    expect(stateOf()).toBe('importing');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(stateOf()).toBe('error');
    expect(screen.getByTestId('import-error')).toHaveTextContent('The import took too long and was stopped.');
  });
});
