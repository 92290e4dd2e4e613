import type { BatchItem, TaskEvent } from '@parley/contracts';
import { batchRoutes } from '@parley/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { MockEventSource, stubEventSource } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';
import type { BatchView } from './api';
import {
  BULK_PATH,
  batchFixture,
  bulkRoutes,
  callsTo,
  itemFixture,
  itemsAnswer,
  mockBulkApi,
} from './testUtils';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Lets the answers already given reach the page (far less than a poll interval). */
async function settle() {
  for (let i = 0; i < 10; i += 1) await advance(10);
}

async function waitUntil(found: () => unknown) {
  for (let i = 0; i < 300; i += 1) {
    if (found()) return;
    await advance(10);
  }
  throw new Error('not shown in time');
}

const ITEMS = routeKey(batchRoutes.items, { id: 5, batchId: 3 });
const LIST = routeKey(batchRoutes.list, { id: 5 });

const working = batchFixture(3, { status: 'processing', processed_items: 0, total_items: 2 });
const done = batchFixture(3, {
  status: 'completed',
  processed_items: 2,
  total_items: 2,
  updated_at: '2026-01-15T14:40:00.000Z',
});
const queuedRows = [
  itemFixture(1, { task_status: 'queued' }),
  itemFixture(2, { status: 'downloading', task_id: null, task_status: null }),
];
const finalRows = [itemFixture(1), itemFixture(2)];

/** The page with the list and the rows answered from what the test sets now. */
function mockState(state: { list: BatchView[]; batch: BatchView; rows: BatchItem[] }) {
  return mockBulkApi({
    [LIST]: () => jsonResponse(200, { data: state.list }),
    [ITEMS]: () => itemsAnswer(state.batch, state.rows),
  });
}

async function openRows() {
  renderRoutes(bulkRoutes, BULK_PATH);
  await waitUntil(() => screen.queryByTestId('batch-row-3'));
  fireEvent.click(screen.getByRole('button', { name: 'Show the rows of calls-3.csv' }));
  await waitUntil(() => screen.queryByTestId('item-row-1'));
  return screen.getByRole('dialog', { name: 'Rows of calls-3.csv' });
}

const taskEvent = (taskId: number, status: z.infer<typeof TaskEvent>['status']) => ({
  task_id: taskId,
  status,
  stage: null,
  progress: 50,
});

describe("a batch's rows dialog and the batches table (spec 1 §4)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubEventSource();
  });

  it('shows the batch in the header as it was read with its rows, and the table catches up with it', async () => {
    // The list still has the batch pending at 0 %, but every row is already final.
    const stale = batchFixture(3, { status: 'pending', processed_items: 0, total_items: 2 });
    mockState({ list: [stale], batch: done, rows: finalRows });
    const dialog = await openRows();
    const summary = within(dialog).getByTestId('items-summary');
    expect(within(summary).getByTestId('batch-status')).toHaveTextContent('Completed');
    expect(within(summary).getByTestId('batch-percent')).toHaveTextContent('100%');
    const row = screen.getByTestId('batch-row-3');
    expect(within(row).getByTestId('batch-status')).toHaveTextContent('Completed');
    expect(within(row).getByTestId('batch-processed')).toHaveTextContent('2');
  });

  it('re-reads the table and the open rows on a batch event, without waiting for a poll', async () => {
    const state = { list: [working], batch: working, rows: queuedRows };
    const fetch = mockState(state);
    const dialog = await openRows();
    const source = MockEventSource.latest();
    expect(source.url).toBe('/api/projects/5/analyses/events');
    source.open();
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live');
    const summary = within(dialog).getByTestId('items-summary');
    expect(within(summary).getByTestId('batch-status')).toHaveTextContent('Processing');
    const lists = callsTo(fetch, LIST).length;
    const reads = callsTo(fetch, ITEMS).length;

    Object.assign(state, { list: [done], batch: done, rows: finalRows });
    source.emit('batch', { batch_id: 3 });
    await settle();
    expect(callsTo(fetch, LIST)).toHaveLength(lists + 1);
    expect(callsTo(fetch, ITEMS)).toHaveLength(reads + 1);
    expect(within(summary).getByTestId('batch-status')).toHaveTextContent('Completed');
    expect(within(summary).getByTestId('batch-percent')).toHaveTextContent('100%');
    expect(within(dialog).getByTestId('item-row-2')).toHaveTextContent('Completed');
    expect(within(screen.getByTestId('batch-row-3')).getByTestId('batch-status')).toHaveTextContent(
      'Completed',
    );

    // Another batch's event re-reads the table only.
    source.emit('batch', { batch_id: 4 });
    await settle();
    expect(callsTo(fetch, LIST)).toHaveLength(lists + 2);
    expect(callsTo(fetch, ITEMS)).toHaveLength(reads + 1);
  });

  it('re-reads the open rows when an event changes the status of an analysis they show, and only then', async () => {
    const state = { list: [working], batch: working, rows: queuedRows };
    const fetch = mockState(state);
    const dialog = await openRows();
    const source = MockEventSource.latest();
    source.open();
    await settle(); // the stream's opening re-reads the batches and the rows once
    const reads = callsTo(fetch, ITEMS).length;

    source.emit('task', taskEvent(999, 'processing')); // not a row of this batch
    source.emit('task', taskEvent(101, 'queued')); // the status the row already shows
    await settle();
    expect(callsTo(fetch, ITEMS)).toHaveLength(reads);

    state.rows = [itemFixture(1, { task_status: 'processing' }), queuedRows[1]!];
    source.emit('task', taskEvent(101, 'processing'));
    await settle();
    expect(callsTo(fetch, ITEMS)).toHaveLength(reads + 1);
    expect(within(within(dialog).getByTestId('item-row-1')).getByTestId('task-status')).toHaveTextContent(
      'Processing',
    );
    expect(callsTo(fetch, LIST)).toHaveLength(2); // the first load and the re-read on opening
  });

  it('turns a burst of events into one request at a time, the last one after the last event', async () => {
    let release: () => void = () => {};
    let list: BatchView[] = [working];
    const fetch = mockBulkApi({
      [LIST]: async () => {
        const answer = jsonResponse(200, { data: list });
        if (callsTo(fetch, LIST).length > 1) await new Promise<void>((resolve) => (release = resolve));
        return answer;
      },
    });
    renderRoutes(bulkRoutes, BULK_PATH);
    await waitUntil(() => screen.queryByTestId('batch-row-3'));
    const source = MockEventSource.latest();
    source.open();

    source.emit('batch', { batch_id: 3 });
    source.emit('batch', { batch_id: 3 });
    list = [done];
    source.emit('batch', { batch_id: 3 });
    await settle();
    expect(callsTo(fetch, LIST)).toHaveLength(2); // the first load and the re-read on opening, on its way
    act(() => release());
    await settle();
    expect(callsTo(fetch, LIST)).toHaveLength(3); // one more for the events in between
    act(() => release());
    await settle();
    expect(within(screen.getByTestId('batch-row-3')).getByTestId('batch-status')).toHaveTextContent(
      'Completed',
    );
    expect(callsTo(fetch, LIST)).toHaveLength(3);
  });
});
