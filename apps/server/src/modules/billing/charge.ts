import { type ChargePlan, type MilliUnits, planCharge } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { unitBundles } from '../../db/schema/index.ts';
import type { InvoiceRow } from './dto.ts';
import { releaseHeld } from './holds.ts';
import {
  type Billable,
  chargeInputs,
  chargeRef,
  findCharge,
  lockProject,
  settle,
  type Tx,
} from './ledger.ts';
import { unitsText } from './messages.ts';

export type ChargeResult =
  | { status: 'charged'; invoice: InvoiceRow; plan: ChargePlan }
  /** This task (or insight) was charged before (a retried job): nothing changed. */
  | { status: 'already_charged'; invoice: InvoiceRow }
  /** Bundles and allowed balance do not cover the units: nothing changed. */
  | { status: 'insufficient'; plan: ChargePlan };

export interface ChargeDetails {
  /** Units of content before the prompt's multiplier (minutes_used; 0 for an insight); defaults to the units charged. */
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
 * Safe under concurrency: the project row is locked (SELECT ... FOR NO KEY UPDATE) for the whole transaction, so
 * concurrent charges run one after another and the balance never goes below zero.
 */
export async function charge(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  taskId: number,
  unitsMilli: MilliUnits,
  details: ChargeDetails = {},
): Promise<ChargeResult> {
  return ctx.db.transaction((tx) => chargeIn(tx, projectId, { taskId }, unitsMilli, details));
}

/** What charge does, for an analysis, an insight or a backtest, in the caller's transaction (which it locks the project in). */
export async function chargeIn(
  tx: Tx,
  projectId: number,
  item: Billable,
  unitsMilli: MilliUnits,
  details: ChargeDetails = {},
): Promise<ChargeResult> {
  const now = details.now ?? new Date();
  const project = await lockProject(tx, projectId);
  await releaseHeld(tx, item);
  const previous = await findCharge(tx, projectId, item);
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
    referenceId: chargeRef(item),
  });
  return { status: 'charged', invoice, plan };
}
