import {
  type AnalysisMetrics,
  CONVERSATION_TIME_SOURCES,
  FINAL_SCORE_MODES,
  type SpeakerRoles,
  type StoredLva,
  type StoredResultColumn,
  type StoredTranscript,
  TASK_STAGES,
  TASK_STATUSES,
  type TaskError,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './access.ts';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects, prompts, promptVersions } from './projects.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A numeric read and written as a finite number: a stored value no finite number holds (Infinity, NaN, beyond
 * ±1.8e308) reads as null, and a non-finite number is written as null, so one bad score cannot break the
 * pages that show it.
 */
const finiteNumeric = customType<{ data: number | null; driverData: string | null }>({
  dataType: () => 'numeric',
  fromDriver: (value) => (Number.isFinite(Number(value)) ? Number(value) : null),
  toDriver: (value) => (value !== null && Number.isFinite(value) ? String(value) : null),
});

/** A stored recording or text conversation. Content is addressed by its SHA-256 for duplicate detection. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Where the storage keeps the bytes (relative key, never a machine path). */
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    kind: text('kind', { enum: ['audio', 'video', 'text'] }).notNull(),
    sourceUrl: text('source_url'),
    /** Filled by the media stage from the decoded samples. */
    durationMs: integer('duration_ms'),
    channels: integer('channels'),
    /** When the bytes were deleted from storage (a conversation skipped by the blacklist); the row stays. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * When the project's redaction replaced the bytes with a copy that has a tone where personal data was said
     * (storage_key, content_type and size_bytes are then the copy's; sha256 stays the upload's, for duplicates).
     */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
    /** The recording as uploaded, kept beside a redacted copy when the project keeps originals; never served. */
    originalStorageKey: text('original_storage_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_files_project_sha_idx').on(t.projectId, t.sha256),
    // Retention and its preview (modules/privacy): a project's stored files by upload time, removed ones left out.
    index('media_files_retention_idx').on(t.projectId, t.createdAt).where(sql`${t.removedAt} IS NULL`),
  ],
);

