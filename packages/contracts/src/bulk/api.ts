import { z } from 'zod';
import { TaskStatusSchema } from '../analyses/api.ts';
import { TaskErrorSchema } from '../analyses/task-errors.ts';
import { DEFAULT_PRIORITY } from '../analyses/upload.ts';
import { RequestId } from '../api.ts';
import { Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';
import { BATCH_ITEM_STATUSES, BATCH_STATUSES } from './rules.ts';

// Schemas of the bulk upload; the routes are in ../routes/batches.ts.

/** Multipart text fields of a bulk upload. */
export const BatchCreateFields = z.object({
  prompt_id: Id,
  priority: wholeNumber(0, 2).default(DEFAULT_PRIORITY),
});

export const BatchCreateResponse = z.object({
  data: z.object({ batch_id: z.number().int() }),
  message: z.string(),
});

export const CsvRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});

/** 400 answer of a CSV that is refused: the usual error body plus the problems found. */
export const InvalidCsvResponse = z.object({
  error: z.object({
    code: z.literal('invalid_csv'),
    message: z.string(),
    /** At most BULK_CSV.maxReportedErrors problems, in row order. */
    errors: z.array(CsvRowErrorSchema),
    /** How many problems there are in all. */
    error_count: z.number().int(),
  }),
  request_id: RequestId,
});

export const BatchStatusSchema = z.enum(BATCH_STATUSES);

/** Spec 1 §3 Upload batch. */
export const UploadBatch = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  file_name: z.string(),
  status: BatchStatusSchema,
  total_items: z.number().int(),
  processed_items: z.number().int(),
  failed_items: z.number().int(),
  prompt_id: z.number().int().nullable(),
  priority: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UploadBatch = z.infer<typeof UploadBatch>;

export const BatchListQuery = z.object({
  limit: wholeNumber(1, 200).default(50),
});
export const BatchListResponse = z.object({ data: z.array(UploadBatch) });

export const BatchParams = z.object({
  id: Id,
  batchId: Id,
});

export const BatchItemStatusSchema = z.enum(BATCH_ITEM_STATUSES);

/** One CSV row of a batch, and its analysis once created. */
export const BatchItem = z.object({
  id: z.number().int(),
  /** The row in the CSV file (the header is row 1). */
  row: z.number().int(),
  url: z.string(),
  type: z.string(),
  date: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  status: BatchItemStatusSchema,
  task_id: z.number().int().nullable(),
  task_status: TaskStatusSchema.nullable(),
  /** Why the item or its analysis failed or was skipped, in English. */
  error: z.string().nullable(),
  /**
   * When the reason is its analysis's: the same reason as a code with parameters (analyses/task-errors.ts), to
   * show in the reader's language. Null for the item's own reasons (a refused or failed download).
   */
  error_reason: TaskErrorSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BatchItem = z.infer<typeof BatchItem>;

export const BatchItemListQuery = z.object({
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, 1000).default(100),
  status: BatchItemStatusSchema.optional(),
});
export const BatchItemListResponse = z.object({
  data: z.object({
    /** The batch as it was after these rows were read, so that its status and progress never lag behind them. */
    batch: UploadBatch,
    items: z.array(BatchItem),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

/** A server-sent `event: batch` (GET /projects/{id}/analyses/events): a batch or one of its rows changed. */
export const BatchEvent = z.object({ batch_id: z.number().int() });
export type BatchEvent = z.infer<typeof BatchEvent>;
