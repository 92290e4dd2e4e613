import { MEMBER_ROLES, PROJECT_ROLES } from '@parley/contracts';
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
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tariffPlans } from './billing.ts';
import { createdAt, updatedAt } from './columns.ts';
import { prompts } from './prompts.ts';

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
