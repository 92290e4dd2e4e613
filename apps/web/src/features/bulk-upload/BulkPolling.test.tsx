import { batchRoutes, TIMINGS } from '@parley/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';
import type { BatchView } from './api';
import { BULK_PATH, batchFixture, bulkRoutes, callsTo, mockBulkApi } from './testUtils';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Answers the batch list from `lists`, one per call; the last one repeats. */
function mockLists(lists: BatchView[][]) {
  let call = 0;
  return mockBulkApi({
    [routeKey(batchRoutes.list, { id: 5 })]: () => {
      const list = lists[Math.min(call, lists.length - 1)]!;
      call += 1;
      return jsonResponse(200, { data: list });
    },
  });
}

/** Opens the page and waits (in small steps) until the batch list has arrived. */
async function open() {
  renderRoutes(bulkRoutes, BULK_PATH);
  for (let i = 0; i < 300; i += 1) {
    if (screen.queryByTestId('batches')?.querySelector('table, [data-testid="batches-empty"]')) return;
    await advance(10);
  }
  throw new Error('the batch list did not arrive');
}

const listCalls = (fetch: ReturnType<typeof mockBulkApi>) =>
  callsTo(fetch, routeKey(batchRoutes.list, { id: 5 })).length;

describe('batch polling (spec 1 §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('re-fetches every 5 s while a batch is pending or processing, and stops once all are final', async () => {
    const fetch = mockLists([
      [batchFixture(1, { status: 'pending', processed_items: 0 }), batchFixture(2)],
      [batchFixture(1, { status: 'processing', processed_items: 4 }), batchFixture(2)],
      [batchFixture(1, { status: 'completed' }), batchFixture(2)],
    ]);
    await open();
    expect(screen.getByTestId('batch-row-1')).toHaveTextContent('Pending');
    expect(listCalls(fetch)).toBe(1);

    await advance(TIMINGS.batchPollMs - 300);
    expect(listCalls(fetch)).toBe(1);
    await advance(300);
    expect(listCalls(fetch)).toBe(2);
    expect(screen.getByTestId('batch-row-1')).toHaveTextContent('Processing');

    await advance(TIMINGS.batchPollMs);
    expect(listCalls(fetch)).toBe(3);
    expect(screen.getByTestId('batch-row-1')).toHaveTextContent('Completed');

    // nothing is working any more: no further requests
    await advance(TIMINGS.batchPollMs * 4);
    expect(listCalls(fetch)).toBe(3);
  });

  it('does not poll when every batch is final', async () => {
    const fetch = mockLists([
      [
        batchFixture(1, { status: 'completed' }),
        batchFixture(2, { status: 'failed' }),
        batchFixture(3, { status: 'partially_completed' }),
      ],
    ]);
    await open();
    expect(screen.getByTestId('batch-row-1')).toBeInTheDocument();
    await advance(TIMINGS.batchPollMs * 3);
    expect(listCalls(fetch)).toBe(1);
  });

  it('does not poll an empty list', async () => {
    const fetch = mockLists([[]]);
    await open();
    expect(screen.getByTestId('batches-empty')).toBeInTheDocument();
    await advance(TIMINGS.batchPollMs * 3);
    expect(listCalls(fetch)).toBe(1);
  });
});
