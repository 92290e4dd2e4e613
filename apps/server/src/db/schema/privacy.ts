import { REDACTION_ENTITY_TYPES, REDACTION_KEEP } from '@parley/contracts';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { updatedAt } from './columns.ts';
import { projects } from './projects.ts';

/** A project's privacy settings (contracts privacy/settings.ts); a project without a row has the defaults. */
export const projectPrivacy = pgTable('project_privacy', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  redactionEnabled: boolean('redaction_enabled').notNull().default(false),
  redactionTypes: text('redaction_types', { enum: REDACTION_ENTITY_TYPES })
    .array()
    .notNull()
    // Migration 0030's default (the types there were then); the app always writes the types it saves.
    .default([
      'card_number',
      'card_security_code',
      'card_expiry',
      'iban',
      'bank_account',
      'national_id',
      'phone_number',
      'email',
      'date_of_birth',
    ]),
  redactionKeep: text('redaction_keep', { enum: REDACTION_KEEP }).notNull().default('redacted'),
  region: text('region'),
  mediaRetentionDays: integer('media_retention_days'),
  resultRetentionDays: integer('result_retention_days'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
