import {
  type AdjustmentRequest,
  type AdminProject,
  BILLING,
  type BundleState,
  bundleExpiry,
  type ChargePlan,
  canCover,
  formatMoney,
  fromMicros,
  fromMilliUnits,
  type InvoiceType,
  planCharge,
  type TariffPlan,
  type TariffPlanInput,
  type TariffPlanUpdate,
  type TopUpRequest,
  toMicros,
  toMilliUnits,
} from '@parley/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  billingHolds,
  invoices,
  projectMembers,
  projects,
  tariffPlans,
  unitBundles,
  users,
} from '../../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { type ProjectRow, requireProjectRole } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';
import {
  type BundleRow,
  type InvoiceRow,
  type TariffPlanRow,
  toAdminInvoiceDto,
  toTariffPlanDto,
} from './dto.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const BILLING_TEXTS = {
  projectNotFound: 'Project not found.',
  planNotFound: 'Tariff plan not found.',
  planNotPublic: 'This plan is assigned by an administrator and cannot be purchased.',
  invoiceNotFound: 'Invoice not found.',
  notATopUp: 'Only top-up requests wait for approval.',
  planNameTaken: 'A tariff plan with this name already exists.',
  defaultRequired: 'One plan must stay the default: make another plan the default instead.',
} as const;

const paymentRequired = (message: string) => new HttpError(402, 'insufficient_balance', message);
const money = (micros: number, currency: string) => `${formatMoney(micros)} ${currency}`;
const unitsText = (milli: number) =>
  `${fromMilliUnits(milli).toLocaleString('en-US', { maximumFractionDigits: 3 })} ${milli === 1000 ? 'unit' : 'units'}`;

// ---------- plans ----------

export async function findPlan(db: Executor, planId: number): Promise<TariffPlanRow | null> {
  const [row] = await db.select().from(tariffPlans).where(eq(tariffPlans.id, planId));
  return row ?? null;
}

async function requirePlan(db: Executor, planId: number): Promise<TariffPlanRow> {
  const plan = await findPlan(db, planId);
  if (!plan) throw notFound(BILLING_TEXTS.planNotFound);
  return plan;
}

export async function plansByIds(db: Executor, ids: number[]): Promise<Map<number, TariffPlanRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(tariffPlans).where(inArray(tariffPlans.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

const planOrder = [asc(tariffPlans.priceMicros), asc(tariffPlans.id)];

/**
 * Plans a signed-in user may see: the public ones, plus the plan assigned to `projectId` (any member; a
 * non-member gets 404 as everywhere).
 */
export async function listTariffs(
  ctx: AppContext,
  user: UserRow,
  projectId: number | undefined,
): Promise<TariffPlan[]> {
  let assigned: number | null = null;
  if (projectId !== undefined) {
    assigned = (await requireProjectRole(ctx.db, user, projectId, 'user')).project.tariffPlanId;
  }
  const rows = await ctx.db
    .select()
    .from(tariffPlans)
    .where(
      assigned === null
        ? eq(tariffPlans.isPublic, true)
        : or(eq(tariffPlans.isPublic, true), eq(tariffPlans.id, assigned)),
    )
    .orderBy(...planOrder);
  return rows.map(toTariffPlanDto);
}

/** A plan by id: public plans for anyone signed in; a non-public one for members of a project on it. */
export async function getTariff(ctx: AppContext, user: UserRow, planId: number): Promise<TariffPlan> {
  const plan = await requirePlan(ctx.db, planId);
  if (plan.isPublic || user.isSuperAdmin) return toTariffPlanDto(plan);
  const [member] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, user.id)),
    )
    .where(eq(projects.tariffPlanId, plan.id))
    .limit(1);
  if (!member) throw notFound(BILLING_TEXTS.planNotFound);
  return toTariffPlanDto(plan);
}

export async function listAllTariffs(ctx: AppContext): Promise<TariffPlan[]> {
  const rows = await ctx.db
    .select()
    .from(tariffPlans)
    .orderBy(...planOrder);
  return rows.map(toTariffPlanDto);
}

type PlanColumns = Partial<typeof tariffPlans.$inferInsert>;

