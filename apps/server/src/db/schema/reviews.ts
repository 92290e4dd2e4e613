import {
  FIELD_TYPES,
  type FinalScoreResult,
  REVIEW_STATUSES,
  type ResultValue,
  type ReviewMoment,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects, promptVersions } from './projects.ts';
import { tasks } from './tasks.ts';

/**
 * A person's review of an analysis (modules/reviews): a draft until submitted, one per reviewer and analysis.
 * The human score is computed like the AI's over the reviewer's answers and kept with how it came about.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reviewer's name when saved (kept when the account goes). */
    reviewerName: text('reviewer_name').notNull(),
    promptVersionId: integer('prompt_version_id').references(() => promptVersions.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('draft'),
    comment: text('comment'),
    moments: jsonb('moments').$type<ReviewMoment[]>().notNull().default([]),
    aiScore: numeric('ai_score', { mode: 'number' }),
    score: numeric('score', { mode: 'number' }),
    scoreDetail: jsonb('score_detail').$type<z.output<typeof FinalScoreResult>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedByName: text('acknowledged_by_name'),
  },
  (t) => [
    uniqueIndex('reviews_task_reviewer_key').on(t.taskId, t.reviewerId),
    // The analyses list's Reviewed filter and human score: a probe per analysis.
    index('reviews_submitted_task_idx').on(t.taskId, t.score).where(sql`${t.status} = 'submitted'`),
    index('reviews_project_submitted_idx').on(t.projectId, t.submittedAt),
  ],
);

/** One field of a review: the AI's answer when saved, the reviewer's, and a comment. */
export const reviewAnswers = pgTable(
  'review_answers',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    /** Dotted path in the result's values. */
    path: text('path').notNull(),
    fieldType: text('field_type', { enum: FIELD_TYPES }).notNull(),
    aiValue: jsonb('ai_value').$type<ResultValue>(),
    value: jsonb('value').$type<ResultValue>(),
    comment: text('comment'),
  },
  (t) => [uniqueIndex('review_answers_review_path_key').on(t.reviewId, t.path)],
);
