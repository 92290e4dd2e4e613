import {
  FIELD_TYPES,
  type FinalScoreResult,
  REVIEW_STATUSES,
  type ResultValue,
  type ReviewMoment,
  SAMPLING_RULE_KINDS,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects, prompts, promptVersions } from './projects.ts';
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

/**
 * The answers of submitted reviews the agreement ledger measures (modules/reviews/agreement-answers.ts), written
 * with the submission (a submitted review never changes): narrow, with the review's project, version, time and
 * reviewer beside each, and the values as their JSON text, so the ledger counts them without reading the reviews.
 */
export const reviewAgreementAnswers = pgTable(
  'review_agreement_answers',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    promptVersionId: integer('prompt_version_id')
      .notNull()
      .references(() => promptVersions.id, { onDelete: 'cascade' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewerName: text('reviewer_name').notNull(),
    path: text('path').notNull(),
    fieldType: text('field_type', { enum: FIELD_TYPES }).notNull(),
    aiValue: text('ai_value'),
    value: text('value'),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.path] }),
    // Covering (INCLUDE in the migration): the ledger's query reads no table rows through it.
    index('review_agreement_answers_version_idx').on(t.promptVersionId, t.submittedAt),
  ],
);

/**
 * A sampling rule (modules/reviews/sampling.ts): what it picks of each week's completed analyses and who it
 * assigns them to. The seed (random, never shown) makes the picks deterministic.
 */
export const samplingRules = pgTable(
  'sampling_rules',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: SAMPLING_RULE_KINDS }).notNull(),
    perRepresentative: integer('per_representative'),
    scoreBelow: numeric('score_below', { mode: 'number' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    /** `unsure` only: the field of the prompt the model must have been unsure of (null: any field). */
    fieldPath: text('field_path'),
    department: text('department'),
    since: date('since', { mode: 'string' }),
    until: date('until', { mode: 'string' }),
    reviewerIds: integer('reviewer_ids').array().notNull().default(sql`'{}'`),
    weeklyGoal: integer('weekly_goal'),
    enabled: boolean('enabled').notNull().default(true),
    seed: text('seed').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The creator's name when made (kept when the account goes). */
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  },
  (t) => [index('sampling_rules_project_idx').on(t.projectId)],
);

/**
 * An analysis a rule gave a reviewer to review in a week (Monday, the project's timezone); at most one per
 * analysis. Its status is derived from the reviewer's review of the analysis, never stored.
 */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => samplingRules.id, { onDelete: 'set null' }),
    /** The rule's name (kept when the rule is deleted). */
    ruleName: text('rule_name').notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_assignments_task_key').on(t.taskId),
    // The overview of a week (per reviewer) and the caller's queue.
    index('review_assignments_project_week_reviewer_idx').on(t.projectId, t.week, t.reviewerId),
    index('review_assignments_reviewer_week_idx').on(t.reviewerId, t.week),
    // A rule's assignments of a week (its quotas and goals).
    index('review_assignments_rule_week_idx').on(t.ruleId, t.week),
  ],
);
