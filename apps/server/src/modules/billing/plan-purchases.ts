import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, unitBundles } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { ProjectRow } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';
import { queueBalanceLowIfCrossed } from './balance-low.ts';
import type { BundleRow, InvoiceRow, TariffPlanRow } from './dto.ts';
import { claimFreeUnits, givesFreeUnits } from './free-unit-grants.ts';
import { addBundle, lockProject, settle, type Tx } from './ledger.ts';
import { BILLING_TEXTS, money, paymentRequired, unitsText } from './messages.ts';
import { requirePlan } from './plans.ts';

/** Purchase of a plan by a project, and assignment of a plan by a super admin. */

export interface PurchaseResult {
  invoice: InvoiceRow;
  bundle: BundleRow | null;
  plan: TariffPlanRow;
  project: ProjectRow;
}

/**
 * Buys a public plan: its price is debited from the balance (refused when the balance is short), its
 * included units become a bundle, the project switches to it, and use_balance_for_analysis is set when
 * given. Buying the current plan again prolongs it with a new bundle. A free plan's units are given once per
 * project and once per account, the buyer's (the starter units of a free default plan among them): buying it
 * again, or in another project of the same account, only switches to it.
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
    if (!plan.isPublic) throw new AppError('forbidden', 'plan_not_public', BILLING_TEXTS.planNotPublic);
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
    await queueBalanceLowIfCrossed(ctx, tx, invoice);
    const givesUnits =
      plan.priceMicros > 0 ||
      (givesFreeUnits(plan) &&
        !(await hadBundleOf(tx, project.id, plan.id)) &&
        (await claimFreeUnits(tx, user.id, plan)));
    const bundle = givesUnits ? await addBundle(tx, project.id, plan, invoice.id, now) : null;
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

async function hadBundleOf(tx: Tx, projectId: number, planId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: unitBundles.id })
    .from(unitBundles)
    .where(and(eq(unitBundles.projectId, projectId), eq(unitBundles.tariffPlanId, planId)))
    .limit(1);
  return row !== undefined;
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
