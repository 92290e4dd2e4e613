import { batchRoutes, uploadRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';
import {
  BULK_PATH,
  batchCreated,
  batchFixture,
  bulkRoutes,
  callsTo,
  chooseCsv,
  chooseOption,
  csvFile,
  csvRefused,
  dropFiles,
  itemFixture,
  itemsAnswer,
  mockBulkApi,
  promptSelect,
  submitButton,
} from './testUtils';

// Rendering the whole page in jsdom is slow on a busy machine; the steps themselves are fast.
// The first render loads lazy MUI modules; on a busy machine that takes longer than the default second.

async function open() {
  const result = renderRoutes(bulkRoutes, BULK_PATH);
  await waitFor(() => expect(promptSelect()).toHaveTextContent('Sales QA'), { timeout: 5000 });
  return result;
}

const formOf = (fetch: ReturnType<typeof mockBulkApi>) => {
  const [, init] = callsTo(fetch, routeKey(batchRoutes.create, { id: 5 }))[0]!;
  return init!.body as FormData;
};

describe('bulk upload page: layout', () => {
  it('links to the single upload, explains the CSV and offers priorities 0/1/2 (normal first)', async () => {
    mockBulkApi();
    await open();
    expect(screen.getByRole('heading', { name: 'Bulk Upload (CSV)' })).toBeInTheDocument();
    expect(screen.getByTestId('single-upload-link')).toHaveAttribute('href', '/projects/5/analysis/upload');
    const notice = screen.getByTestId('csv-requirements');
    expect(notice).toHaveTextContent('url (a link to the recording) and type (e.g. call) are required');
    expect(notice).toHaveTextContent('The date column is optional');
    expect(notice).toHaveTextContent('representative and department');
    expect(notice).toHaveTextContent('At most 10,000 rows and 20 MB per file');
    const priority = screen.getByRole('combobox', { name: 'Priority' });
    expect(priority).toHaveTextContent('Normal');
    fireEvent.mouseDown(priority);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('data-value')])).toEqual([
      ['High', '0'],
      ['Normal', '1'],
      ['Low', '2'],
    ]);
  });

  it('downloads the template from the server as a file', async () => {
    const fetch = mockBulkApi({
      [routeKey(batchRoutes.template, { id: 5 })]: () =>
        new Response('url,type,date,representative,department\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="bulk-upload-template.csv"',
          },
        }),
    });
    await open();
    let saved: Blob | null = null;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          saved = blob;
          return 'blob:template';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    fireEvent.click(screen.getByTestId('template-download'));
    await waitFor(() => expect(names).toEqual(['bulk-upload-template.csv']));
    expect(callsTo(fetch, routeKey(batchRoutes.template, { id: 5 }))).toHaveLength(1);
    expect(await saved!.text()).toBe('url,type,date,representative,department\r\n');
  });
});