function planColumns(input: z.infer<typeof TariffPlanUpdate>): PlanColumns {
  const columns: PlanColumns = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.description !== undefined) columns.description = input.description;
  if (input.price !== undefined) columns.priceMicros = toMicros(input.price);
  if (input.price_per_minute !== undefined) columns.pricePerUnitMicros = toMicros(input.price_per_minute);
  if (input.included_minutes !== undefined) columns.includedUnitsMilli = toMilliUnits(input.included_minutes);
  if (input.validity_period !== undefined) columns.validityDays = input.validity_period;
  if (input.is_default !== undefined) columns.isDefault = input.is_default;
  if (input.public !== undefined) columns.isPublic = input.public;
  if (input.currency !== undefined) columns.currency = input.currency;
  return columns;
}

async function withUniquePlanName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const pg = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === 'tariff_plans_name_key') {
      throw conflict(BILLING_TEXTS.planNameTaken, 'plan_name_taken');
    }
    throw error;
  }
}

/** Creates a plan (super admin). Making it the default takes the flag from the previous default. */
export async function createTariff(
  ctx: AppContext,
  input: z.output<typeof TariffPlanInput>,
): Promise<TariffPlan> {
  const columns = planColumns(input) as typeof tariffPlans.$inferInsert;
  const row = await withUniquePlanName(() =>
    ctx.db.transaction(async (tx) => {
      if (columns.isDefault)
        await tx.update(tariffPlans).set({ isDefault: false }).where(eq(tariffPlans.isDefault, true));
      const [created] = await tx.insert(tariffPlans).values(columns).returning();
      return created!;
    }),
  );
  return toTariffPlanDto(row);
}

/** Changes a plan (super admin). Bundles already made keep their units and expiry. */
export async function updateTariff(
  ctx: AppContext,
  planId: number,
  input: z.infer<typeof TariffPlanUpdate>,
): Promise<TariffPlan> {
  const row = await withUniquePlanName(() =>
    ctx.db.transaction(async (tx) => {
      const existing = await requirePlan(tx, planId);
      const columns = planColumns(input);
      if (existing.isDefault && columns.isDefault === false) throw badRequest(BILLING_TEXTS.defaultRequired);
      if (columns.isDefault && !existing.isDefault) {
        await tx.update(tariffPlans).set({ isDefault: false }).where(eq(tariffPlans.isDefault, true));
      }
      const [updated] = await tx
        .update(tariffPlans)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(tariffPlans.id, planId))
        .returning();
      return updated!;
    }),
  );
  return toTariffPlanDto(row);
}

// ---------- the project's billing view ----------

export interface ProjectBillingView {
  current_balance: number;
  available_balance: number;
  currency: string;
  use_balance_for_analysis: boolean;
  tariff_plan_id: number | null;
  tariff_plan: TariffPlan | null;
}

/** Billing fields of projects for GET /projects and /projects/{id}, keyed by project id. */
export async function projectBillingViews(
  db: Executor,
  rows: ProjectRow[],
): Promise<Map<number, ProjectBillingView>> {
  const plans = await plansByIds(
    db,
    rows.flatMap((row) => (row.tariffPlanId === null ? [] : [row.tariffPlanId])),
  );
  const available = await availableBalances(db, rows);
  return new Map(
    rows.map((row) => {
      const plan = row.tariffPlanId === null ? undefined : plans.get(row.tariffPlanId);
      return [
        row.id,
        {
          current_balance: fromMicros(row.balanceMicros),
          available_balance: fromMicros(available.get(row.id) ?? row.balanceMicros),
          currency: row.currency,
          use_balance_for_analysis: row.useBalanceForAnalysis,
          tariff_plan_id: row.tariffPlanId,
          tariff_plan: plan ? toTariffPlanDto(plan) : null,
        },
      ];
    }),
  );
}

/**
 * Balances (micros) less the money held by analyses in progress, for the projects that have holds. Held
 * units are paid from bundles first, then from the balance, as their charges will be.
 */
