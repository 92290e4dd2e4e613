import {
  API_KEY_TYPES,
  BATCH_ITEM_STATUSES,
  BATCH_STATUSES,
  FINAL_SCORE_MODES,
  INVOICE_REFERENCES,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  LVA_OPTIONS,
  MEMBER_ROLES,
  PROJECT_ROLES,
  PROVIDERS,
  type PromptField,
  RESPONSE_LANGUAGES,
  TASK_STAGES,
  TASK_STATUSES,
  TRANSCRIPTION_LANGUAGES,
  TRANSCRIPTION_TASKS,
  UI_LANGUAGES,
  USER_ROLES,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  foreignKey,
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
    /**
     * When the owner proved the email is theirs (emailed link, invitation, password reset); null: not yet, and
     * the account cannot sign in. Defaults to now so that accounts older than confirmation count as confirmed:
     * an ordinary sign-up sets null explicitly.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }).defaultNow(),
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

/** Single-use email confirmation tokens of new accounts (hashed), valid until expires_at. */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_confirmation_tokens_user_idx').on(t.userId)],
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

/** What a per-account limit counts (see modules/auth/limits.ts). */
export const AUTH_ATTEMPT_KINDS = ['sign_in_failure', 'reset_email', 'signup_email'] as const;
export type AuthAttemptKind = (typeof AUTH_ATTEMPT_KINDS)[number];

/**
 * Recent sign-in failures and sent account emails per (lower-cased) email address, for the per-account
 * limits that hold whatever the client's IP. Rows older than the longest window are pruned.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: AUTH_ATTEMPT_KINDS }).notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_attempts_kind_email_created_idx').on(t.kind, t.email, t.createdAt),
    index('auth_attempts_created_idx').on(t.createdAt),
  ],
);

/**
 * Tariff plans. Money in integer micros of `currency` (1 USD = 1,000,000), units in milli-units. Seeded by
 * the billing migration; exactly one plan is the default that new projects get.
 */
export const tariffPlans = pgTable(
  'tariff_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Purchase cost; 0 means a free or promotional plan (its units are reported as free units). */
    priceMicros: bigint('price_micros', { mode: 'number' }).notNull().default(0),
    /** The money price of one unit used beyond the bundles. */
    pricePerUnitMicros: bigint('price_per_unit_micros', { mode: 'number' }).notNull(),
    /** Units granted as a bundle on purchase or assignment. */
    includedUnitsMilli: bigint('included_units_milli', { mode: 'number' }).notNull().default(0),
    /** Days a bundle lasts; null: unlimited. */
    validityDays: integer('validity_days'),
    isDefault: boolean('is_default').notNull().default(false),
    /** Public plans can be bought by project admins; the others are assigned by a super admin. */
    isPublic: boolean('public').notNull().default(true),
    currency: text('currency').notNull().default('USD'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tariff_plans_name_key').on(t.name),
    uniqueIndex('tariff_plans_single_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
    check(
      'tariff_plans_amounts_check',
      sql`${t.priceMicros} >= 0 AND ${t.pricePerUnitMicros} >= 0 AND ${t.includedUnitsMilli} >= 0 AND (${t.validityDays} IS NULL OR ${t.validityDays} > 0)`,
    ),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    role: text('role', { enum: PROJECT_ROLES }).notNull().default('Sales'),
    timezone: text('timezone').notNull().default('UTC'),
    tariffPlanId: integer('tariff_plan_id').references(() => tariffPlans.id, { onDelete: 'set null' }),
    /**
     * Cached sum of the project's settled invoices (credits minus debits), in micros. Written only by the
     * billing service, in the same transaction as the invoice row, under a row lock on this project.
     */
    balanceMicros: bigint('balance_micros', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    useBalanceForAnalysis: boolean('use_balance_for_analysis').notNull().default(true),
    /** The metadata field with a conversation's phone number (blacklist check); null: "phone", any case. */
    phoneMetadataField: text('phone_metadata_field'),
    /** Keep the media of conversations skipped because their number is blacklisted (else it is deleted). */
    keepSkippedMedia: boolean('keep_skipped_media').notNull().default(false),
    /** The prompt the upload panel preselects; always one of this project's prompts (checked on save). */
    defaultPromptId: integer('default_prompt_id').references((): AnyPgColumn => prompts.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('projects_balance_check', sql`${t.balanceMicros} >= 0`)],
);

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

/**
 * API keys of a project (spec 2 §3): a request with `Authorization: Bearer <key>` acts as the key's creator
 * within this project only. Only a SHA-256 hash of the key and its clear prefix ('pk_live_ab12') are stored.
 * Keys are never deleted, only revoked, so that tasks and batches keep saying which key made them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The creator: the key acts as this user, with their current role in the project. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The clear start of the key, shown in the list. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    type: text('type', { enum: API_KEY_TYPES }).notNull().default('full'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_project_created_idx').on(t.projectId, t.createdAt),
  ],
);

/** Invitations to a project: single use, valid until expires_at; only a hash of the emailed token is stored. */
export const projectInvites = pgTable(
  'project_invites',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_invites_token_hash_key').on(t.tokenHash),
    index('project_invites_project_idx').on(t.projectId, t.createdAt),
  ],
);

/**
 * Rep mapping: a name, extension, email or phone number found in a conversation's metadata, and the canonical
 * representative (and department) it stands for. `identifier_key` is the matched form (repIdentifierKey).
 */
export const repMappings = pgTable(
  'rep_mappings',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    identifierKey: text('identifier_key').notNull(),
    representative: text('representative').notNull(),
    department: text('department'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('rep_mappings_project_key').on(t.projectId, t.identifierKey)],
);

/**
 * A team leader's assignment: they see the analyses whose department or representative is listed. Goes with
 * the membership (removed with it).
 */
export const teamLeaderAssignments = pgTable(
  'team_leader_assignments',
  {
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
    departments: jsonb('departments').$type<string[]>().notNull().default([]),
    representatives: jsonb('representatives').$type<string[]>().notNull().default([]),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    foreignKey({
      name: 'team_leader_assignments_member_fk',
      columns: [t.projectId, t.userId],
      foreignColumns: [projectMembers.projectId, projectMembers.userId],
    }).onDelete('cascade'),
  ],
);

/** Time-limited read-only access to a project for support staff (users.role 'support'), granted by an owner. */
export const supportGrants = pgTable(
  'support_grants',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('support_grants_project_idx').on(t.projectId, t.expiresAt)],
);

/** Every request of support staff to a project they reach through a grant (allowed or refused). */
export const supportAudit = pgTable(
  'support_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    allowed: boolean('allowed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_audit_project_created_idx').on(t.projectId, t.createdAt)],
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

/**
 * A hash of files last loaded into the database, by what they are ('help_articles': docs/help), so an
 * unchanged folder is not loaded again on every start.
 */
export const loadedSources = pgTable('loaded_sources', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  updatedAt: updatedAt(),
});

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

/**
 * The billing ledger: every credit and debit of a project's money balance is a row. The balance is the sum
 * of the settled rows (credits minus debits); pending rows (top-up requests) and rejected ones never count.
 * Analysis charges paid entirely from unit bundles are rows too (amount 0, their units in units_milli).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: INVOICE_TYPES }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    /** Always >= 0; the type gives the direction. */
    amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Units charged (analysis) in milli-units. */
    unitsMilli: bigint('units_milli', { mode: 'number' }).notNull().default(0),
    /** Units of content before the prompt's multiplier (audio minutes, 1,000-character blocks). */
    minutesMilli: bigint('minutes_milli', { mode: 'number' }).notNull().default(0),
    /** The part of units_milli taken from bundles of free plans. */
    freeUnitsMilli: bigint('free_units_milli', { mode: 'number' }).notNull().default(0),
    description: text('description').notNull(),
    /** When the row took effect: creation, or the approval of a top-up. Summaries group by it. */
    processDate: timestamp('process_date', { withTimezone: true }).notNull().defaultNow(),
    reference: text('reference', { enum: INVOICE_REFERENCES }).notNull(),
    /** The analysis task, the bought plan, or the client's top-up reference. */
    referenceId: text('reference_id'),
    approvalRequired: boolean('approval_required').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    /**
     * (project_id, process_date) leads: period filters and the newest-first list are range scans. The other
     * columns make it covering, so the summaries run as index-only scans (see bench/).
     */
    index('invoices_project_process_date_idx').on(
      t.projectId,
      t.processDate,
      t.status,
      t.type,
      t.amountMicros,
      t.unitsMilli,
      t.freeUnitsMilli,
    ),
    /** A retried analysis job never charges twice. */
    uniqueIndex('invoices_analysis_task_key')
      .on(t.projectId, t.referenceId)
      .where(sql`${t.reference} = 'analysis'`),
    index('invoices_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check(
      'invoices_amounts_check',
      sql`${t.amountMicros} >= 0 AND ${t.unitsMilli} >= 0 AND ${t.minutesMilli} >= 0 AND ${t.freeUnitsMilli} >= 0 AND ${t.freeUnitsMilli} <= ${t.unitsMilli}`,
    ),
  ],
);