describe('bulk upload page: file rules', () => {
  it('takes only names ending in .csv (any case); others show the csv-only error', async () => {
    mockBulkApi();
    await open();
    chooseCsv(new File(['x'], 'calls.xlsx'));
    expect(screen.getByTestId('file-error')).toHaveTextContent(
      'Please choose a CSV file (its name must end in .csv).',
    );
    expect(screen.queryByTestId('selected-file')).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    chooseCsv(csvFile('CALLS.CSV'));
    expect(screen.queryByTestId('file-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('file-name')).toHaveTextContent('CALLS.CSV');
    expect(submitButton()).toBeEnabled();
  });

  it('takes only the first of several dropped files', async () => {
    mockBulkApi();
    await open();
    dropFiles([csvFile('first.csv'), csvFile('second.csv')]);
    expect(screen.getByTestId('file-name')).toHaveTextContent('first.csv');

    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    dropFiles([new File(['x'], 'notes.txt'), csvFile('second.csv')]);
    expect(screen.getByTestId('file-error')).toHaveTextContent('Please choose a CSV file');
    expect(screen.queryByTestId('selected-file')).not.toBeInTheDocument();
  });
});

describe('bulk upload page: upload button', () => {
  it('is disabled while the prompts load, without a file, and while uploading', async () => {
    let releasePrompts: () => void = () => undefined;
    const prompts = new Promise<void>((resolve) => {
      releasePrompts = resolve;
    });
    let answer: (response: Response) => void = () => undefined;
    mockBulkApi({
      [routeKey(uploadRoutes.prompts, { id: 5 })]: async () => {
        await prompts;
        return jsonResponse(200, {
          data: [{ id: 30, name: 'Text Chat Review', project_id: 5, metadataFields: [] }],
        });
      },
      [routeKey(batchRoutes.create, { id: 5 })]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoutes(bulkRoutes, BULK_PATH);
    await screen.findByTestId('csv-drop');
    chooseCsv(csvFile());
    // prompts loading
    expect(submitButton()).toBeDisabled();
    releasePrompts();
    await waitFor(() => expect(promptSelect()).toHaveTextContent('Text Chat Review'));
    expect(submitButton()).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(submitButton()).toBeDisabled();
    chooseCsv(csvFile());
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton()).toHaveTextContent('Uploading...'));
    expect(submitButton()).toBeDisabled();
    answer(jsonResponse(201, batchCreated(9)));
    await screen.findByTestId('bulk-success');
  });

  it('is disabled with no prompt chosen, and says to select one', async () => {
    mockBulkApi({ [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: [] }) });
    renderRoutes(bulkRoutes, BULK_PATH);
    expect(await screen.findByTestId('no-prompts')).toHaveTextContent(
      'Please create a prompt first to analyze your recordings',
    );
    chooseCsv(csvFile());
    expect(submitButton()).toBeDisabled();
  });
});

describe('bulk upload page: sending', () => {
  it('sends file, prompt_id and priority; shows the batch id and refreshes the batches', async () => {
    const fetch = mockBulkApi({
      [routeKey(batchRoutes.create, { id: 5 })]: () => jsonResponse(201, batchCreated(42)),
    });
    await open();
    chooseOption(promptSelect(), 'Text Chat Review');
    chooseOption(screen.getByRole('combobox', { name: 'Priority' }), 'High');
    chooseCsv(csvFile('leads.csv'));
    const before = callsTo(fetch, routeKey(batchRoutes.list, { id: 5 })).length;
    fireEvent.click(submitButton());
    expect(await screen.findByTestId('bulk-success')).toHaveTextContent(
      'CSV uploaded. Batch #42 was created; the recordings are downloaded and analysed in the background.',
    );
    const form = formOf(fetch);
    expect(form.get('prompt_id')).toBe('30');
    expect(form.get('priority')).toBe('0');
    expect((form.get('file') as File).name).toBe('leads.csv');
    // the form is ready for the next file, and the list is reloaded
    expect(screen.queryByTestId('selected-file')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetch, routeKey(batchRoutes.list, { id: 5 })).length).toBeGreaterThan(before),
    );
  });

  it('sends the first prompt with the default priority 1', async () => {
    const fetch = mockBulkApi({
      [routeKey(batchRoutes.create, { id: 5 })]: () => jsonResponse(201, batchCreated(7)),
    });
    await open();
    chooseCsv(csvFile());
    fireEvent.click(submitButton());
    expect(await screen.findByTestId('bulk-success')).toHaveTextContent('Batch #7 was created');
    expect(formOf(fetch).get('priority')).toBe('1');
    expect(formOf(fetch).get('prompt_id')).toBe('11');
  });

  it("shows the server's message when the upload fails", async () => {
    mockBulkApi({
      [routeKey(batchRoutes.create, { id: 5 })]: () =>
        jsonResponse(402, {
          error: { code: 'insufficient_funds', message: 'Insufficient funds to process this file.' },
        }),
    });
    await open();
    chooseCsv(csvFile());
    fireEvent.click(submitButton());
    expect(await screen.findByTestId('bulk-error')).toHaveTextContent(
      'Insufficient funds to process this file.',
    );
    // the file stays for another try
    expect(screen.getByTestId('file-name')).toHaveTextContent('calls.csv');
  });

  it('links the insufficient-funds answer to the project’s billing page', async () => {
    mockBulkApi({
      [routeKey(batchRoutes.create, { id: 5 })]: () =>
        jsonResponse(402, {
          error: { code: 'insufficient_funds', message: 'Insufficient funds to process this file.' },
        }),
    });
    await open();
    chooseCsv(csvFile());
    fireEvent.click(submitButton());
    const error = await screen.findByTestId('bulk-error');
    expect(error).toHaveTextContent(
      'Insufficient funds to process this file. Please add funds to your account or purchase units before uploading.',
    );
    expect(within(error).getByRole('link', { name: 'Go to billing' })).toHaveAttribute(
      'href',
      '/projects/5/billing',
    );
  });

  it('falls back to the generic upload error without a server message', async () => {
    mockBulkApi({
      [routeKey(batchRoutes.create, { id: 5 })]: () => new Response('Bad gateway', { status: 502 }),
    });
    await open();
    chooseCsv(csvFile());
    fireEvent.click(submitButton());
    expect(await screen.findByTestId('bulk-error')).toHaveTextContent(
      'An error occurred while uploading the CSV file.',
    );
  });

  it('lists the row and column of every problem of a refused CSV', async () => {
    mockBulkApi({
      [routeKey(batchRoutes.create, { id: 5 })]: () =>
        jsonResponse(
          400,
          csvRefused(
            'The CSV file has 2 problems; nothing was uploaded. Fix them and upload the file again.',
            [
              { row: 1, column: 'type', message: 'The required column "type" is missing from the header.' },
              { row: 3, column: null, message: 'This row is broken.' },
            ],
          ),
        ),
    });
    await open();
    chooseCsv(csvFile());
    fireEvent.click(submitButton());
    const alert = await screen.findByTestId('invalid-csv');
    expect(alert).toHaveTextContent('The CSV file was not accepted');
    expect(alert).toHaveTextContent('The CSV file has 2 problems; nothing was uploaded.');
    expect(
      within(alert)
        .getAllByTestId('csv-error')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 1, type: The required column "type" is missing from the header.',
      'Row 3: This row is broken.',
    ]);
    // a short list is shown at once, without a toggle
    expect(screen.queryByTestId('csv-errors-toggle')).not.toBeInTheDocument();
  });

  it('collapses a long problem list behind a toggle and says when only the first are listed', async () => {
    const errors = Array.from({ length: 8 }, (_, index) => ({
      row: index + 2,
      column: 'url',
      message: 'Not a valid http(s) link.',
    }));
    mockBulkApi({
      [routeKey(batchRoutes.create, { id: 5 })]: () =>
        jsonResponse(400, csvRefused('The CSV file has 250 problems.', errors, 250)),
    });
    await open();
    chooseCsv(csvFile());
    fireEvent.click(submitButton());
    await screen.findByTestId('invalid-csv');
    expect(screen.queryByTestId('csv-errors')).not.toBeInTheDocument();
    const toggle = screen.getByTestId('csv-errors-toggle');
    expect(toggle).toHaveTextContent('Show all problems (8)');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getAllByTestId('csv-error')).toHaveLength(8);
    expect(screen.getByTestId('csv-errors-more')).toHaveTextContent(
      'The first 8 of 250 problems are listed.',
    );
    fireEvent.click(screen.getByTestId('csv-errors-toggle'));
    await waitFor(() => expect(screen.queryByTestId('csv-errors')).not.toBeInTheDocument());
  });
});