async function availableBalances(
  db: Executor,
  rows: ProjectRow[],
  now = new Date(),
): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const held = await db
    .select({ projectId: billingHolds.projectId, total: sql<string>`sum(${billingHolds.unitsMilli})` })
    .from(billingHolds)
    .where(
      inArray(
        billingHolds.projectId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(billingHolds.projectId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const result = new Map<number, number>();
  for (const { projectId, total } of held) {
    const project = byId.get(projectId)!;
    const inputs = await chargeInputs(db, project, Number(total), now);
    const reserved = inputs.useBalance ? Math.min(project.balanceMicros, planCharge(inputs).amountMicros) : 0;
    result.set(projectId, project.balanceMicros - reserved);
  }
  return result;
}

/**
 * A new project starts on the default plan (called by the projects module inside its create
 * transaction). A free default plan with included units also gives the project its bundle.
 */
export async function initProjectBilling(tx: Executor, projectId: number, now = new Date()): Promise<void> {
  const [plan] = await tx.select().from(tariffPlans).where(eq(tariffPlans.isDefault, true));
  if (!plan) return;
  await tx
    .update(projects)
    .set({ tariffPlanId: plan.id, currency: plan.currency })
    .where(eq(projects.id, projectId));
  if (plan.priceMicros === 0) await addBundle(tx, projectId, plan, null, now);
}

// ---------- ledger primitives (always inside a transaction holding the project's row lock) ----------

/** SELECT ... FOR UPDATE on the project row: every write to a project's balance and bundles takes it first. */
async function lockProject(tx: Tx, projectId: number): Promise<ProjectRow> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
  if (!row) throw notFound(BILLING_TEXTS.projectNotFound);
  return row;
}

type NewInvoice = Omit<typeof invoices.$inferInsert, 'status' | 'projectId' | 'currency'>;

/** Writes a settled row and moves the cached balance with it, in the caller's transaction. */
async function settle(tx: Tx, project: ProjectRow, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, projectId: project.id, currency: project.currency, status: 'settled' })
    .returning();
  await moveBalance(tx, project.id, values.type, values.amountMicros);
  return row!;
}

