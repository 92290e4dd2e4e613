import type { FailedTaskListResponse, OkResponse, RetryTasksResponse } from '@parley/contracts';
import { analysisRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { analysesRoutes, mockAnalysesApi, requests } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';
import type { FailedTaskRow } from './api';

function failedTask(id: number, overrides: Partial<FailedTaskRow> = {}): FailedTaskRow {
  return {
    id,
    created_at: '2026-03-10T09:00:00.000Z',
    updated_at: new Date(Date.UTC(2026, 2, 10, 10, 0) - id * 60_000).toISOString(),
    title: null,
    file_name: `call-${id}.mp3`,
    prompt_id: 3,
    prompt_name: 'Sales scorecard',
    stage: 'transcription',
    error: `Transcription failed for ${id}: 429 Too Many Requests`,
    error_reason: {
      code: 'provider_failed',
      params: { message: `Transcription failed for ${id}: 429 Too Many Requests` },
    },
    attempts: 5,
    ...overrides,
  };
}

const page = (items: FailedTaskRow[], total = items.length, failed_batch_rows = 0) =>
  ({ data: { items, total, page: 1, page_size: 25, failed_batch_rows } }) satisfies z.input<
    typeof FailedTaskListResponse
  >;

/** A failed-tasks API that really removes retried and deleted rows. */
function mockFailedApi(
  initial = [failedTask(11), failedTask(12), failedTask(13, { title: 'Renewal call' })],
  project = testProject(),
) {
  let rows = [...initial];
  const fetch = mockAnalysesApi(
    {
      [routeKey(analysisRoutes.failed, { id: 5 })]: () => jsonResponse(200, page(rows)),
      [routeKey(analysisRoutes.retry, { id: 5 })]: (_url, init) => {
        const ids = (JSON.parse(String(init?.body)) as { task_ids: number[] }).task_ids;
        const before = rows.length;
        rows = rows.filter((row) => !ids.includes(row.id));
        const answer = { data: { retried: before - rows.length } } satisfies z.input<
          typeof RetryTasksResponse
        >;
        return jsonResponse(200, answer);
      },
      [routeKey(analysisRoutes.deleteFailed, { id: 5, taskId: 12 })]: () => {
        rows = rows.filter((row) => row.id !== 12);
        return jsonResponse(200, { data: { ok: true } } satisfies z.input<typeof OkResponse>);
      },
    },
    project,
  );
  return fetch;
}

async function openFailed() {
  renderRoutes(analysesRoutes, '/projects/5/failed-tasks');
  await screen.findByTestId('failed-row-11');
}

const row = (id: number) => screen.getByTestId(`failed-row-${id}`);

describe('failed tasks', () => {
  it('lists failed tasks with time, file, prompt, stage, error and attempts', async () => {
    mockFailedApi();
    await openFailed();
    const first = row(11);
    expect(within(first).getByRole('link', { name: 'call-11.mp3' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/11',
    );
    expect(within(first).getByText('Sales scorecard')).toBeInTheDocument();
    expect(within(first).getByText('Transcribing')).toBeInTheDocument();
    expect(within(first).getByText('Transcription failed for 11: 429 Too Many Requests')).toBeInTheDocument();
    expect(within(first).getByText('5')).toBeInTheDocument();
    expect(within(first).getByText(/Mar 10, 2026/)).toBeInTheDocument();
    const titled = row(13);
    expect(within(titled).getByRole('link', { name: 'Renewal call' })).toBeInTheDocument();
    expect(within(titled).getByText('call-13.mp3')).toBeInTheDocument();
  });

  it('retries one task', async () => {
    const fetch = mockFailedApi();
    await openFailed();
    fireEvent.click(screen.getByRole('button', { name: 'Retry call-12.mp3' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Queued again: 1');
    await waitFor(() => expect(screen.queryByTestId('failed-row-12')).not.toBeInTheDocument());
    expect(requests(fetch, routeKey(analysisRoutes.retry, { id: 5 })).map((r) => r.body)).toEqual([
      { task_ids: [12] },
    ]);
  });

  it('retries the selected tasks', async () => {
    const fetch = mockFailedApi();
    await openFailed();
    const retrySelected = () => screen.getByRole('button', { name: /Retry selected/ });
    expect(retrySelected()).toBeDisabled();
    expect(retrySelected()).toHaveTextContent('Retry selected (0)');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select call-11.mp3' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Renewal call' }));
    expect(retrySelected()).toHaveTextContent('Retry selected (2)');
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    fireEvent.click(retrySelected());
    expect(await screen.findByTestId('toast')).toHaveTextContent('Queued again: 2');
    expect(requests(fetch, routeKey(analysisRoutes.retry, { id: 5 })).map((r) => r.body)).toEqual([
      { task_ids: [11, 13] },
    ]);
    await waitFor(() => expect(screen.queryByTestId('failed-row-11')).not.toBeInTheDocument());
    expect(row(12)).toBeInTheDocument();
    expect(retrySelected()).toHaveTextContent('Retry selected (0)');
  });

  it('selects all rows of the page at once', async () => {
    const fetch = mockFailedApi();
    await openFailed();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry selected (3)' }));
    await screen.findByText('No failed tasks');
    expect(requests(fetch, routeKey(analysisRoutes.retry, { id: 5 })).map((r) => r.body)).toEqual([
      { task_ids: [11, 12, 13] },
    ]);
  });

  it('tells why a retry was refused', async () => {
    mockAnalysesApi({
      [routeKey(analysisRoutes.failed, { id: 5 })]: () => jsonResponse(200, page([failedTask(11)])),
      [routeKey(analysisRoutes.retry, { id: 5 })]: () =>
        jsonResponse(402, {
          error: { code: 'insufficient_funds', message: 'Insufficient funds to process this file.' },
        }),
    });
    await openFailed();
    fireEvent.click(screen.getByRole('button', { name: 'Retry call-11.mp3' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Insufficient funds to process this file.');
    expect(row(11)).toBeInTheDocument();
  });

  it('deletes a task after confirmation', async () => {
    const fetch = mockFailedApi();
    await openFailed();
    fireEvent.click(screen.getByRole('button', { name: 'Delete call-12.mp3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete failed task?' });
    expect(dialog).toHaveTextContent('"call-12.mp3" will be deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests(fetch, routeKey(analysisRoutes.deleteFailed, { id: 5, taskId: 12 }))).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete call-12.mp3' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed task deleted.');
    await waitFor(() => expect(screen.queryByTestId('failed-row-12')).not.toBeInTheDocument());
    expect(requests(fetch, routeKey(analysisRoutes.deleteFailed, { id: 5, taskId: 12 }))).toHaveLength(1);
  });

  it('keeps the confirmation open with the reason when deleting fails', async () => {
    mockAnalysesApi({
      [routeKey(analysisRoutes.failed, { id: 5 })]: () =>
        jsonResponse(200, page([failedTask(11), failedTask(12)])),
      [routeKey(analysisRoutes.deleteFailed, { id: 5, taskId: 12 })]: () =>
        jsonResponse(404, { error: { code: 'not_found', message: 'Failed task not found.' } }),
    });
    await openFailed();
    fireEvent.click(screen.getByRole('button', { name: 'Delete call-12.mp3' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed task not found.')).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    mockAnalysesApi({ [routeKey(analysisRoutes.failed, { id: 5 })]: () => jsonResponse(200, page([])) });
    renderRoutes(analysesRoutes, '/projects/5/failed-tasks');
    expect(await screen.findByText('No failed tasks')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open analyses' })).toHaveAttribute(
      'href',
      '/projects/5/analyses',
    );
  });

  it('shows loading, then an error with Retry', async () => {
    let fail = true;
    mockAnalysesApi({
      [routeKey(analysisRoutes.failed, { id: 5 })]: () =>
        fail
          ? jsonResponse(500, { error: { code: 'internal', message: 'Server exploded' } })
          : jsonResponse(200, page([failedTask(11)])),
    });
    renderRoutes(analysesRoutes, '/projects/5/failed-tasks');
    expect(await screen.findByText('Loading failed tasks...')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load failed tasks')).toBeInTheDocument();
    expect(screen.getByText('Server exploded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('failed-row-11')).toBeInTheDocument();
  });

  it('counts the bulk rows that failed before an analysis and links to the bulk upload page', async () => {
    mockAnalysesApi({
      [routeKey(analysisRoutes.failed, { id: 5 })]: () => jsonResponse(200, page([], 0, 3)),
    });
    renderRoutes(analysesRoutes, '/projects/5/failed-tasks');
    const alert = await screen.findByTestId('failed-batch-rows');
    expect(alert).toHaveTextContent('3 rows of bulk uploads failed before an analysis was made');
    expect(within(alert).getByRole('link', { name: 'See them in Bulk upload' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/bulk-upload',
    );
  });

  it('pages through the server', async () => {
    const fetch = mockAnalysesApi({
      [routeKey(analysisRoutes.failed, { id: 5 })]: (url) =>
        jsonResponse(200, {
          data: {
            items: [failedTask(Number(url.searchParams.get('page')) * 100 + 11)],
            total: 30,
            page: Number(url.searchParams.get('page')),
            page_size: 25,
            failed_batch_rows: 0,
          },
        }),
    });
    renderRoutes(analysesRoutes, '/projects/5/failed-tasks');
    await screen.findByTestId('failed-row-111');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('failed-row-211');
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/failed-tasks?page=2');
    expect(requests(fetch, routeKey(analysisRoutes.failed, { id: 5 })).at(-1)!.url.search).toBe(
      '?page=2&page_size=25',
    );
  });

  it('read-only (support access): the tasks can be read, not selected, retried or deleted', async () => {
    const fetch = mockFailedApi(undefined, testProject({ my_role: 'admin', read_only: true }));
    await openFailed();
    expect(within(row(11)).getByRole('link', { name: 'call-11.mp3' })).toBeInTheDocument();
    const controls = [
      screen.getByRole('button', { name: 'Retry selected (0)' }),
      screen.getByRole('checkbox', { name: 'Select all on this page' }),
      screen.getByRole('checkbox', { name: 'Select call-12.mp3' }),
      screen.getByRole('button', { name: 'Retry call-12.mp3' }),
      screen.getByRole('button', { name: 'Delete call-12.mp3' }),
    ];
    for (const control of controls) {
      expect(control).toBeDisabled();
      fireEvent.click(control);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
  });

  it('is for admins and owners only', async () => {
    mockAnalysesApi({}, testProject({ my_role: 'user' }));
    renderRoutes(analysesRoutes, '/projects/5/failed-tasks');
    expect(await screen.findByText(/permission/i)).toBeInTheDocument();
  });
});
