import { INVOICE_REFERENCES, INVOICE_STATUSES, INVOICE_TYPES } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { backtests } from './backtests.ts';
import { createdAt } from './columns.ts';
import { insights } from './insights.ts';
import { tariffPlans } from './plans.ts';
import { projects } from './projects.ts';
import { tasks } from './tasks.ts';
import { topicRuns } from './topics.ts';
import { trackerRuns } from './trackers.ts';

/**
 * The billing ledger: every credit and debit of a project's money balance is a row. The balance is the sum
 * of the settled rows (credits minus debits); pending rows (top-up requests) and rejected ones never count.
 * Analysis charges paid entirely from unit bundles are rows too (amount 0, their units in units_milli).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * No foreign key: the rows outlive their project (the platform's accounts), its name then kept in
     * deleted_projects. Written only under the project's row lock, so never for a project already deleted.
     */
    projectId: integer('project_id').notNull(),
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
     * columns make it covering, so building a project's day totals is an index-only scan.
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
 * A deleted project: its id and its name at deletion, under which the super admin's lists show the billing
 * records (invoices) it leaves. Nothing of its members.
 */
export const deletedProjects = pgTable('deleted_projects', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
});

/**
 * The settled ledger summed per local day of a project's timezone, which the billing summaries read instead
 * of the ledger (a 24-month summary sums ~730 rows, not every invoice). Kept in the transaction of every
 * settled write (modules/billing/day-totals.ts), under the project's row lock.
 */
export const invoiceDayTotals = pgTable(
  'invoice_day_totals',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    creditMicros: bigint('credit_micros', { mode: 'number' }).notNull(),
    creditCount: integer('credit_count').notNull(),
    debitMicros: bigint('debit_micros', { mode: 'number' }).notNull(),
    debitCount: integer('debit_count').notNull(),
    /** Of the debits, like the ledger's columns. */
    unitsMilli: bigint('units_milli', { mode: 'number' }).notNull(),
    freeUnitsMilli: bigint('free_units_milli', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);

/**
 * The timezone whose local days a project's invoice_day_totals hold. No row, or another timezone than the
 * project's: the totals are not (or no longer) valid, and the next summary rebuilds them from the ledger.
 */
export const invoiceDayTotalsZones = pgTable('invoice_day_totals_zones', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  timezone: text('timezone').notNull(),
});

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

/**
 * The free plans whose units an account has had: starter units (the free default plan's, with the first
 * project it creates) and free plans bought. Each account gets a free plan's units once, however many
 * projects it makes; the row outlives the project that got them.
 */
export const freeUnitGrants = pgTable(
  'free_unit_grants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tariffPlanId: integer('tariff_plan_id')
      .notNull()
      .references(() => tariffPlans.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tariffPlanId] })],
);

/**
 * Units reserved by work that has started and is not charged yet: an analysis's paid work (transcription,
 * model, voice analysis), an insight's, a backtest's or a smart tracker run's price. They are not available to other work. One per task,
 * insight or backtest; its charge settles it (in the charge's transaction), a failure or skip releases it, and deleting
 * the task or insight deletes it. Written only under the project's row lock, like the balance.
 */
export const billingHolds = pgTable(
  'billing_holds',
  {
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    insightId: integer('insight_id').references(() => insights.id, { onDelete: 'cascade' }),
    backtestId: integer('backtest_id').references(() => backtests.id, { onDelete: 'cascade' }),
    trackerRunId: integer('tracker_run_id').references(() => trackerRuns.id, { onDelete: 'cascade' }),
    topicRunId: integer('topic_run_id').references(() => topicRuns.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitsMilli: bigint('units_milli', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_holds_task_key').on(t.taskId),
    uniqueIndex('billing_holds_insight_key').on(t.insightId),
    uniqueIndex('billing_holds_backtest_key').on(t.backtestId),
    uniqueIndex('billing_holds_tracker_run_key').on(t.trackerRunId),
    uniqueIndex('billing_holds_topic_run_key').on(t.topicRunId),
    index('billing_holds_project_idx').on(t.projectId),
    check('billing_holds_units_check', sql`${t.unitsMilli} >= 0`),
    check(
      'billing_holds_owner_check',
      sql`num_nonnulls(${t.taskId}, ${t.insightId}, ${t.backtestId}, ${t.trackerRunId}, ${t.topicRunId}) = 1`,
    ),
  ],
);
