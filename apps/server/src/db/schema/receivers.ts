import {
  RECEIVER_EVENT_STATUSES,
  RECEIVER_KINDS,
  type ReceiverEventStatus,
  type ReceiverMappingRow,
} from '@parley/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects, prompts } from './projects.ts';
import { tasks } from './tasks.ts';

/**
 * A project's phone-system receiver (modules/receivers): the provider posts call events to
 * PUBLIC_URL/api/receivers/<key>. `secret` is the provider's token (or a generic receiver's whsec_ secret),
 * encrypted with ENCRYPTION_KEY.
 */
export const phoneReceivers = pgTable(
  'phone_receivers',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RECEIVER_KINDS }).notNull(),
    name: text('name').notNull(),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    secret: text('secret').notNull(),
    /** The unguessable part of its public address. */
    key: text('key').notNull(),
    mapping: jsonb('mapping').$type<ReceiverMappingRow[]>().notNull(),
    dateSource: text('date_source').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('phone_receivers_project_idx').on(t.projectId),
    uniqueIndex('phone_receivers_key_idx').on(t.key),
  ],
);

/**
 * Where the job fetches an event's recording: the link, the Authorization header it needs (encrypted like the
 * receivers' secrets), and a file name when the link names none. Cleared once the event has settled.
 */
export interface ReceiverDownload {
  url: string;
  authorization: string | null;
  fileName: string | null;
}

/** A call event a receiver took, once per provider id (a repeated event finds it), and what became of it. */
export const receiverEvents = pgTable(
  'receiver_events',
  {
    id: serial('id').primaryKey(),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => phoneReceivers.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    eventType: text('event_type').notNull(),
    status: text('status', { enum: RECEIVER_EVENT_STATUSES })
      .$type<ReceiverEventStatus>()
      .notNull()
      .default('received'),
    reason: text('reason'),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    conversationAt: timestamp('conversation_at', { withTimezone: true }),
    download: jsonb('download').$type<ReceiverDownload>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('receiver_events_external_idx').on(t.receiverId, t.externalId),
    index('receiver_events_receiver_idx').on(t.receiverId, t.id.desc()),
    index('receiver_events_task_idx').on(t.taskId),
  ],
);
