import { sql } from 'drizzle-orm';
import {
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
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';

/**
 * A calibration session (modules/reviews/calibration.ts): several reviewers review one analysis blind, then see
 * each other's answers. Open until every participant submitted or an admin closed it; one open per analysis.
 */
export const calibrationSessions = pgTable(
  'calibration_sessions',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The creator's name when made (kept when the account goes). */
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calibration_sessions_open_task_key').on(t.taskId).where(sql`${t.closedAt} IS NULL`),
    // The list: open first, newest first, per project.
    index('calibration_sessions_project_closed_idx').on(t.projectId, t.closedAt, t.id),
  ],
);

/** A reviewer of a calibration session; whether they submitted is read from their review of the analysis. */
export const calibrationParticipants = pgTable(
  'calibration_participants',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => calibrationSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The participant's name when added (shown as is). */
    userName: text('user_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index('calibration_participants_user_idx').on(t.userId),
  ],
);