describe('bulk upload page: batches table', () => {
  it('formats dates (N/A when invalid) and badges the statuses', async () => {
    mockBulkApi({
      [routeKey(batchRoutes.list, { id: 5 })]: () =>
        jsonResponse(200, {
          data: [
            batchFixture(1, { status: 'completed' }),
            batchFixture(2, { status: 'partially_completed', failed_items: 2, processed_items: 8 }),
            batchFixture(3, { status: 'failed', failed_items: 10, processed_items: 0 }),
            batchFixture(4, { status: 'processing', processed_items: 3 }),
            batchFixture(5, { status: 'pending', processed_items: 0, created_at: 'not a date' }),
          ],
        }),
    });
    await open();
    await screen.findByTestId('batch-row-1');
    const row = (id: number) => within(screen.getByTestId(`batch-row-${id}`));
    expect(row(1).getByTestId('batch-date')).toHaveTextContent('Jan 15, 2026, 14:30:05');
    expect(row(5).getByTestId('batch-date')).toHaveTextContent('N/A');
    const badge = (id: number) => row(id).getByTestId('batch-status');
    expect(badge(1)).toHaveTextContent('Completed');
    expect(badge(1)).toHaveClass('MuiChip-colorSuccess');
    expect(badge(2)).toHaveTextContent('Partially completed');
    expect(badge(2)).toHaveClass('MuiChip-colorWarning');
    expect(badge(3)).toHaveClass('MuiChip-colorError');
    expect(badge(4)).toHaveTextContent('Processing');
    expect(badge(4)).toHaveClass('MuiChip-colorPrimary');
    expect(badge(5)).toHaveTextContent('Pending');
    expect(badge(5)).toHaveClass('MuiChip-colorDefault');
    expect(row(1).getByTestId('batch-processed')).toHaveTextContent('10');
    expect(row(2).getByTestId('batch-failed')).toHaveTextContent('2');
    expect(row(2).getByTestId('batch-total')).toHaveTextContent('10');
  });

  it('computes progress as (processed + failed) / total, in the warning colour once a row failed', async () => {
    mockBulkApi({
      [routeKey(batchRoutes.list, { id: 5 })]: () =>
        jsonResponse(200, {
          data: [
            batchFixture(1, { status: 'processing', total_items: 8, processed_items: 2, failed_items: 0 }),
            batchFixture(2, { status: 'processing', total_items: 8, processed_items: 2, failed_items: 4 }),
            batchFixture(3, { status: 'pending', total_items: 0, processed_items: 0, failed_items: 0 }),
          ],
        }),
    });
    await open();
    await screen.findByTestId('batch-row-1');
    const progress = (id: number) =>
      within(screen.getByTestId(`batch-row-${id}`)).getByTestId('batch-progress');
    const percent = (id: number) =>
      within(screen.getByTestId(`batch-row-${id}`)).getByTestId('batch-percent');
    expect(progress(1)).toHaveAttribute('aria-valuenow', '25');
    expect(percent(1)).toHaveTextContent('25%');
    expect(progress(1)).toHaveClass('MuiLinearProgress-colorPrimary');
    expect(progress(2)).toHaveAttribute('aria-valuenow', '75');
    expect(progress(2)).toHaveClass('MuiLinearProgress-colorWarning');
    expect(progress(3)).toHaveAttribute('aria-valuenow', '0');
  });

  it('only logs a failed batch list load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockBulkApi({
      [routeKey(batchRoutes.list, { id: 5 })]: () =>
        jsonResponse(500, { error: { code: 'internal', message: 'Boom' } }),
    });
    await open();
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to load the batches', expect.anything()));
    expect(screen.getByTestId('batches-empty')).toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });

  it('refreshes on demand', async () => {
    const fetch = mockBulkApi();
    await open();
    await screen.findByTestId('batches-empty');
    const before = callsTo(fetch, routeKey(batchRoutes.list, { id: 5 })).length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(callsTo(fetch, routeKey(batchRoutes.list, { id: 5 })).length).toBe(before + 1),
    );
  });

  it("opens a batch's rows with url, status, analysis status, error and a link to the analysis", async () => {
    const batch = batchFixture(3, {
      status: 'partially_completed',
      processed_items: 1,
      failed_items: 1,
      total_items: 2,
    });
    const fetch = mockBulkApi({
      [routeKey(batchRoutes.list, { id: 5 })]: () => jsonResponse(200, { data: [batch] }),
      [routeKey(batchRoutes.items, { id: 5, batchId: 3 })]: () =>
        itemsAnswer(batch, [
          itemFixture(1),
          itemFixture(2, {
            status: 'failed',
            task_id: null,
            task_status: null,
            error: 'The link answered 404 Not Found.',
          }),
        ]),
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Show the rows of calls-3.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rows of calls-3.csv' });
    const first = await within(dialog).findByTestId('item-row-1');
    expect(within(first).getByTestId('item-url')).toHaveTextContent(
      'https://example.com/recordings/call-1.mp3',
    );
    expect(within(first).getByTestId('item-status')).toHaveTextContent('Analysis created');
    expect(within(first).getByTestId('task-status')).toHaveTextContent('Completed');
    expect(within(first).getByTestId('item-analysis')).toHaveAttribute('href', '/projects/5/analysis/101');
    const second = within(dialog).getByTestId('item-row-2');
    expect(second).toHaveTextContent('The link answered 404 Not Found.');
    expect(within(second).getByTestId('item-status')).toHaveTextContent('Failed');
    expect(within(second).queryByTestId('item-analysis')).not.toBeInTheDocument();
    const [input] = callsTo(fetch, routeKey(batchRoutes.items, { id: 5, batchId: 3 }))[0]!;
    expect(new URL(String(input), 'http://localhost').search).toBe('?page=1&page_size=50');
  });
});

describe('bulk upload page: read-only support access', () => {
  it('offers no upload form but keeps the batches and their rows readable; sends nothing', async () => {
    const fetch = mockBulkApi(
      {
        [routeKey(batchRoutes.list, { id: 5 })]: () => jsonResponse(200, { data: [batchFixture(3)] }),
        [routeKey(batchRoutes.items, { id: 5, batchId: 3 })]: () =>
          itemsAnswer(batchFixture(3), [itemFixture(1)]),
      },
      testProject({ my_role: 'admin', read_only: true }),
    );
    renderRoutes(bulkRoutes, BULK_PATH);
    expect(
      await screen.findByText('Uploading is not available with read-only support access.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('csv-drop')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bulk-submit')).not.toBeInTheDocument();
    // the single upload page has nothing to offer either
    expect(screen.getByTestId('single-upload-link')).toBeDisabled();
    expect(screen.getByTestId('template-download')).toBeEnabled();

    fireEvent.click(await screen.findByRole('button', { name: 'Show the rows of calls-3.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rows of calls-3.csv' });
    expect(await within(dialog).findByTestId('item-row-1')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
  });
});