async function moveBalance(
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

async function addBundle(
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

async function chargeInputs(db: Executor, project: ProjectRow, unitsMilli: number, now: Date) {
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

function checkUnits(unitsMilli: number): void {
  if (!Number.isSafeInteger(unitsMilli) || unitsMilli < 0) {
    throw new Error(`Units must be whole milli-units >= 0, got ${unitsMilli}`);
  }
}

// ---------- analysis: holds, canProcess and charge (for the upload check and the analysis pipeline) ----------

/** The ledger reference of a task's analysis charge. */
export const analysisChargeRef = (taskId: number) => `task:${taskId}`;

/** Units held by the project's analyses in progress, leaving out the hold of `exceptTaskId`. */
async function heldUnits(db: Executor, projectId: number, exceptTaskId?: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${billingHolds.unitsMilli}), 0)` })
    .from(billingHolds)
    .where(
      and(
        eq(billingHolds.projectId, projectId),
        exceptTaskId === undefined ? undefined : ne(billingHolds.taskId, exceptTaskId),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Do the project's bundles, and its balance when allowed, cover `unitsMilli` on top of what the analyses
 * in progress hold? Held units are paid first (bundles, then balance), as their charges will be.
 */
async function coversBesideHolds(
  db: Executor,
  project: ProjectRow,
  unitsMilli: number,
  now: Date,
  exceptTaskId?: number,
): Promise<boolean> {
  const held = await heldUnits(db, project.id, exceptTaskId);
  return canCover(await chargeInputs(db, project, held + unitsMilli, now));
}

/**
 * Do the project's bundles, and its balance when use_balance_for_analysis is on, cover these units beside
 * the units held by analyses in progress? `exceptTaskId`: a task asking for itself does not count its own
 * hold.
 */
export async function canProcess(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  unitsMilli: number,
  options: { now?: Date; exceptTaskId?: number } = {},
): Promise<boolean> {
  checkUnits(unitsMilli);
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound(BILLING_TEXTS.projectNotFound);
  return coversBesideHolds(ctx.db, project, unitsMilli, options.now ?? new Date(), options.exceptTaskId);
}

export type HoldResult = 'held' | 'already_charged' | 'insufficient';

/**
 * Reserves the estimated units of a task that is about to start paid work, so that analyses running at
 * the same time never start more work than the bundles and balance pay for. Under the project's row lock:
 * the units must be covered beside every other task's hold, else nothing is held ('insufficient', and a
 * hold the task had is released). Idempotent by task: a re-run (retry, resumed crash, a larger estimate
 * once a classification has chosen its prompt) replaces the task's hold. A task charged already needs none.
 */
export async function reserve(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  taskId: number,
  unitsMilli: number,
  now = new Date(),
): Promise<HoldResult> {
  checkUnits(unitsMilli);
  return ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (await findAnalysisCharge(tx, projectId, taskId)) return 'already_charged';
    if (!(await coversBesideHolds(tx, project, unitsMilli, now, taskId))) {
      await tx.delete(billingHolds).where(eq(billingHolds.taskId, taskId));
      return 'insufficient';
    }
    await tx
      .insert(billingHolds)
      .values({ taskId, projectId, unitsMilli, createdAt: now })
      .onConflictDoUpdate({ target: billingHolds.taskId, set: { unitsMilli } });
    return 'held';
  });
}

/** Releases the hold of a task that will not be charged (failed, skipped). */
export async function releaseHold(db: Executor, taskId: number): Promise<void> {
  await db.delete(billingHolds).where(eq(billingHolds.taskId, taskId));
}

async function findAnalysisCharge(db: Executor, projectId: number, taskId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, projectId),
        eq(invoices.reference, 'analysis'),
        eq(invoices.referenceId, analysisChargeRef(taskId)),
      ),
    );
  return row ?? null;
}

export type ChargeResult =
  | { status: 'charged'; invoice: InvoiceRow; plan: ChargePlan }
  /** This task was charged before (a retried job): nothing changed. */
  | { status: 'already_charged'; invoice: InvoiceRow }
  /** Bundles and allowed balance do not cover the units: nothing changed. */
  | { status: 'insufficient'; plan: ChargePlan };

export interface ChargeDetails {
  /** Units of content before the prompt's multiplier (minutes_used); defaults to the units charged. */
  minutesMilli?: number;
  description?: string;
  now?: Date;
}

/**
 * Charges the analysis of a task: `unitsMilli` (see analysisUnitsMilli), the units it actually used, from
 * the project's bundles, earliest expiry first, then from the money balance at the plan's rate when the
 * project allows it. All or nothing, never below zero. The task's hold is settled (deleted) in the same
 * transaction, whatever the outcome. The work is done by now, so the charge is taken whenever bundles and
 * balance cover it, even beyond the hold (the pipeline grows the hold before each paid step, so the actual
 * units never exceed it).
 *
 * Idempotent by task: a second call for the same task returns the first charge and changes nothing.
 * Safe under concurrency: the project row is locked (SELECT ... FOR UPDATE) for the whole transaction, so
 * concurrent charges run one after another and the balance never goes below zero.
 */
export async function charge(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  taskId: number,
  unitsMilli: number,
  details: ChargeDetails = {},
): Promise<ChargeResult> {
  checkUnits(unitsMilli);
  const now = details.now ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    await releaseHold(tx, taskId);
    const previous = await findAnalysisCharge(tx, projectId, taskId);
    if (previous) return { status: 'already_charged', invoice: previous };

    const plan = planCharge(await chargeInputs(tx, project, unitsMilli, now));
    if (!plan.covered) return { status: 'insufficient', plan };
    for (const part of plan.fromBundles) {
      await tx
        .update(unitBundles)
        .set({ leftMilli: sql`${unitBundles.leftMilli} - ${part.milli}` })
        .where(eq(unitBundles.id, part.id));
    }
    const invoice = await settle(tx, project, {
      type: 'debit',
      amountMicros: plan.amountMicros,
      unitsMilli,
      minutesMilli: details.minutesMilli ?? unitsMilli,
      freeUnitsMilli: plan.freeMilli,
      description: details.description ?? `Analysis: ${unitsText(unitsMilli)}`,
      processDate: now,
      reference: 'analysis',
      referenceId: analysisChargeRef(taskId),
    });
    return { status: 'charged', invoice, plan };
  });
}

// ---------- purchase and assignment of plans ----------

export interface PurchaseResult {
  invoice: InvoiceRow;
  bundle: BundleRow | null;
  plan: TariffPlanRow;
  project: ProjectRow;
}

/**
 * Buys a public plan: its price is debited from the balance (refused when the balance is short), its
 * included units become a bundle, the project switches to it, and use_balance_for_analysis is set when
 * given. Buying the current plan again prolongs it with a new bundle.
 */
export async function purchasePlan(
  ctx: AppContext,
  projectId: number,
  user: UserRow,
  input: { tariff_id: number; use_balance_for_analysis?: boolean | undefined },
  now = new Date(),
): Promise<PurchaseResult> {
  return ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const plan = await requirePlan(tx, input.tariff_id);
    if (!plan.isPublic) throw new HttpError(403, 'plan_not_public', BILLING_TEXTS.planNotPublic);
    requireSameCurrency(plan, project);
    if (project.balanceMicros < plan.priceMicros) {
      throw paymentRequired(
        `The balance (${money(project.balanceMicros, project.currency)}) does not cover the price of ` +
          `${plan.name} (${money(plan.priceMicros, plan.currency)}). Please add balance first.`,
      );
    }
    const invoice = await settle(tx, project, {
      type: 'debit',
      amountMicros: plan.priceMicros,
      description: `Plan purchase: ${plan.name}${plan.includedUnitsMilli > 0 ? ` (${unitsText(plan.includedUnitsMilli)})` : ''}`,
      processDate: now,
      reference: 'purchase',
      referenceId: String(plan.id),
      createdBy: user.id,
    });
    const bundle = await addBundle(tx, project.id, plan, invoice.id, now);
    const [updated] = await tx
      .update(projects)
      .set({
        tariffPlanId: plan.id,
        ...(input.use_balance_for_analysis !== undefined && {
          useBalanceForAnalysis: input.use_balance_for_analysis,
        }),
        updatedAt: now,
      })
      .where(eq(projects.id, project.id))
      .returning();
    return { invoice, bundle, plan, project: updated! };
  });
}

function requireSameCurrency(plan: TariffPlanRow, project: ProjectRow): void {
  if (plan.currency !== project.currency) {
    throw badRequest(
      `${plan.name} is priced in ${plan.currency}, but this project's balance is in ${project.currency}.`,
      'currency_mismatch',
    );
  }
}

