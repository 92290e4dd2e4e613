import { z } from 'zod';
import { FIELD_OUTCOMES } from '../analytics/field-values.ts';
import { BULK_CSV } from '../bulk/rules.ts';
import { Day, decimalNumber, Id, PG_INTEGER_MAX, Timestamp, wholeNumber } from '../inputs.ts';
import { FINAL_SCORE_MODES } from '../prompts/schema.ts';
import { TASK_STAGES, TASK_STATUSES } from './status.ts';
import { TaskErrorSchema } from './task-errors.ts';
import { DEFAULT_PRIORITY } from './upload.ts';

// Schemas of uploads and the analyses list; the routes are in ../routes/uploads.ts and analyses.ts.

/** An upload's metadata: names and values as long as a bulk CSV's columns and cells may be. */
export const UPLOAD_METADATA = { fieldsMax: 100, nameMax: 200, valueMax: BULK_CSV.maxValueLength } as const;
/** The longest metadata a form's JSON text part can hold within those limits. */
export const METADATA_JSON_MAX = 128 * 1024;

const Metadata = z
  .record(z.string().max(UPLOAD_METADATA.nameMax), z.string().max(UPLOAD_METADATA.valueMax))
  .refine((metadata) => Object.keys(metadata).length <= UPLOAD_METADATA.fieldsMax, {
    message: `At most ${UPLOAD_METADATA.fieldsMax} metadata fields.`,
  });

/** Form fields of a file or chunk upload (multipart text fields). `metadata` is a JSON object of strings. */
export const UploadFields = z.object({
  prompt_id: Id,
  priority: wholeNumber(0, 2).default(DEFAULT_PRIORITY),
  metadata: Metadata.default({}),
  scheduled_at: Timestamp.optional(),
  /** When the conversation took place (ISO time with a zone); else a metadata `date`, else the upload time. */
  conversation_at: Timestamp.optional(),
  force: z.boolean().default(false),
});

export const ChunkFields = UploadFields.extend({
  upload_id: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]{8,64}$/),
  chunk_index: wholeNumber(0, PG_INTEGER_MAX),
  chunk_total: wholeNumber(1, PG_INTEGER_MAX),
});

export const UrlUploadRequest = UploadFields.extend({
  url: z.string().trim().min(1).max(2048),
});

/** Spec 1 §3 Upload response. */
export const UploadResponse = z.object({
  data: z.object({
    duplicate: z.boolean().optional(),
    in_progress: z.boolean().optional(),
    restarted: z.boolean().optional(),
    /** The conversation was not analysed (its phone number is blacklisted); task_id is the skipped task. */
    skipped: z.boolean().optional(),
    task_id: z.number().int().optional(),
    existing_task_id: z.number().int().optional(),
    audio: z.object({ id: z.number().int() }).optional(),
  }),
  message: z.string(),
  analysis_url: z.string().optional(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

export const UploadPrompt = z.object({
  id: z.number().int(),
  name: z.string(),
  project_id: z.number().int(),
  /** Names of the metadata the prompt requires. */
  metadataFields: z.array(z.string()),
  /** When the newest completed analysis with this prompt was made; null when none has completed. */
  last_analysis_at: z.string().nullable().default(null),
});
export const UploadPromptListResponse = z.object({ data: z.array(UploadPrompt) });

export const TaskStatusSchema = z.enum(TASK_STATUSES);
export const TaskStageSchema = z.enum(TASK_STAGES);

export const AnalysisListQuery = z.object({
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, 100).default(25),
  from: Day.optional(),
  to: Day.optional(),
  prompt_id: Id.optional(),
  /** The number of the prompt's version the analyses ran with (scorecard version); needs prompt_id. */
  prompt_version: wholeNumber(1, PG_INTEGER_MAX).optional(),
  department: z.string().max(200).optional(),
  representative: z.string().max(200).optional(),
  status: TaskStatusSchema.optional(),
  score_min: decimalNumber(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER).optional(),
  score_max: decimalNumber(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER).optional(),
  /** Full-text search over title and transcript. */
  q: z.string().trim().max(200).optional(),
  /**
   * Analyses whose field (dotted path of the answering prompt's field, e.g. 'Discovery.Budget') has this
   * outcome (yes/no items) or this value (options, marks): what an analytics figure links to.
   */
  field: z.string().min(1).max(1000).optional(),
  field_outcome: z.enum(FIELD_OUTCOMES).optional(),
  field_value: z.string().max(500).optional(),
  /** 'true': only analyses a knockout answer failed (prompts/knockouts.ts). */
  knocked_out: z.literal('true').optional(),
  /** 'yes': only analyses with a submitted review by a person; 'no': only those without (reviews/). */
  reviewed: z.enum(['yes', 'no']).optional(),
  /** Only analyses that hit this tracker of the project (trackers/). */
  tracker_id: Id.optional(),
});

export const AnalysisListItem = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** When the conversation took place (see conversation-time.ts): what the list's date shows and sorts by. */
  conversation_at: z.string(),
  title: z.string().nullable(),
  representative: z.string().nullable(),
  department: z.string().nullable(),
  prompt_id: z.number().int().nullable(),
  prompt_name: z.string().nullable(),
  final_score: z.number().nullable(),
  /** How the final score was computed (the answering prompt's finalScore then); null before a result. */
  score_mode: z.enum(FINAL_SCORE_MODES).nullable(),
  duration_seconds: z.number().nullable(),
  status: TaskStatusSchema,
  stage: TaskStageSchema.nullable(),
  progress: z.number().min(0).max(100),
  /** Why it failed, waits for a retry or was skipped, in English. */
  error: z.string().nullable(),
  /** The same reason as a code with parameters (analyses/task-errors.ts), to show in the reader's language. */
  error_reason: TaskErrorSchema.nullable(),
  file_name: z.string().nullable(),
  /** The mean score of the submitted reviews by people; null without one (absent in the export). */
  human_score: z.number().nullable().optional(),
});
/** The analyses list counts matching rows up to this many; beyond it the total says "more than". */
export const ANALYSES_COUNT_CAP = 10_000;
/**
 * With a search word, up to this many: a search's matches are found by reading each row's words, so counting
 * 10,000 of a word said in half the calls read 20,000 rows (50–100 ms at a million analyses).
 */
export const ANALYSES_SEARCH_COUNT_CAP = 1_000;

/** How far the list counts the analyses a query matches. */
export const analysesCountCap = (query: { q?: string }) =>
  query.q ? ANALYSES_SEARCH_COUNT_CAP : ANALYSES_COUNT_CAP;

export const AnalysisListResponse = z.object({
  data: z.object({
    items: z.array(AnalysisListItem),
    /** Matching analyses, counted up to analysesCountCap (then this is the cap and total_capped is true). */
    total: z.number().int(),
    /** More analyses match than `total` says (counting every one of a million rows on each page is slow). */
    total_capped: z.boolean(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

/** A server-sent event about one task (status, stage or progress changed). */
export const TaskEvent = z.object({
  task_id: z.number().int(),
  status: TaskStatusSchema,
  stage: TaskStageSchema.nullable(),
  progress: z.number(),
});
