import {
  FINAL_SCORE_MODES,
  LVA_OPTIONS,
  MEMBER_ROLES,
  type ModelNotice,
  PROJECT_ROLES,
  PROMPT_VERSION_STATES,
  PROVIDERS,
  type PromptField,
  REPRESENTATIVE_CHANNELS,
  RESPONSE_LANGUAGES,
  TRANSCRIPTION_LANGUAGES,
  TRANSCRIPTION_PROVIDER_IDS,
  TRANSCRIPTION_TASKS,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
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
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { tariffPlans } from './plans.ts';

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
    /** Speech to text of the project's recordings; both null: the server's default (TRANSCRIPTION_PROVIDER / _MODEL). */
    transcriptionProvider: text('transcription_provider', { enum: TRANSCRIPTION_PROVIDER_IDS }),
    transcriptionModel: text('transcription_model'),
    /** The stereo channel that carries the company's representative (the other one is the customer). */
    representativeChannel: text('representative_channel', { enum: REPRESENTATIVE_CHANNELS })
      .notNull()
      .default('left'),
    /**
     * Members with the role user who are mapped to a representative (rep mapping by their email) see only that
     * representative's analyses; unmapped ones see none. On for new projects; the migration turned it off for
     * the projects that existed before it.
     */
    agentsSeeOwn: boolean('agents_see_own').notNull().default(true),
    /** Admins and owners (and super admins, support staff) need a second factor to use the project (modules/two-factor). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('projects_balance_check', sql`${t.balanceMicros} >= 0`),
    check(
      'projects_transcription_choice_check',
      sql`(${t.transcriptionProvider} is null) = (${t.transcriptionModel} is null)`,
    ),
    check('projects_representative_channel_check', sql`${t.representativeChannel} in ('left', 'right')`),
  ],
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
    /** Reviews the analyses they see whatever their role (modules/reviews; issue 35). */
    reviewer: boolean('reviewer').notNull().default(false),
    /**
     * The SSO connection whose IdP groups granted this membership (modules/members/idp-memberships.ts), which
     * then follows the groups; null for memberships made in Parley, which the IdP never changes.
     */
    ssoConnectionId: integer('sso_connection_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
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
    /** The highest final score a knocked-out analysis keeps; null: 0 (contracts prompts/knockouts.ts). */
    knockoutCap: numeric('knockout_cap', { mode: 'number' }),
    transcriptionTask: text('transcription_task', { enum: TRANSCRIPTION_TASKS }).notNull(),
    transcriptionLanguage: text('transcription_language', { enum: TRANSCRIPTION_LANGUAGES }).notNull(),
    content: jsonb('content').$type<PromptField[]>().notNull(),
    metadataFields: jsonb('metadata_fields').$type<string[]>().notNull(),
    isClassification: boolean('is_classification').notNull(),
    /** Units charged per unit of content (model units + LVA surcharge) as of the last save, in thousandths. */
    unitsMilli: integer('units_milli').notNull(),
    /** Set when the prompt's model was retired and replaced by its successor; cleared by dismissing or saving. */
    modelNotice: jsonb('model_notice').$type<ModelNotice>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('prompts_project_name_key').on(t.projectId, t.scriptName)],
);

/**
 * A version of a prompt (scorecard version): every saved change, and the prompt as analyses ran with it (the
 * pipeline's PromptSnapshot: settings, fields, units); tasks point at theirs. Numbered 1, 2, 3 … per prompt;
 * one is published (what the prompts row holds and new analyses use), at most one is a draft. `hash` is the
 * SHA-256 (hex) of the data's jsonb text, computed by the database (modules/prompts/versions.ts): an analysis
 * of an unchanged prompt reuses the published version. A version outlives its prompt (old analyses still show
 * it), not its project.
 */
export const promptVersions = pgTable(
  'prompt_versions',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    state: text('state', { enum: PROMPT_VERSION_STATES }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    hash: text('hash').notNull(),
    /** Who saved it; null when unknown (versions made before authors were kept, or by the server). */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The API key it was saved with (its name then); null when saved in the app. */
    authorApiKeyName: text('author_api_key_name'),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('prompt_versions_prompt_number_key').on(t.promptId, t.number),
    uniqueIndex('prompt_versions_one_published_key').on(t.promptId).where(sql`${t.state} = 'published'`),
    uniqueIndex('prompt_versions_one_draft_key').on(t.promptId).where(sql`${t.state} = 'draft'`),
  ],
);