/**
 * A super admin puts a project on any plan, public or not, without charging it; the plan's included units
 * become a bundle.
 */
export async function assignPlan(
  ctx: AppContext,
  projectId: number,
  planId: number,
  now = new Date(),
): Promise<{ project: ProjectRow; bundle: BundleRow | null }> {
  return ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const plan = await requirePlan(tx, planId);
    requireSameCurrency(plan, project);
    const bundle = await addBundle(tx, project.id, plan, null, now);
    const [updated] = await tx
      .update(projects)
      .set({ tariffPlanId: plan.id, updatedAt: now })
      .where(eq(projects.id, project.id))
      .returning();
    return { project: updated!, bundle };
  });
}

// ---------- top-ups, approval, adjustments ----------

/** A top-up request of the add-balance dialog: a pending credit that only a super admin's approval settles. */
export async function requestTopUp(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof TopUpRequest>,
  now = new Date(),
): Promise<InvoiceRow> {
  const { project } = await requireProjectRole(ctx.db, user, input.project_id, 'admin');
  const [row] = await ctx.db
    .insert(invoices)
    .values({
      projectId: project.id,
      type: 'credit',
      status: 'pending',
      amountMicros: toMicros(input.amount),
      currency: project.currency,
      description: input.description || 'Balance top-up request',
      processDate: now,
      reference: 'topup',
      referenceId: input.reference_id || `${BILLING.topUpReferencePrefix}${now.getTime()}`,
      approvalRequired: true,
      createdBy: user.id,
    })
    .returning();
  return row!;
}

/**
 * Approves or rejects a pending top-up. Approval settles the credit (process_date becomes the approval
 * time) and credits the balance in the same transaction; a decided request cannot be decided again.
 */
