import type {
  BatchCreateResponse,
  BatchItem,
  CsvRowError,
  InvalidCsvResponse,
  UploadPrompt,
} from '@parley/contracts';
import { batchRoutes, projectRoutes, uploadRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import type { z } from 'zod';
import { ProjectGuard } from '../../shared/app/ProjectGuard';
import { type Handler, jsonResponse, mockFetch, routeAnswer, routeKey, testProject } from '../../test/utils';
import type { BatchView } from './api';
import BulkUploadPage from './BulkUploadPage';

/** Test helpers for the bulk upload page (not used by the app). */

export const BULK_PATH = '/projects/5/analysis/bulk-upload';

export const bulkRoutes: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'analysis/bulk-upload', element: <BulkUploadPage /> },
      { path: 'analysis/upload', element: <div>single upload</div> },
    ],
  },
  { path: '*', element: <div>elsewhere</div> },
];

export function batchFixture(id: number, overrides: Partial<BatchView> = {}): BatchView {
  return {
    id,
    project_id: 5,
    file_name: `calls-${id}.csv`,
    status: 'completed',
    total_items: 10,
    processed_items: 10,
    failed_items: 0,
    prompt_id: 11,
    priority: 1,
    created_at: '2026-01-15T14:30:05.000Z',
    updated_at: '2026-01-15T14:35:00.000Z',
    ...overrides,
  };
}

export function itemFixture(id: number, overrides: Partial<BatchItem> = {}): BatchItem {
  return {
    id,
    row: id + 1,
    url: `https://example.com/recordings/call-${id}.mp3`,
    type: 'call',
    date: null,
    metadata: {},
    status: 'task_created',
    task_id: 100 + id,
    task_status: 'completed',
    error: null,
    error_reason: null,
    created_at: '2026-01-15T14:30:05.000Z',
    updated_at: '2026-01-15T14:30:05.000Z',
    ...overrides,
  };
}

/** GET /projects/5/batches/{id}/items: one page of the batch's rows, with the batch as read with them. */
export const itemsAnswer = (batch: BatchView, items: BatchItem[], total = items.length, pageSize = 50) =>
  routeAnswer(batchRoutes.items, { data: { batch, items, total, page: 1, page_size: pageSize } });

/** POST /projects/5/batches: the batch was created. */
export const batchCreated = (batchId: number, rows = 1) =>
  ({
    data: { batch_id: batchId },
    message: `Batch #${batchId} created with ${rows} row`,
  }) satisfies z.input<typeof BatchCreateResponse>;

/** POST /projects/5/batches: the CSV was refused (400). */
export const csvRefused = (message: string, errors: CsvRowError[], errorCount = errors.length) =>
  ({
    error: { code: 'invalid_csv', message, errors, error_count: errorCount },
  }) satisfies z.input<typeof InvalidCsvResponse>;

/** GET /projects/5/upload-prompts: the project's prompts, by name as the server lists them. */
export const uploadPrompts = [
  { id: 11, name: 'Sales QA', project_id: 5, metadataFields: ['Department', 'Representative'] },
  { id: 30, name: 'Text Chat Review', project_id: 5, metadataFields: [] },
] satisfies z.input<typeof UploadPrompt>[];

/** The API the bulk page calls, answering from fixtures; override any route. */
export function mockBulkApi(overrides: Record<string, Handler> = {}, project = testProject()) {
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: uploadPrompts }),
    [routeKey(batchRoutes.list, { id: 5 })]: () => jsonResponse(200, { data: [] }),
    ...overrides,
  });
}

export const csvFile = (name = 'calls.csv', content = 'url,type\nhttps://example.com/a.mp3,call\n') =>
  new File([content], name, { type: 'text/csv' });

export function chooseCsv(file: File) {
  fireEvent.change(screen.getByTestId('csv-drop-input'), { target: { files: [file] } });
}

export function dropFiles(files: File[]) {
  fireEvent.drop(screen.getByTestId('csv-drop'), { dataTransfer: { files } });
}

export const submitButton = () => screen.getByTestId('bulk-submit');
export const promptSelect = () => screen.getByRole('combobox', { name: 'Analysis Prompt' });

export function chooseOption(combobox: HTMLElement, name: string | RegExp) {
  fireEvent.mouseDown(combobox);
  const listbox = screen.getByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name }));
}

export function callsTo(fetch: ReturnType<typeof mockFetch>, key: string) {
  const [method, path] = key.split(' ');
  return fetch.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return (init?.method ?? 'GET') === method && url.pathname === path;
  });
}
