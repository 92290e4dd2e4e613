import { fromMicros, milliUnits, planCharge, type TariffPlan } from '@parley/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingHolds, projects, tariffPlans } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/access.ts';
import { toTariffPlanDto } from './dto.ts';
import { claimFreeUnits, givesFreeUnits } from './free-unit-grants.ts';
import { addBundle, chargeInputs } from './ledger.ts';
import { plansByIds } from './plans.ts';

/**
 * The billing side of projects: their billing fields in the project API, and their start on the default
 * plan.
 */

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
    const inputs = await chargeInputs(db, project, milliUnits(Number(total)), now);
    const reserved = inputs.useBalance ? Math.min(project.balanceMicros, planCharge(inputs).amountMicros) : 0;
    result.set(projectId, project.balanceMicros - reserved);
  }
  return result;
}

/**
 * A new project starts on the default plan (called by the projects module inside its create
 * transaction). A free default plan with included units (starter units) also gives the project its bundle,
 * when it is the first project its creator makes since there are starter units.
 */
export async function initProjectBilling(
  tx: Executor,
  projectId: number,
  creatorId: number,
  now = new Date(),
): Promise<void> {
  const [plan] = await tx.select().from(tariffPlans).where(eq(tariffPlans.isDefault, true));
  if (!plan) return;
  await tx
    .update(projects)
    .set({ tariffPlanId: plan.id, currency: plan.currency })
    .where(eq(projects.id, projectId));
  if (givesFreeUnits(plan) && (await claimFreeUnits(tx, creatorId, plan))) {
    await addBundle(tx, projectId, plan, null, now);
  }
}
