import { BATCH_ITEM_STATUSES, BATCH_STATUSES } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { apiKeys } from './access.ts';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects, prompts } from './projects.ts';
import { tasks } from './tasks.ts';

/**
 * A bulk upload: one CSV file whose rows (batch_items) are downloaded and analysed in the background.
 * The counters and the status are recomputed from the items and their tasks (modules/batches/progress.ts).
 */
export const uploadBatches = pgTable(
  'upload_batches',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The API key the CSV was uploaded with. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    priority: integer('priority').notNull().default(1),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: BATCH_STATUSES }).notNull().default('pending'),
    totalItems: integer('total_items').notNull(),
    /** Items whose analysis completed or was skipped. */
    processedItems: integer('processed_items').notNull().default(0),
    /** Items that failed (download, refusal) or whose analysis failed. */
    failedItems: integer('failed_items').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('upload_batches_project_created_idx').on(t.projectId, t.createdAt)],
);

/** One row of a bulk CSV: its link and metadata, then the analysis task made from it (or why not). */
export const batchItems = pgTable(
  'batch_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => uploadBatches.id, { onDelete: 'cascade' }),
    /** The row in the CSV file (header = 1). */
    rowNumber: integer('row_number').notNull(),
    url: text('url').notNull(),
    type: text('type').notNull(),
    /** Normalised date text of the row, if it had one. */
    date: text('date'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /**
     * What a team leader's view of the row goes by: the representative and department its analysis gets (the
     * metadata with the rep mapping of the upload's time), then those of the analysis it made or was linked to.
     */
    representative: text('representative'),
    department: text('department'),
    status: text('status', { enum: BATCH_ITEM_STATUSES }).notNull().default('pending'),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** What the batch's counters count this item as now; a refresh applies the difference (O(1)). */
    countedAs: text('counted_as', { enum: ['none', 'processed', 'failed'] })
      .notNull()
      .default('none'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('batch_items_batch_row_idx').on(t.batchId, t.rowNumber),
    index('batch_items_task_idx').on(t.taskId),
    // A team leader's rows of a batch (batches/visibility.ts compares lower-cased names).
    index('batch_items_batch_dept_idx').on(t.batchId, sql`lower(${t.department})`),
    index('batch_items_batch_rep_idx').on(t.batchId, sql`lower(${t.representative})`),
  ],
);

/** A project's blacklisted phone numbers, normalised (normalizePhone in contracts), unique per project. */
export const blacklistEntries = pgTable(
  'blacklist_entries',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blacklist_entries_project_phone_key').on(t.projectId, t.phoneNumber),
    index('blacklist_entries_project_created_idx').on(t.projectId, t.createdAt),
  ],
);