export async function decideTopUp(
  ctx: AppContext,
  invoiceId: number,
  admin: UserRow,
  decision: 'approve' | 'reject',
  note: string | null = null,
  now = new Date(),
): Promise<InvoiceRow> {
  const [found] = await ctx.db
    .select({ projectId: invoices.projectId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!found) throw notFound(BILLING_TEXTS.invoiceNotFound);
  return ctx.db.transaction(async (tx) => {
    // Lock order: the project first (like every balance write), then the invoice.
    await lockProject(tx, found.projectId);
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice) throw notFound(BILLING_TEXTS.invoiceNotFound);
    if (invoice.reference !== 'topup') throw badRequest(BILLING_TEXTS.notATopUp, 'not_a_top_up');
    if (invoice.status !== 'pending') {
      throw conflict(
        `This top-up request was already ${invoice.status === 'settled' ? 'approved' : 'rejected'}.`,
        'already_decided',
      );
    }
    const approve = decision === 'approve';
    const [updated] = await tx
      .update(invoices)
      .set({
        status: approve ? 'settled' : 'rejected',
        decidedBy: admin.id,
        decidedAt: now,
        decisionNote: note,
        ...(approve && { processDate: now }),
      })
      .where(eq(invoices.id, invoiceId))
      .returning();
    if (approve) await moveBalance(tx, invoice.projectId, 'credit', invoice.amountMicros);
    return updated!;
  });
}

/** A super admin's correction: a settled credit or debit with a reason. A debit cannot overdraw. */
export async function adjustBalance(
  ctx: AppContext,
  projectId: number,
  admin: UserRow,
  input: z.output<typeof AdjustmentRequest>,
  now = new Date(),
): Promise<InvoiceRow> {
  const amountMicros = toMicros(input.amount);
  return ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (input.type === 'debit' && amountMicros > project.balanceMicros) {
      throw paymentRequired(
        `A debit of ${money(amountMicros, project.currency)} would take the balance ` +
          `(${money(project.balanceMicros, project.currency)}) below zero.`,
      );
    }
    return settle(tx, project, {
      type: input.type,
      amountMicros,
      description: input.reason,
      processDate: now,
      reference: 'adjustment',
      createdBy: admin.id,
    });
  });
}

// ---------- reads ----------

export async function listUsableBundles(ctx: AppContext, projectId: number): Promise<BundleRow[]> {
  return usableBundles(ctx.db, projectId);
}

export async function listAdminInvoices(ctx: AppContext, status: InvoiceRow['status'] | undefined) {
  const rows = await ctx.db
    .select({ invoice: invoices, projectName: projects.name, email: users.email })
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .leftJoin(users, eq(users.id, invoices.createdBy))
    .where(status ? eq(invoices.status, status) : eq(invoices.reference, 'topup'))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(1000);
  return rows.map((row) => toAdminInvoiceDto(row.invoice, row.projectName, row.email));
}

/** Every project with its balance, plan, units left and pending top-ups (super admin screen). */
export async function listAdminProjects(ctx: AppContext, projectId?: number): Promise<AdminProject[]> {
  const now = new Date();
  const unitsLeft = sql<string>`(
    SELECT coalesce(sum(${unitBundles.leftMilli}), 0) FROM ${unitBundles}
    WHERE ${unitBundles.projectId} = ${projects.id} AND ${unitBundles.leftMilli} > 0
      AND (${unitBundles.expiresAt} IS NULL OR ${unitBundles.expiresAt} > ${now.toISOString()}::timestamptz)
  )`;
  const pending = sql<number>`(
    SELECT count(*)::int FROM ${invoices}
    WHERE ${invoices.projectId} = ${projects.id} AND ${invoices.status} = 'pending'
  )`;
  const rows = await ctx.db
    .select({ project: projects, planName: tariffPlans.name, unitsLeft, pending })
    .from(projects)
    .leftJoin(tariffPlans, eq(tariffPlans.id, projects.tariffPlanId))
    .where(projectId === undefined ? undefined : eq(projects.id, projectId))
    .orderBy(asc(projects.name), asc(projects.id));
  if (projectId !== undefined && rows.length === 0) throw notFound(BILLING_TEXTS.projectNotFound);
  return rows.map((row) => ({
    id: row.project.id,
    name: row.project.name,
    created_at: row.project.createdAt.toISOString(),
    current_balance: fromMicros(row.project.balanceMicros),
    currency: row.project.currency,
    use_balance_for_analysis: row.project.useBalanceForAnalysis,
    tariff_plan_id: row.project.tariffPlanId,
    tariff_plan_name: row.planName,
    units_left: fromMilliUnits(Number(row.unitsLeft)),
    pending_invoices: Number(row.pending),
  }));
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
