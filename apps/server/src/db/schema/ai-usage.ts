import { PROVIDERS } from '@parley/contracts';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

/** One row per LLM call: who asked, what for, which model, tokens used, how long it took, and whether it worked. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    durationMs: integer('duration_ms').notNull(),
    ok: boolean('ok').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('ai_usage_project_created_idx').on(t.projectId, t.createdAt)],
);

/**
 * The shared pace of each rate-limited provider, one row per limit ('openai:requests', 'openai:tokens',
 * …): every worker process reserves its calls here (ai/rate-limiter.ts), so the limits hold for all of
 * them together.
 */
export const providerRateLimits = pgTable('provider_rate_limits', {
  key: text('key').primaryKey(),
  /** When the limit's budget is spent until (the generic cell rate algorithm's theoretical arrival time). */
  tat: timestamp('tat', { withTimezone: true }).notNull(),
});
