import { type BatchItem, BULK_CSV, type CsvRowError, isBatchActive, TIMINGS } from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchFile, ServerError, send } from '../../shared/api/request';
import { downloadFile } from '../../shared/utils/download';

// Routes and shapes: packages/contracts/src/bulk/api.ts (any member of the project).

/** A batch as the table shows it (spec 1 §3 Upload batch); the status is kept as sent (unknown ones too). */
export interface BatchView {
  id: number;
  project_id: number;
  file_name: string;
  status: string;
  total_items: number;
  processed_items: number;
  failed_items: number;
  created_at: string;
  updated_at: string;
}

export interface BatchItemPage {
  items: BatchItem[];
  total: number;
  page: number;
  page_size: number;
}

/** How many batches the recent list shows. */
export const RECENT_BATCHES = 50;
export const ITEM_PAGE_SIZES = [25, 50, 100];
export const DEFAULT_ITEM_PAGE_SIZE = 50;

export const bulkKeys = {
  batches: (projectId: number) => ['bulk', projectId, 'batches'] as const,
  items: (projectId: number, batchId: number, page: number, pageSize: number) =>
    ['bulk', projectId, 'batch', batchId, 'items', page, pageSize] as const,
};

type RecordLike = Record<string, unknown>;
const isRecord = (value: unknown): value is RecordLike =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0;
};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Reads a batch whose id may be ID or id and whose dates may be CreatedAt/UpdatedAt (spec 1 §3). */
export function normalizeBatch(raw: unknown): BatchView | null {
  if (!isRecord(raw)) return null;
  const id = Number(raw.id ?? raw.ID);
  if (!Number.isInteger(id) || id <= 0) return null;
  return {
    id,
    project_id: count(raw.project_id),
    file_name: text(raw.file_name),
    status: text(raw.status),
    total_items: count(raw.total_items),
    processed_items: count(raw.processed_items),
    failed_items: count(raw.failed_items),
    created_at: text(raw.created_at ?? raw.CreatedAt),
    updated_at: text(raw.updated_at ?? raw.UpdatedAt),
  };
}

/** The batches of a list answer: data as an array, or an object with an items or change_requests array. */
export function batchListOf(body: unknown): BatchView[] {
  const data = isRecord(body) ? body.data : body;
  let list: unknown[] = [];
  if (Array.isArray(data)) list = data;
  else if (isRecord(data)) {
    if (Array.isArray(data.items)) list = data.items;
    else if (Array.isArray(data.change_requests)) list = data.change_requests;
  }
  return list.map(normalizeBatch).filter((batch): batch is BatchView => batch !== null);
}

export async function fetchBatches(projectId: number, signal?: AbortSignal): Promise<BatchView[]> {
  try {
    return batchListOf(
      await send<unknown>(`/projects/${projectId}/batches?limit=${RECENT_BATCHES}`, { signal }),
    );
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

/** A page of a batch's rows; re-fetched with the list's rhythm while the batch still works. */
export function useBatchItems(
  projectId: number,
  batchId: number | null,
  page: number,
  pageSize: number,
  active: boolean,
) {
  return useQuery({
    queryKey: bulkKeys.items(projectId, batchId ?? 0, page, pageSize),
    queryFn: async ({ signal }) => {
      const body = await send<{ data: BatchItemPage }>(
        `/projects/${projectId}/batches/${batchId}/items?page=${page}&page_size=${pageSize}`,
        { signal },
      );
      return body.data;
    },
    enabled: batchId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: active ? TIMINGS.batchPollMs : false,
  });
}

export interface BatchUpload {
  file: File;
  promptId: number;
  priority: number;
}

export interface BatchCreated {
  data?: { batch_id?: unknown };
  message?: string;
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
      return send<BatchCreated>(`/projects/${projectId}/batches`, { method: 'POST', form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkKeys.batches(projectId) }),
  });
}

/** The batch id of an upload answer (data.batch_id), when it has one. */
export function createdBatchId(body: BatchCreated | undefined): number | null {
  const id = Number(body?.data?.batch_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export interface InvalidCsv {
  message: string;
  errors: CsvRowError[];
  /** All problems found; the list holds at most BULK_CSV.maxReportedErrors of them. */
  errorCount: number;
}

/** The row and column problems of a 400 invalid_csv answer, or null for any other failure. */
export function invalidCsvOf(error: unknown): InvalidCsv | null {
  if (!(error instanceof ServerError) || error.status !== 400 || error.code !== 'invalid_csv') return null;
  const body = isRecord(error.body) && isRecord(error.body.error) ? error.body.error : {};
  const errors = (Array.isArray(body.errors) ? body.errors : []).filter(isRecord).map((entry) => ({
    row: count(entry.row),
    column: typeof entry.column === 'string' && entry.column ? entry.column : null,
    message: text(entry.message),
  }));
  return {
    message: error.message,
    errors,
    errorCount: Math.max(errors.length, count(body.error_count)),
  };
}

/** GET /projects/{id}/batches/template.csv, saved as a file. */
export async function downloadTemplate(projectId: number): Promise<void> {
  const { blob, fileName } = await fetchFile(`/projects/${projectId}/batches/template.csv`);
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
