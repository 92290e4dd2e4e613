import {
  BILLING,
  type BundleState,
  bundleExpiry,
  type InvoiceType,
  type MilliUnits,
} from '@parley/contracts';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db, Executor } from '../../db/client.ts';
import { invoices, projects, unitBundles } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectRow } from '../projects/access.ts';
import { addToDayTotals } from './day-totals.ts';
import type { BundleRow, InvoiceRow, TariffPlanRow } from './dto.ts';
import { BILLING_TEXTS } from './messages.ts';
import { findPlan } from './plans.ts';

/**
 * Ledger primitives: every write runs inside a transaction holding the project's row lock (lockProject).
 * Also the bundle and ledger reads that the charge rules and the tests build on.
 */

/** A transaction of the platform database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * SELECT ... FOR NO KEY UPDATE on the project row: every write to a project's balance and bundles takes it
 * first. Not FOR UPDATE, which would also hold up every insert of a row that references the project (its
 * foreign key check) while a charge runs: a busy project's analyses would queue behind each other's charges.
 */
export async function lockProject(tx: Tx, projectId: number): Promise<ProjectRow> {
  const row = await lockProjectIfExists(tx, projectId);
  if (!row) throw notFound(BILLING_TEXTS.projectNotFound);
  return row;
}

/** lockProject, or null for a project that no longer exists (deleted, its billing records kept). */
export async function lockProjectIfExists(tx: Tx, projectId: number): Promise<ProjectRow | null> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('no key update');
  return row ?? null;
}

type NewInvoice = Omit<typeof invoices.$inferInsert, 'status' | 'projectId' | 'currency'>;

/** Writes a settled row and moves the cached balance and day totals with it, in the caller's transaction. */
export async function settle(tx: Tx, project: ProjectRow, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, projectId: project.id, currency: project.currency, status: 'settled' })
    .returning();
  await moveBalance(tx, project.id, values.type, values.amountMicros);
  await addToDayTotals(tx, row!.id);
  return row!;
}

export async function moveBalance(
  tx: Tx,
  projectId: number,
  type: InvoiceType,
  amountMicros: number,
): Promise<void> {
  if (amountMicros === 0) return;
  const delta = type === 'credit' ? amountMicros : -amountMicros;
  await tx
    .update(projects)
    .set({ balanceMicros: sql`${projects.balanceMicros} + ${delta}` })
    .where(eq(projects.id, projectId));
}

export async function addBundle(
  tx: Executor,
  projectId: number,
  plan: TariffPlanRow,
  invoiceId: number | null,
  now: Date,
): Promise<BundleRow | null> {
  if (plan.includedUnitsMilli <= 0) return null;
  const [bundle] = await tx
    .insert(unitBundles)
    .values({
      projectId,
      tariffPlanId: plan.id,
      planName: plan.name,
      includedMilli: plan.includedUnitsMilli,
      leftMilli: plan.includedUnitsMilli,
      isFree: plan.priceMicros === 0,
      expiresAt: bundleExpiry(now, plan.validityDays),
      invoiceId,
      createdAt: now,
    })
    .returning();
  return bundle!;
}

/** Bundles that can still be used at `now`, in consumption order (earliest expiry first). */
export async function usableBundles(db: Executor, projectId: number, now = new Date()): Promise<BundleRow[]> {
  return db
    .select()
    .from(unitBundles)
    .where(
      and(
        eq(unitBundles.projectId, projectId),
        gt(unitBundles.leftMilli, 0),
        or(isNull(unitBundles.expiresAt), gt(unitBundles.expiresAt, now)),
      ),
    )
    .orderBy(sql`${unitBundles.expiresAt} ASC NULLS LAST`, asc(unitBundles.id));
}

const bundleState = (row: BundleRow): BundleState => ({
  id: row.id,
  leftMilli: row.leftMilli,
  expiresAt: row.expiresAt,
  free: row.isFree,
});

export async function chargeInputs(db: Executor, project: ProjectRow, unitsMilli: MilliUnits, now: Date) {
  const plan = project.tariffPlanId === null ? null : await findPlan(db, project.tariffPlanId);
  return {
    unitsMilli,
    bundles: (await usableBundles(db, project.id, now)).map(bundleState),
    balanceMicros: project.balanceMicros,
    useBalance: project.useBalanceForAnalysis,
    pricePerUnitMicros: plan?.pricePerUnitMicros ?? BILLING.defaultRatePerUnitMicros,
    now,
  };
}

/** What units are held and charged for: an analysis (its task), an insight, a backtest, a smart tracker run or a topic run. */
export type Billable =
  | { taskId: number }
  | { insightId: number }
  | { backtestId: number }
  | { trackerRunId: number }
  | { topicRunId: number };

/** What kind of paid work an item is (a metrics label). */
export function workOf(item: Billable): 'analysis' | 'insight' | 'backtest' | 'tracker' | 'topics' {
  if ('taskId' in item) return 'analysis';
  if ('insightId' in item) return 'insight';
  if ('backtestId' in item) return 'backtest';
  return 'trackerRunId' in item ? 'tracker' : 'topics';
}

/** The ledger reference of the charge for an analysis ('task:12'), an insight ('insight:3') a backtest ('backtest:4') or a topic run ('topics:5'). */
export function chargeRef(item: Billable): string {
  if ('taskId' in item) return `task:${item.taskId}`;
  if ('insightId' in item) return `insight:${item.insightId}`;
  if ('backtestId' in item) return `backtest:${item.backtestId}`;
  if ('trackerRunId' in item) return `tracker_run:${item.trackerRunId}`;
  return `topics:${item.topicRunId}`;
}

/** The charge of an analysis, insight or backtest (reference 'analysis': all are charged as usage), if any. */
export async function findCharge(db: Executor, projectId: number, item: Billable) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, projectId),
        eq(invoices.reference, 'analysis'),
        eq(invoices.referenceId, chargeRef(item)),
      ),
    );
  return row ?? null;
}

export async function listUsableBundles(ctx: AppContext, projectId: number): Promise<BundleRow[]> {
  return usableBundles(ctx.db, projectId);
}

/**
 * Projects whose cached balance differs from the sum of their settled invoices. Always empty; tests check
 * it after every scenario.
 */
export async function ledgerMismatches(
  db: Executor,
): Promise<Array<{ projectId: number; cached: string; ledger: string }>> {
  const result = await db.execute<{ project_id: number; cached: string; ledger: string }>(sql`
    SELECT p.id AS project_id, p.balance_micros::text AS cached, coalesce(l.total, 0)::text AS ledger
    FROM ${projects} p
    LEFT JOIN (
      SELECT project_id, sum(CASE WHEN type = 'credit' THEN amount_micros ELSE -amount_micros END) AS total
      FROM ${invoices} WHERE status = 'settled' GROUP BY project_id
    ) l ON l.project_id = p.id
    WHERE p.balance_micros <> coalesce(l.total, 0)
  `);
  return result.rows.map((row) => ({ projectId: row.project_id, cached: row.cached, ledger: row.ledger }));
}
