import {
  INSIGHT_STAGES,
  INSIGHT_STATUSES,
  type InsightAnswer,
  type InsightFilters,
  PROVIDERS,
  type TeamAssignment,
  UI_LANGUAGES,
} from '@parley/contracts';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';

/** Whose analyses an insight is drawn from: all of the project's, or a team leader's teams' (as when asked). */
export type InsightVisibility = { kind: 'all' } | { kind: 'team'; assignment: TeamAssignment | null };

/**
 * A question over a project's analyses, answered in the background (modules/insights): queued, then running
 * (gathering the figures, asking the model), then completed with its answer (and charged) or failed. Its
 * price is held in billing_holds while it runs.
 */
export const insights = pgTable(
  'insights',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    filters: jsonb('filters').$type<InsightFilters>().notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    model: text('model').notNull(),
    /** The asker's view when asked: the job reads only these analyses. */
    visibility: jsonb('visibility').$type<InsightVisibility>().notNull(),
    /** The asker's interface language, which the answer is written in. */
    language: text('language', { enum: UI_LANGUAGES }),
    status: text('status', { enum: INSIGHT_STATUSES }).notNull().default('queued'),
    stage: text('stage', { enum: INSIGHT_STAGES }).notNull().default('queued'),
    error: text('error'),
    /** Completed analyses the figures were drawn from, once gathered. */
    analyses: integer('analyses'),
    /** The price, held while it runs and charged when it completes. */
    unitsMilli: integer('units_milli').notNull(),
    answer: jsonb('answer').$type<InsightAnswer>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('insights_project_idx').on(t.projectId, t.id)],
);
