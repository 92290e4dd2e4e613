import { AUDIT_ACTIONS, type AuditDetails } from '@parley/contracts';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The audit trail (modules/audit). Append-only: a trigger refuses UPDATE and DELETE (migration 0031), and the
 * rows hold no foreign keys, so they outlive the accounts, keys and projects they name.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    apiKeyId: integer('api_key_id'),
    ip: text('ip'),
    targetId: integer('target_id'),
    details: jsonb('details').$type<AuditDetails>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_project_idx').on(t.projectId, t.id)],
);
