import type {
  AutomationAction,
  AutomationActionStatus,
  AutomationActionType,
  AutomationConditions,
  AutomationTrigger,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';

/** A project's automation rule (modules/automations): when its trigger's event matches its conditions, its actions run. */
export const automationRules = pgTable(
  'automation_rules',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    trigger: text('trigger').$type<AutomationTrigger>().notNull(),
    conditions: jsonb('conditions').$type<AutomationConditions>().notNull(),
    actions: jsonb('actions').$type<AutomationAction[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Every event probes this for the project's enabled rules of its type: nothing more when there are none.
  (t) => [
    index('automation_rules_project_idx').on(t.projectId),
    index('automation_rules_enabled_idx').on(t.projectId, t.trigger).where(sql`${t.enabled}`),
  ],
);

/** What became of one action of a firing; `deliveryId`: the webhook delivery of a webhook action (not answered). */
export interface FiringActionRow {
  type: AutomationActionType;
  status: AutomationActionStatus;
  detail: string | null;
  deliveryId?: number;
}

/** A rule fired for an event about an analysis: each action's outcome, in the rule's order. */
export const automationFirings = pgTable(
  'automation_firings',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    eventType: text('event_type').$type<AutomationTrigger>().notNull(),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    actions: jsonb('actions').$type<FiringActionRow[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('automation_firings_rule_idx').on(t.ruleId, t.id.desc()),
    index('automation_firings_task_idx').on(t.taskId),
  ],
);
