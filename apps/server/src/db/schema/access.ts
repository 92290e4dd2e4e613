import { API_KEY_TYPES } from '@parley/contracts';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

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
