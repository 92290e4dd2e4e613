import { ANALYTICS_VALUE_TYPES, FIELD_OUTCOMES } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';

/**
 * Every scored or categorical field value of every completed analysis (contracts analytics/field-values.ts),
 * one row each, plus the analysis's final score (path 'Final Score'): what the dashboards aggregate.
 * Written with the task's completion; representative, department and the day follow the task's.
 */
export const analysisFieldValues = pgTable(
  'analysis_field_values',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The prompt that answered (a classification's chosen prompt); no reference, so deleting it keeps history. */
    promptId: integer('prompt_id').notNull(),
    /** The version that answered (no reference: versions go only with their project, as these rows do). */
    promptVersionId: integer('prompt_version_id'),
    /** Dotted path, 'Discovery.Budget' (the UI shows 'Discovery - Budget'). */
    path: text('path').notNull(),
    valueType: text('value_type', { enum: ANALYTICS_VALUE_TYPES }).notNull(),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
    value: text('value'),
    outcome: text('outcome', { enum: FIELD_OUTCOMES }),
    inScore: boolean('in_score').notNull().default(false),
    /** The answer knocked the analysis out (the final score's row: any answer did); contracts knockouts.ts. */
    knockout: boolean('knockout').notNull().default(false),
    representative: text('representative'),
    department: text('department'),
    /** The day the analysis was made (its task's creation), in the project's time zone. */
    analysisDate: date('analysis_date', { mode: 'string' }).notNull(),
    /**
     * The final score's row: the units charged for the analysis. Migration 0015's trigger copies them from the
     * task when a final score is inserted without them (the task is charged before it completes).
     */
    unitsMilli: integer('units_milli'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.path] }),
    // The explorer's values of one field of a prompt over days (lowest and highest scores, categories). Migration
    // 0015 adds INCLUDE (value_type, score, value, representative, department), so it reads no table rows
    // (drizzle cannot express INCLUDE).
    index('analysis_field_values_field_idx').on(t.projectId, t.promptId, t.path, t.analysisDate),
    // The newest analyses of a period (the dashboard); INCLUDE (prompt_id, score, representative, department)
    // in migration 0015.
    index('analysis_field_values_final_idx')
      .on(t.projectId, t.analysisDate, t.taskId)
      .where(sql`${t.valueType} = 'final'`),
  ],
);

/** The one-off copy of analyses completed before analytics existed into analysis_field_values. */
export const analyticsBackfill = pgTable('analytics_backfill', {
  id: integer('id').primaryKey().default(1),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
