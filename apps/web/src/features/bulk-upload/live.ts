import { BatchEvent, TaskEvent } from '@parley/contracts';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { eventsUrl } from '../../shared/api/analyses';
import { type LiveState, useEventSource } from '../../shared/hooks/useEventSource';
import { type BatchItemsPage, bulkKeys } from './api';

/**
 * Re-reads the queries under `queryKey` at once, or — while that read is on its way — once more after it, so
 * that a burst of events (a batch of thousands of rows) costs one request at a time and the last change is
 * always read.
 */
function coalescedRefetch(queryClient: QueryClient, queryKey: QueryKey): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void queryClient
      .invalidateQueries({ queryKey })
      .catch(() => {})
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}

/**
 * The bulk upload page follows the project's live events (GET …/analyses/events): a batch event re-reads the
 * recent batches and, when it is the open batch, its rows; a task event re-reads the open batch's rows when it
 * changes the status of an analysis they show. The 5 s polling of useBatches stays as the fallback.
 */
export function useBatchLiveUpdates(projectId: number, openBatchId: number | null): LiveState {
  const queryClient = useQueryClient();
  const handlers = useMemo(() => {
    const batches = coalescedRefetch(queryClient, bulkKeys.batches(projectId));
    const rows =
      openBatchId === null
        ? null
        : coalescedRefetch(queryClient, bulkKeys.batchItems(projectId, openBatchId));
    const showsTask = (taskId: number, status: string) =>
      openBatchId !== null &&
      queryClient
        .getQueriesData<BatchItemsPage>({ queryKey: bulkKeys.batchItems(projectId, openBatchId) })
        .some(([, page]) =>
          page?.items.some((item) => item.task_id === taskId && item.task_status !== status),
        );
    return {
      events: {
        batch: (data: unknown) => {
          const event = BatchEvent.safeParse(data);
          if (!event.success) return;
          batches();
          if (event.data.batch_id === openBatchId) rows?.();
        },
        task: (data: unknown) => {
          const event = TaskEvent.safeParse(data);
          if (event.success && showsTask(event.data.task_id, event.data.status)) rows?.();
        },
      },
      onOpen: () => {
        batches();
        rows?.();
      },
    };
  }, [queryClient, projectId, openBatchId]);
  return useEventSource(eventsUrl(projectId), handlers);
}
