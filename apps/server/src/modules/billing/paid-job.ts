import { fromMilliUnits, type MilliUnits } from '@parley/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { unitsCharged, unitsHeld } from '../../metrics/metrics.ts';
import { queueBalanceLowIfCrossed } from './balance-low.ts';
import { type ChargeDetails, chargeIn } from './charge.ts';
import { releaseHeld, reserveIn } from './holds.ts';
import { type Billable, type Tx, workOf } from './ledger.ts';

/**
 * The billing lifecycle of a paid job (an analysis, an insight, a backtest): its price is
 * held before it pays providers, charged once when it is done, and its hold released when it ends unpaid.
 * Each step runs in the caller's transaction, beside the job's own writes. The ledger's statements and
 * idempotency keys stay in holds.ts, charge.ts and ledger.ts; this is the order paid jobs use them in.
 */

/** Paid work: the project that pays and the item (task, insight or backtest) its hold and charge are keyed by. */
export interface PaidWork {
  projectId: number;
  item: Billable;
}

/**
 * Holds `units` for the work (replacing its earlier hold), under the project's lock. False when the
 * bundles and allowed balance cannot cover them beside the other work's holds: nothing is held then.
 */
export async function holdPaidWork(tx: Tx, work: PaidWork, units: MilliUnits): Promise<boolean> {
  const outcome = await reserveIn(tx, work.projectId, work.item, units);
  if (outcome === 'held') unitsHeld.inc({ work: workOf(work.item) }, fromMilliUnits(units));
  return outcome !== 'insufficient';
}

export type PaidCharge =
  /** Charged now, or by an earlier attempt of a retried job (never twice): the units charged. */
  | { status: 'charged'; unitsMilli: number }
  /** Bundles and allowed balance do not cover the units (as text, for the failure's message): nothing charged. */
  | { status: 'insufficient'; units: string };

/** Charges the units the done work used, once, settling its hold (and tells webhooks when the balance ran low). */
export async function chargePaidWork(
  ctx: Pick<AppContext, 'boss'>,
  tx: Tx,
  work: PaidWork,
  units: MilliUnits,
  details: ChargeDetails,
): Promise<PaidCharge> {
  const outcome = await chargeIn(tx, work.projectId, work.item, units, details);
  if (outcome.status === 'insufficient')
    return { status: 'insufficient', units: fromMilliUnits(units).toString() };
  if (outcome.status === 'charged') {
    unitsCharged.inc({ work: workOf(work.item) }, fromMilliUnits(outcome.invoice.unitsMilli));
    await queueBalanceLowIfCrossed(ctx, tx, outcome.invoice);
  }
  return { status: 'charged', unitsMilli: outcome.invoice.unitsMilli };
}

/**
 * Ends work unpaid (failed, skipped): `end` changes its row in the transaction and returns it, or nothing
 * when the work had already ended; the hold goes only with a row that ended now.
 */
export async function endUnpaid<R>(
  tx: Executor,
  item: Billable,
  end: () => Promise<R | undefined>,
): Promise<R | undefined> {
  const ended = await end();
  if (ended) await releaseHeld(tx, item);
  return ended;
}
