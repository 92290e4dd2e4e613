import { PROVIDERS, TOPIC_RUN_STAGES, TOPIC_RUN_STATUSES, TOPIC_RUN_TRIGGERS } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';

/**
 * A topic run (modules/topics): the analysed conversations of a period and of the period before it, grouped by
 * their summaries in process and named by one model call. Its price is held in billing_holds while it runs and
 * charged once it completes.
 */
export const topicRuns = pgTable(
  'topic_runs',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: TOPIC_RUN_TRIGGERS }).notNull(),
    status: text('status', { enum: TOPIC_RUN_STATUSES }).notNull().default('queued'),
    stage: text('stage', { enum: TOPIC_RUN_STAGES }).notNull().default('queued'),
    /** The period (project days, both included) and the period of the same length before it. */
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    previousStartDate: date('previous_start_date').notNull(),
    previousEndDate: date('previous_end_date').notNull(),
    conversations: integer('conversations'),
    previousConversations: integer('previous_conversations'),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    model: text('model').notNull(),
    /** Held while it runs; charged once completed; 0 when failed. */
    unitsMilli: integer('units_milli').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('topic_runs_project_idx').on(t.projectId, t.id),
    // The monthly schedule starts one run per project and month, however often its job runs.
    uniqueIndex('topic_runs_monthly_key').on(t.projectId, t.startDate).where(sql`${t.trigger} = 'monthly'`),
  ],
);

/** One topic of a completed run, in the order the run ranks them (most conversations first). */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => topicRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    count: integer('count').notNull(),
    previousCount: integer('previous_count').notNull(),
    emerging: boolean('emerging').notNull(),
    phrases: text('phrases').array().notNull(),
    terms: text('terms').array().notNull(),
  },
  (t) => [index('topics_run_idx').on(t.runId, t.position)],
);

/**
 * A conversation typical of a topic. Deleting the analysis (by hand, retention, a person's erasure) deletes
 * the example with it, so a topic never points at a conversation that is gone.
 */
export const topicExamples = pgTable(
  'topic_examples',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.taskId] }), index('topic_examples_task_idx').on(t.taskId)],
);

/** Whether a project runs topics every month (opt-in: a run is paid). */
export const topicSettings = pgTable('topic_settings', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  monthly: boolean('monthly').notNull(),
  updatedAt: updatedAt(),
});
