import { WEBHOOK_DELIVERY_STATUSES, type WebhookEvent, type WebhookEventType } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';

/**
 * A project's webhook endpoint (modules/webhooks). The secret signs every delivery; after a rotation the
 * previous one signs too until previous_secret_expires_at, so receivers can switch without losing events.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the platform disabled it (its deliveries kept failing); cleared when someone enables it again. */
    disabledReason: text('disabled_reason'),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.projectId)],
);

/**
 * One event to one endpoint: pending until an attempt succeeds (succeeded) or the last retry fails (failed).
 * The event id is the `webhook-id` header, the same on every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<WebhookEvent>().notNull(),
    /** The analysis the event is about: its events reach the endpoint one after another, in order. */
    taskId: integer('task_id'),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The attempt that claimed the delivery last: only it records an outcome (a cut-off worker's late one does not). */
    attemptId: uuid('attempt_id'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.taskId, t.id)
      .where(sql`${t.status} = 'pending' AND ${t.taskId} IS NOT NULL`),
  ],
);
