import {
  BULK_CSV,
  batchRoutes,
  type CsvRowError,
  InvalidCsvResponse,
  isBatchActive,
  type RouteAnswer,
  TIMINGS,
  type UploadBatch,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, download } from '../../shared/api/client';
import { downloadFile } from '../../shared/utils/download';

// Routes and shapes: packages/contracts/src/routes/batches.ts (any member of the project).

/** A batch as the table shows it (spec 1 §3 Upload batch). */
export type BatchView = UploadBatch;

/** How many batches the recent list shows. */
export const RECENT_BATCHES = 50;
export const ITEM_PAGE_SIZES = [25, 50, 100];
export const DEFAULT_ITEM_PAGE_SIZE = 50;

export const bulkKeys = {
  batches: (projectId: number) => ['bulk', projectId, 'batches'] as const,
  /** Every page of a batch's rows. */
  batchItems: (projectId: number, batchId: number) => ['bulk', projectId, 'batch', batchId, 'items'] as const,
  items: (projectId: number, batchId: number, page: number, pageSize: number) =>
    [...bulkKeys.batchItems(projectId, batchId), page, pageSize] as const,
};

export type BatchItemsPage = RouteAnswer<typeof batchRoutes.items>['data'];

export async function fetchBatches(projectId: number, signal?: AbortSignal): Promise<BatchView[]> {
  try {
    const { data } = await call(batchRoutes.list, {
      params: { id: projectId },
      query: { limit: RECENT_BATCHES },
      signal,
    });
    return data;
  } catch (error) {
    // Spec 1 §8: batch list load errors are only logged; the table keeps what it showed. A request
    // cancelled on purpose (the page was left, a refresh replaced it) is no error.
    if (!signal?.aborted) console.error('Failed to load the batches', error);
    throw error;
  }
}

/** The recent batches, re-fetched every 5 s while any of them is pending or processing (spec 1 §4). */
export function useBatches(projectId: number) {
  return useQuery({
    queryKey: bulkKeys.batches(projectId),
    queryFn: ({ signal }) => fetchBatches(projectId, signal),
    refetchInterval: (query) =>
      query.state.data?.some((batch) => isBatchActive(batch.status)) ? TIMINGS.batchPollMs : false,
  });
}

/**
 * A page of a batch's rows with the batch as it was when they were read; re-fetched with the list's rhythm
 * while the batch still works (`active`: whether it works, until its rows have said). The batch also replaces an older copy of it in the recent batches list, so
 * that the table never shows it behind its rows.
 */
export function useBatchItems(
  projectId: number,
  batchId: number | null,
  page: number,
  pageSize: number,
  active: boolean,
) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: bulkKeys.items(projectId, batchId ?? 0, page, pageSize),
    queryFn: async ({ signal }) => {
      const { data } = await call(batchRoutes.items, {
        // Runs only with a batch (enabled below).
        params: { id: projectId, batchId: batchId! },
        query: { page, page_size: pageSize },
        signal,
      });
      const fresh = data.batch;
      queryClient.setQueryData<BatchView[]>(bulkKeys.batches(projectId), (list) =>
        list?.map((batch) => (batch.id === fresh.id && batch.updated_at <= fresh.updated_at ? fresh : batch)),
      );
      return data;
    },
    enabled: batchId !== null,
    // Another page of the same batch keeps the rows shown while it loads; another batch's rows never stand in.
    placeholderData: (previous) => (previous?.batch.id === batchId ? previous : undefined),
    refetchInterval: (query) => {
      const batch = query.state.data?.batch;
      return (batch ? isBatchActive(batch.status) : active) ? TIMINGS.batchPollMs : false;
    },
  });
}

export interface BatchUpload {
  file: File;
  promptId: number;
  priority: number;
}

/** POST /projects/{id}/batches (multipart: file, prompt_id, priority). */
export function useUploadBatch(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, promptId, priority }: BatchUpload) => {
      const form = new FormData();
      form.append('prompt_id', String(promptId));
      form.append('priority', String(priority));
      form.append('file', file, file.name);
      return call(batchRoutes.create, { params: { id: projectId }, form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkKeys.batches(projectId) }),
  });
}

export interface InvalidCsv {
  message: string;
  errors: CsvRowError[];
  /** All problems found; the list holds at most BULK_CSV.maxReportedErrors of them. */
  errorCount: number;
}

/** The row and column problems of a 400 invalid_csv answer, or null for any other failure. */
export function invalidCsvOf(error: unknown): InvalidCsv | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const refused = InvalidCsvResponse.safeParse(error.body);
  if (!refused.success) return null;
  const { message, errors, error_count } = refused.data.error;
  return { message, errors, errorCount: error_count };
}

/** GET /projects/{id}/batches/template.csv, saved as a file. */
export async function downloadTemplate(projectId: number): Promise<void> {
  const { blob, fileName } = await download(batchRoutes.template, { params: { id: projectId } });
  downloadFile(fileName ?? BULK_CSV.templateFileName, blob, 'text/csv');
}

export const isCsvName = (name: string) => /\.csv$/i.test(name.trim());

/** Item statuses the rows table knows a label for. */
export const ITEM_STATUS_COLORS: Record<string, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  pending: 'default',
  downloading: 'info',
  task_created: 'primary',
  duplicate: 'success',
  failed: 'error',
};
