import { z } from 'zod';
import { AnalysisCorrection } from '../change-requests/api.ts';
import { Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';
import { LVA_OPTIONS } from '../prompts/units.ts';
import { TaskStageSchema, TaskStatusSchema } from './api.ts';
import { CONVERSATION_TIME_SOURCES } from './conversation-time.ts';
import { ChatMetrics, ConversationMetrics } from './metrics.ts';
import { SpeakerRoles } from './roles.ts';
import { AnalysisPromptData, AnalysisResult, LVA_STATUSES, ResultValues } from './stored.ts';
import { TaskErrorSchema } from './task-errors.ts';

// Schemas of the analysis detail, the failed tasks and the chunk acknowledgement (routes: ../routes/).

export const TaskParams = z.object({
  id: Id,
  taskId: Id,
});

/** Answer to every chunk but the one that completes the set (that one answers UploadResponse). */
export const ChunkReceivedResponse = z.object({
  data: z.object({
    /** Chunks of this upload id stored so far. */
    received: z.number().int(),
    total: z.number().int(),
  }),
});

export const MEDIA_KINDS = ['audio', 'video', 'text'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * One piece of a transcript or one message of a chat; times in seconds from the start of the recording
 * (of a chat: from its first message), null for a chat message without a time.
 */
export const TranscriptSegment = z.object({
  start: z.number().nullable(),
  end: z.number().nullable(),
  text: z.string(),
  speaker: z.string().nullable(),
});
export type TranscriptSegment = z.infer<typeof TranscriptSegment>;

export const AnalysisMedia = z.object({
  id: z.number().int(),
  file_name: z.string(),
  kind: z.enum(MEDIA_KINDS),
  content_type: z.string(),
  size_bytes: z.number().int(),
  duration_seconds: z.number().nullable(),
  channels: z.number().int().nullable(),
  has_video: z.boolean(),
  source_url: z.string().nullable(),
  /** GET this (same session) to play or download the file; it answers Range requests. */
  url: z.string(),
});

export const AnalysisPromptInfo = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  /** `snapshot`: the prompt as the analysis ran with it; `current`: not analysed yet, the prompt as it is now. */
  source: z.enum(['snapshot', 'current']),
  /** The number of the prompt's version the analysis ran with (snapshot); null before it ran. */
  version: z.number().int().nullable().optional(),
  data: AnalysisPromptData,
});

/**
 * The voice analysis (LVA) of a task whose prompt asks for one: completed (Emotion Logic's report), failed
 * (the analysis completed without it and without its surcharge), not_configured (the server has no
 * Emotion Logic credentials) or not_applicable (a text conversation has no recording).
 */
export const LvaResult = z.object({
  status: z.enum(LVA_STATUSES),
  option: z.enum(LVA_OPTIONS),
  /** completed: who analysed it ('emlo'), our request id and the report as the provider sent it. */
  provider: z.string().optional(),
  requestId: z.string().optional(),
  report: z.unknown().optional(),
  /** failed: what went wrong. */
  error: z.string().optional(),
  /** not_applicable: why. */
  reason: z.string().optional(),
});
export type LvaResult = z.infer<typeof LvaResult>;

export const AnalysisDetail = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  status: TaskStatusSchema,
  stage: TaskStageSchema.nullable(),
  progress: z.number(),
  priority: z.number().int(),
  scheduled_at: z.string().nullable(),
  /** The upload time. */
  created_at: z.string(),
  /** When the conversation took place, and where that came from (conversation-time.ts). */
  conversation_at: z.string(),
  conversation_at_source: z.enum(CONVERSATION_TIME_SOURCES),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  attempts: z.number().int(),
  title: z.string().nullable(),
  representative: z.string().nullable(),
  department: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  final_score: z.number().nullable(),
  /** Units charged for this analysis (3 decimals), null until charged. */
  units_charged: z.number().nullable(),
  /** Why it failed, waits for a retry or was skipped, in English. */
  error: z.string().nullable(),
  /** The same reason as a code with parameters (analyses/task-errors.ts), to show in the reader's language. */
  error_reason: TaskErrorSchema.nullable(),
  prompt_id: z.number().int().nullable(),
  prompt: AnalysisPromptInfo.nullable(),
  media: AnalysisMedia,
  /** Segments of an audio or video transcript, or a chat's messages; null until transcribed (and for chats analysed before they were kept). */
  transcript: z.array(TranscriptSegment).nullable(),
  /** The plain transcript (for text conversations, the conversation itself). */
  transcript_text: z.string().nullable(),
  /**
   * The analysis by the prompt's fields (stored.ts AnalysisResult); the oldest results, stored as the values
   * themselves, are sent as they are (read either with readStoredResult).
   */
  // (null on each side: OpenAPI 3.0 wants a type beside 'nullable', which a union has not)
  result: z.union([AnalysisResult.nullable(), ResultValues.nullable()]),
  /** Conversation metrics of a transcribed recording or of a chat (kind 'chat'); null before either. */
  // (null on each side: OpenAPI 3.0 wants a type beside 'nullable', which a union has not)
  metrics: z.union([ChatMetrics.nullable(), ConversationMetrics.nullable()]),
  /** Who each speaker is and the metrics per role; null before the analysis, or when nobody is told apart. */
  speaker_roles: SpeakerRoles.nullable(),
  /** Null when the prompt asks for no voice analysis, or before it ran. */
  lva: LvaResult.nullable(),
  /** Approved corrections of result fields, oldest first; result holds the corrected values. */
  corrections: z.array(AnalysisCorrection).optional(),
  /**
   * When the project's retention deleted the transcript and the result (ISO time); the score and analytics stay.
   * Null otherwise.
   */
  expired_at: z.string().nullable().optional(),
  /** Whether the project keeps this analysis's transcript before redaction (admins and owners may read it). */
  has_original_transcript: z.boolean().optional(),
  /** Whether the recording as uploaded is kept beside its redacted copy (admins and owners may download it). */
  has_original_media: z.boolean().optional(),
});
export type AnalysisDetail = z.infer<typeof AnalysisDetail>;
export const AnalysisDetailResponse = z.object({ data: AnalysisDetail });

export const ReanalyzeRequest = z.object({ prompt_id: Id });

export const FailedTaskListQuery = z.object({
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, 100).default(25),
});

export const FailedTask = z.object({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  title: z.string().nullable(),
  file_name: z.string(),
  prompt_id: z.number().int().nullable(),
  prompt_name: z.string().nullable(),
  /** The stage that failed. */
  stage: TaskStageSchema.nullable(),
  /** Why it failed, waits for a retry or was skipped, in English. */
  error: z.string().nullable(),
  /** The same reason as a code with parameters (analyses/task-errors.ts), to show in the reader's language. */
  error_reason: TaskErrorSchema.nullable(),
  attempts: z.number().int(),
});
export const FailedTaskListResponse = z.object({
  data: z.object({
    items: z.array(FailedTask),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /**
     * Rows of the project's bulk uploads that failed before an analysis was made (a link that could not be
     * downloaded, a refused file): they have no task to list here, and are read on the bulk upload page.
     */
    failed_batch_rows: z.number().int(),
  }),
});

export const RetryTasksRequest = z.object({
  task_ids: z.array(Id).min(1).max(500),
});
export const RetryTasksResponse = z.object({ data: z.object({ retried: z.number().int() }) });
