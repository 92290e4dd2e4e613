import {
  FINAL_SCORE_MODES,
  LVA_OPTIONS,
  MEMBER_ROLES,
  PROJECT_ROLES,
  PROVIDERS,
  type PromptField,
  RESPONSE_LANGUAGES,
  TRANSCRIPTION_LANGUAGES,
  TRANSCRIPTION_TASKS,
  UI_LANGUAGES,
  USER_ROLES,
} from '@parley/contracts';
import {
  boolean,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    language: text('language', { enum: UI_LANGUAGES }).notNull().default('en'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** Server-side sessions. Only a SHA-256 hash of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use password reset tokens (hashed), valid until expires_at. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  role: text('role', { enum: PROJECT_ROLES }).notNull().default('Sales'),
  timezone: text('timezone').notNull().default('UTC'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

/** Help articles, loaded from docs/help on start. `content` is sanitised HTML. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    language: text('language', { enum: UI_LANGUAGES }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('help_articles_path_language_key').on(t.path, t.language)],
);

/** Analysis prompts (scorecards) of a project; the name is unique within the project. */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    scriptName: text('script_name').notNull(),
    role: text('role', { enum: PROJECT_ROLES }).notNull(),
    basicInstruction: text('basic_instruction').notNull(),
    transcribeInstructions: text('transcribe_instructions').notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    model: text('model').notNull(),
    responseLanguage: text('response_language', { enum: RESPONSE_LANGUAGES }).notNull(),
    companyDetails: text('company_details').notNull(),
    finalScore: text('final_score', { enum: FINAL_SCORE_MODES }).notNull(),
    lva: text('lva', { enum: LVA_OPTIONS }).notNull(),
    maxScore: numeric('max_score', { mode: 'number' }),
    transcriptionTask: text('transcription_task', { enum: TRANSCRIPTION_TASKS }).notNull(),
    transcriptionLanguage: text('transcription_language', { enum: TRANSCRIPTION_LANGUAGES }).notNull(),
    content: jsonb('content').$type<PromptField[]>().notNull(),
    metadataFields: jsonb('metadata_fields').$type<string[]>().notNull(),
    isClassification: boolean('is_classification').notNull(),
    /** Units charged per unit of content (model units + LVA surcharge) as of the last save, in thousandths. */
    unitsMilli: integer('units_milli').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('prompts_project_name_key').on(t.projectId, t.scriptName)],
);

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
