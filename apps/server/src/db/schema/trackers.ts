import {
  TRACKER_KINDS,
  TRACKER_RUN_STATUSES,
  TRACKER_SPEAKERS,
  TRACKER_WINDOW_EDGES,
  type TrackerMoment,
  UI_LANGUAGES,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';

/**
 * A project's tracker (modules/trackers): words and phrases an analysis's transcript is searched for. `revision`
 * goes up whenever what it matches changes (language, phrases, speaker, window); the apply columns say how far
 * the background job has applied that revision to the project's past analyses (`apply_after`: the last task id
 * it finished, where a resumed run continues). A smart tracker (`statement`) has no phrases; its apply columns
 * stay as created: its runs over past analyses are `tracker_runs`, priced.
 */
export const trackers = pgTable(
  'trackers',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TRACKER_KINDS }).notNull().default('keywords'),
    name: text('name').notNull(),
    language: text('language', { enum: UI_LANGUAGES }).notNull(),
    phrases: text('phrases').array().notNull(),
    speaker: text('speaker', { enum: TRACKER_SPEAKERS }).notNull().default('anyone'),
    windowEdge: text('window_edge', { enum: TRACKER_WINDOW_EDGES }),
    windowSeconds: integer('window_seconds'),
    /** A smart tracker's statement (migration 0051); null for keyword trackers. */
    statement: text('statement'),
    revision: integer('revision').notNull().default(1),
    /** The revision the apply columns are about (the last one started). */
    appliedRevision: integer('applied_revision').notNull().default(0),
    applyAfter: integer('apply_after').notNull().default(0),
    applyDone: integer('apply_done').notNull().default(0),
    applyTotal: integer('apply_total').notNull().default(0),
    applyFinishedAt: timestamp('apply_finished_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('trackers_project_name_idx').on(t.projectId, sql`lower(${t.name})`)],
);

/**
 * An analysis's hits of one tracker: how many pieces of its transcript hit it and the first
 * TRACKERS.momentsMax of them. Only completed analyses with a transcript have rows (a restart, retention and
 * erasure delete them).
 */