/** One analysis of one conversation with one prompt, through the stages media -> transcription -> analysis. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    mediaId: bigint('media_id', { mode: 'number' })
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The API key the task was uploaded with (media keys read only their own tasks). */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('queued'),
    stage: text('stage', { enum: TASK_STAGES }),
    progress: integer('progress').notNull().default(0),
    priority: integer('priority').notNull().default(1),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** Denormalised from metadata and result for filters and the list. */
    title: text('title'),
    representative: text('representative'),
    department: text('department'),
    finalScore: finiteNumeric('final_score'),
    /** How the final score was computed (the result's score.mode), kept beside it so the list never reads the result. */
    scoreMode: text('score_mode', { enum: FINAL_SCORE_MODES }),
    /**
     * The dotted paths of the fields the model said it was unsure of (the result's evidence), kept beside it so
     * that the `unsure` sampling rule never reads the result; null for analyses completed before it was kept.
     * Corrections leave it as the model answered.
     */
    unsurePaths: text('unsure_paths').array(),
    /** The prompt as the analysis runs with it (prompts change later); set when the run starts. */
    promptVersionId: integer('prompt_version_id').references(() => promptVersions.id),
    /** A classification prompt's choice: the prompt that then analysed the conversation, as it ran. */
    chosenPromptVersionId: integer('chosen_prompt_version_id').references(() => promptVersions.id),
    /**
     * A recording's segments or a chat's messages (contracts stored.ts: older rows hold older shapes, read
     * them with readTranscript).
     */
    transcript: jsonb('transcript').$type<StoredTranscript>(),
    transcriptText: text('transcript_text'),
    /**
     * The transcript before redaction, kept only when the project keeps originals (privacy settings);
     * readable by admins and owners, each reading audited.
     */
    transcriptOriginal: jsonb('transcript_original').$type<StoredTranscript>(),
    /**
     * When the project's retention deleted the transcript and the result (privacy settings): the analysis stays
     * listed with its score, and its analytics rows stay.
     */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The analysis (contracts stored.ts: older rows hold older shapes, read them with readStoredResult). */
    result: jsonb('result').$type<StoredResultColumn>(),
    /** A recording's or a chat's conversation metrics (contracts metrics.ts). */
    metrics: jsonb('metrics').$type<AnalysisMetrics>(),
    /** Who each speaker is and the metrics per role (contracts SpeakerRoles); null: no speaker labels. */
    speakerRoles: jsonb('speaker_roles').$type<SpeakerRoles>(),
    /** The voice analysis, when the prompt asks for one (contracts StoredLva; read it with readStoredLva). */
    lva: jsonb('lva').$type<StoredLva>(),
    /**
     * What the analysis pipeline has finished so far (per-stage outputs it resumes from after a crash or a
     * retry: decoded media facts, transcribed chunks, the classification step). Owned by modules/pipeline.
     */
    pipeline: jsonb('pipeline').$type<Record<string, unknown>>().notNull().default({}),
    unitsChargedMilli: integer('units_charged_milli'),
    /** Why the task failed, waits for a retry or was skipped: a code with parameters (contracts task-errors.ts). */
    errorReason: jsonb('error_reason').$type<TaskError>(),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Kept in the row (STORAGE MAIN, set by migration 0028: drizzle has no word for it) so that testing it row by
     * row, as the list does, reads no TOAST.
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(transcript_text, ''))`,
    ),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the conversation took place: what lists, dashboards and analytics date the analysis by. */
    conversationAt: timestamp('conversation_at', { withTimezone: true }).notNull().defaultNow(),
    conversationAtSource: text('conversation_at_source', { enum: CONVERSATION_TIME_SOURCES })
      .notNull()
      .default('upload'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's pages walk this index newest first. What its filters and visibility test follows the key
    // (id makes it unique, so the columns after it only ride along, like INCLUDE), so a page's ids and the rows
    // skipped before them are read from the index alone (index-only), never from the table and its TOAST.
    index('tasks_project_conversation_idx').on(
      t.projectId,
      t.conversationAt,
      t.id,
      t.status,
      t.finalScore,
      t.department,
      t.representative,
      t.promptId,
      t.chosenPromptVersionId,
    ),
    index('tasks_project_status_idx').on(t.projectId, t.status),
    index('tasks_media_idx').on(t.mediaId),
    // Deleting a project deletes its prompt versions: each one's referencing tasks are looked up.
    index('tasks_prompt_version_idx').on(t.promptVersionId),
    index('tasks_chosen_prompt_version_idx')
      .on(t.chosenPromptVersionId)
      .where(sql`${t.chosenPromptVersionId} IS NOT NULL`),
    // The project is part of the search index (btree_gin), so a word frequent elsewhere costs nothing here.
    index('tasks_project_search_idx').using('gin', t.projectId, t.search),
    // The list's representative and department filters compare lower-cased names; a department is often
    // asked with a minimum score. The names themselves are in the index too: PostgreSQL reads an expression
    // index only (without the table) when the columns the expression is made of are in it as well.
    index('tasks_project_rep_idx').on(
      t.projectId,
      sql`lower(${t.representative})`,
      t.conversationAt,
      t.id,
      t.representative,
    ),
    index('tasks_project_dept_score_idx').on(
      t.projectId,
      sql`lower(${t.department})`,
      t.finalScore,
      t.department,
    ),
    // Retention and its preview (modules/tasks/expire.ts): a project's analyses not expired yet by creation time;
    // the status rides along so that counting them reads the index alone.
    index('tasks_retention_idx').on(t.projectId, t.createdAt, t.status).where(sql`${t.expiredAt} IS NULL`),
    // The `unsure` sampling rule (modules/reviews/sampling.ts): a project's analyses with a field the model was
    // unsure of, by completion.
    index('tasks_unsure_idx').on(t.projectId, t.completedAt).where(sql`cardinality(${t.unsurePaths}) > 0`),
    index('tasks_api_key_idx').on(t.apiKeyId, t.conversationAt).where(sql`${t.apiKeyId} IS NOT NULL`),
  ],
);
