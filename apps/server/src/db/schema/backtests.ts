import { BACKTEST_STATUSES, type FieldValues } from '@parley/contracts';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects, prompts, promptVersions } from './projects.ts';
import { reviews } from './reviews.ts';
import { tasks } from './tasks.ts';

export const BACKTEST_ITEM_STATUSES = ['pending', 'done', 'failed'] as const;

/**
 * A draft's backtest (modules/backtests): the last reviewed conversations of the prompt analysed again with
 * the draft as it was when started (`draft`, `versionHash`), in the background. Its price is held in
 * billing_holds while it runs and charged for the conversations analysed once it completes.
 */
export const backtests = pgTable(
  'backtests',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    promptId: integer('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => promptVersions.id, { onDelete: 'cascade' }),
    /** The draft's hash when started: a different hash now means the draft was saved again since. */
    versionHash: text('version_hash').notNull(),
    /** The draft's data when started (the pipeline's PromptSnapshot), which the job analyses with. */
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    /** The catalog's units of the draft's model when started (milli-units): the price of one conversation. */
    modelUnitsMilli: integer('model_units_milli').notNull(),
    status: text('status', { enum: BACKTEST_STATUSES }).notNull().default('queued'),
    conversations: integer('conversations').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
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
  (t) => [index('backtests_version_idx').on(t.versionId, t.id)],
);

/** One conversation of a backtest: the reviewed analysis, and the draft's answer once analysed. */
export const backtestItems = pgTable(
  'backtest_items',
  {
    id: serial('id').primaryKey(),
    backtestId: integer('backtest_id')
      .notNull()
      .references(() => backtests.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    status: text('status', { enum: BACKTEST_ITEM_STATUSES }).notNull().default('pending'),
    values: jsonb('values').$type<FieldValues>(),
    error: text('error'),
  },
  (t) => [uniqueIndex('backtest_items_backtest_task_key').on(t.backtestId, t.taskId)],
);