export const trackerHits = pgTable(
  'tracker_hits',
  {
    trackerId: integer('tracker_id')
      .notNull()
      .references(() => trackers.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** The task's project (no key of its own: the tracker and the task go with the project). */
    projectId: integer('project_id').notNull(),
    hits: integer('hits').notNull(),
    moments: jsonb('moments').$type<TrackerMoment[]>().notNull(),
  },
  // The primary key serves the list's filter (one probe per analysis) and a tracker's counts (index-only);
  // the task's index serves its analysis page, its replacement and the task's deletion.
  (t) => [primaryKey({ columns: [t.trackerId, t.taskId] }), index('tracker_hits_task_idx').on(t.taskId)],
);

/** What the hit rates filter on besides the day or month (the same in the day and the month sums). */
const keyColumns = () => ({
  /** The task's prompt (a classification's), and the version of the prompt it chose (analyses/filters.ts). */
  promptId: integer('prompt_id'),
  chosenPromptVersionId: integer('chosen_prompt_version_id'),
  department: text('department'),
  representative: text('representative'),
});

/**
 * The completed analyses per project and day key: the hit rates' denominators (modules/trackers/stats.ts). Kept
 * exact by migration 0049's triggers on tasks (a task completing, leaving completed, moving to another key,
 * deleted) and projects (a new time zone counts the project anew); no code writes it. A row whose count reaches 0
 * is deleted. No reference to the project: its deletion reaching its tasks takes the rows. The unique key
 * includes the nullable columns (NULLS NOT DISTINCT) and, in the migration, the count as an INCLUDE column.
 */
export const trackerAnalysisDays = pgTable(
  'tracker_analysis_days',
  {
    projectId: integer('project_id').notNull(),
    /** The conversation's day in the project's time zone. */
    analysisDate: date('analysis_date', { mode: 'string' }).notNull(),
    ...keyColumns(),
    analyses: integer('analyses').notNull(),
  },
  (t) => [
    unique('tracker_analysis_days_key')
      .on(t.projectId, t.analysisDate, t.promptId, t.chosenPromptVersionId, t.department, t.representative)
      .nullsNotDistinct(),
    index('tracker_analysis_days_spent_idx').on(t.projectId).where(sql`${t.analyses} <= 0`),
  ],
);

/**
 * Of those, the analyses that hit each tracker (tracker_hits rows of completed tasks) per day key. Kept exact by
 * the same triggers and by statement triggers on tracker_hits (whatever writes or deletes hits) and trackers (a
 * deleted tracker's rows go with it).
 */
export const trackerHitDays = pgTable(
  'tracker_hit_days',
  {
    projectId: integer('project_id').notNull(),
    trackerId: integer('tracker_id').notNull(),
    analysisDate: date('analysis_date', { mode: 'string' }).notNull(),
    ...keyColumns(),
    hit: integer('hit').notNull(),
  },
  (t) => [
    unique('tracker_hit_days_key')
      .on(
        t.projectId,
        t.trackerId,
        t.analysisDate,
        t.promptId,
        t.chosenPromptVersionId,
        t.department,
        t.representative,
      )
      .nullsNotDistinct(),
    index('tracker_hit_days_spent_idx').on(t.projectId).where(sql`${t.hit} <= 0`),
  ],
);

/**
 * tracker_analysis_days added up per calendar month of the project's days (month: its first day): what the hit
 * rates read for the whole months a range spans, taking the days at its ends from the day sums (analytics'
 * rangeParts). Kept exact by migration 0049's statement triggers on tracker_analysis_days.
 */
export const trackerAnalysisMonths = pgTable(
  'tracker_analysis_months',
  {
    projectId: integer('project_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...keyColumns(),
    analyses: integer('analyses').notNull(),
  },
  (t) => [
    unique('tracker_analysis_months_key')
      .on(t.projectId, t.month, t.promptId, t.chosenPromptVersionId, t.department, t.representative)
      .nullsNotDistinct(),
    index('tracker_analysis_months_spent_idx').on(t.projectId).where(sql`${t.analyses} <= 0`),
  ],
);

/** tracker_hit_days added up per month, the same way (statement triggers on tracker_hit_days). */
export const trackerHitMonths = pgTable(
  'tracker_hit_months',
  {
    projectId: integer('project_id').notNull(),
    trackerId: integer('tracker_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...keyColumns(),
    hit: integer('hit').notNull(),
  },
  (t) => [
    unique('tracker_hit_months_key')
      .on(
        t.projectId,
        t.trackerId,
        t.month,
        t.promptId,
        t.chosenPromptVersionId,
        t.department,
        t.representative,
      )
      .nullsNotDistinct(),
    index('tracker_hit_months_spent_idx').on(t.projectId).where(sql`${t.hit} <= 0`),
  ],
);

/**
 * A priced run of a smart tracker over the project's past analyses (modules/trackers/smart-apply.ts): the completed
 * analyses created in [from_day, to_day] with ids up to `last_task_id` (those there when it started), asked one
 * by one in id order (`after_task_id`: the last one done, where a resumed run goes on). Its hold and charge are
 * billing's, keyed by its id (`tracker_run:N`).
 */
export const trackerRuns = pgTable(
  'tracker_runs',
  {
    id: serial('id').primaryKey(),
    trackerId: integer('tracker_id')
      .notNull()
      .references(() => trackers.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TRACKER_RUN_STATUSES }).notNull().default('queued'),
    fromDay: date('from_day', { mode: 'string' }),
    toDay: date('to_day', { mode: 'string' }),
    lastTaskId: integer('last_task_id').notNull(),
    afterTaskId: integer('after_task_id').notNull().default(0),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    modelUnitsMilli: bigint('model_units_milli', { mode: 'number' }).notNull(),
    /** Held while it runs; what was charged once it ended (0 when it failed unpaid). */
    unitsMilli: bigint('units_milli', { mode: 'number' }).notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('tracker_runs_tracker_idx').on(t.trackerId, t.id)],
);