/**
 * Units bought with (or assigned by) a tariff plan. Consumed before the money balance, earliest expiry
 * first; expired bundles are skipped. Written only under a row lock on the project.
 */
export const unitBundles = pgTable(
  'unit_bundles',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tariffPlanId: integer('tariff_plan_id').references(() => tariffPlans.id, { onDelete: 'set null' }),
    /** The plan's name when the bundle was made (plans can be renamed). */
    planName: text('plan_name').notNull(),
    includedMilli: bigint('included_milli', { mode: 'number' }).notNull(),
    leftMilli: bigint('left_milli', { mode: 'number' }).notNull(),
    /** From a plan with price 0: its units are reported as free units. */
    isFree: boolean('is_free').notNull(),
    /** null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The purchase that paid for it; null when a super admin assigned the plan. */
    invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('unit_bundles_project_idx').on(t.projectId, t.expiresAt),
    check('unit_bundles_left_check', sql`${t.leftMilli} >= 0 AND ${t.leftMilli} <= ${t.includedMilli}`),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A stored recording or text conversation. Content is addressed by its SHA-256 for duplicate detection. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Where the storage keeps the bytes (relative key, never a machine path). */
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    kind: text('kind', { enum: ['audio', 'video', 'text'] }).notNull(),
    sourceUrl: text('source_url'),
    /** Filled by the media stage from the decoded samples. */
    durationMs: integer('duration_ms'),
    channels: integer('channels'),
    /** When the bytes were deleted from storage (a conversation skipped by the blacklist); the row stays. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('media_files_project_sha_idx').on(t.projectId, t.sha256)],
);

/** One analysis of one conversation with one prompt, through the stages media -> transcription -> analysis. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    mediaId: bigint('media_id', { mode: 'number' })
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The API key the task was uploaded with (media keys read only their own tasks). */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('queued'),
    stage: text('stage', { enum: TASK_STAGES }),
    progress: integer('progress').notNull().default(0),
    priority: integer('priority').notNull().default(1),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** Denormalised from metadata and result for filters and the list. */
    title: text('title'),
    representative: text('representative'),
    department: text('department'),
    finalScore: numeric('final_score', { mode: 'number' }),
    /** The prompt as it was when the analysis ran (prompts change later). */
    promptSnapshot: jsonb('prompt_snapshot'),
    transcript: jsonb('transcript'),
    transcriptText: text('transcript_text'),
    result: jsonb('result'),
    metrics: jsonb('metrics'),
    lva: jsonb('lva'),
    /**
     * What the analysis pipeline has finished so far (per-stage outputs it resumes from after a crash or a
     * retry: decoded media facts, transcribed chunks, the classification step). Owned by modules/pipeline.
     */
    pipeline: jsonb('pipeline').$type<Record<string, unknown>>().notNull().default({}),
    unitsChargedMilli: integer('units_charged_milli'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(transcript_text, ''))`,
    ),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_project_created_idx').on(t.projectId, t.createdAt),
    index('tasks_project_status_idx').on(t.projectId, t.status),
    index('tasks_media_idx').on(t.mediaId),
    index('tasks_search_idx').using('gin', t.search),
    index('tasks_api_key_idx').on(t.apiKeyId, t.createdAt).where(sql`${t.apiKeyId} IS NOT NULL`),
  ],
);

/**
 * Units reserved by an analysis that has started its paid work (transcription, model, voice analysis) and
 * is not charged yet: they are not available to other analyses. One per task; its charge settles it (in
 * the charge's transaction), a failure or skip releases it, and deleting the task deletes it. Written only
 * under the project's row lock, like the balance.
 */
export const billingHolds = pgTable(
  'billing_holds',
  {
    taskId: integer('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitsMilli: bigint('units_milli', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_holds_project_idx').on(t.projectId),
    check('billing_holds_units_check', sql`${t.unitsMilli} >= 0`),
  ],
);

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
    status: text('status', { enum: BATCH_ITEM_STATUSES }).notNull().default('pending'),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('batch_items_batch_row_idx').on(t.batchId, t.rowNumber),
    index('batch_items_task_idx').on(t.taskId),
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
