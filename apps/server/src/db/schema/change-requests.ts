import {
  CHANGE_REQUEST_KINDS,
  CHANGE_REQUEST_STATUSES,
  FIELD_TYPES,
  type FieldValue,
  type ResultValue,
} from '@parley/contracts';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects, prompts } from './projects.ts';
import { tasks } from './tasks.ts';

/** A value a change request proposes and a correction sets (a correctable field's: contracts values.ts). */
type CorrectedValue = z.infer<typeof FieldValue>;

export interface TranscriptMomentData {
  seconds?: number | null;
  quote?: string | null;
}

/**
 * A member's dispute of a completed analysis (modules/change-requests): result fields to correct (its items)
 * or a re-analysis with another prompt; open until a reviewer approves or rejects it.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHANGE_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: CHANGE_REQUEST_STATUSES }).notNull().default('open'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    transcriptMoment: jsonb('transcript_moment').$type<TranscriptMomentData>(),
    /** kind reanalyze: the prompt to analyse again with. */
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReason: text('review_reason'),
    /** kind reanalyze, approved: the analysis that was started. */
    reanalysisTaskId: integer('reanalysis_task_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('change_requests_project_status_idx').on(t.projectId, t.status, t.id),
    index('change_requests_project_requester_idx').on(t.projectId, t.requestedBy, t.id),
    index('change_requests_task_idx').on(t.taskId),
  ],
);

/** One disputed field of a change request: the value when asked, the proposal and what was approved. */
export const changeRequestItems = pgTable(
  'change_request_items',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => changeRequests.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Dotted path in the result's values. */
    path: text('path').notNull(),
    fieldType: text('field_type', { enum: FIELD_TYPES }).notNull(),
    /** The value in the result when the request was made (null: none). */
    aiValue: jsonb('ai_value').$type<ResultValue>(),
    proposedValue: jsonb('proposed_value').$type<CorrectedValue>().notNull(),
    approvedValue: jsonb('approved_value').$type<CorrectedValue>(),
  },
  (t) => [
    index('change_request_items_request_idx').on(t.requestId),
    index('change_request_items_task_path_idx').on(t.taskId, t.path),
    index('change_request_items_path_idx').on(t.path),
  ],
);

/**
 * The audit trail of corrected result values: who set which value of an analysis instead of the AI's, when
 * and why. The task's result holds the corrected value; ai_value is the model's.
 */
export const analysisCorrections = pgTable(
  'analysis_corrections',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** The value the model gave (the first correction's previous value). */
    aiValue: jsonb('ai_value').$type<ResultValue>(),
    /** The value before this correction. */
    previousValue: jsonb('previous_value').$type<ResultValue>(),
    value: jsonb('value').$type<CorrectedValue>(),
    correctedBy: integer('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    /** The reviewer's name then (kept when the account goes). */
    correctedByName: text('corrected_by_name').notNull(),
    reason: text('reason').notNull(),
    requestId: integer('request_id').references(() => changeRequests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('analysis_corrections_task_path_idx').on(t.taskId, t.path),
    index('analysis_corrections_project_idx').on(t.projectId, t.path),
  ],
);
