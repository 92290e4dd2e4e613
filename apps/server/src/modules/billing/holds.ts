import { canCover, coverableUnitsMilli, type MilliUnits, milliUnits } from '@parley/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { billingHolds, projects } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectRow } from '../projects/access.ts';
import { type Billable, chargeInputs, findCharge, lockProject, type Tx } from './ledger.ts';
import { BILLING_TEXTS } from './messages.ts';

/** Holds of analyses, insights and backtests in progress, and canProcess (for the upload check and the analysis pipeline). */

/** The column that keys the item's hold, and the item's id. */
function holder(item: Billable) {
  if ('taskId' in item) return { column: billingHolds.taskId, id: item.taskId };
  if ('insightId' in item) return { column: billingHolds.insightId, id: item.insightId };
  if ('backtestId' in item) return { column: billingHolds.backtestId, id: item.backtestId };
  if ('trackerRunId' in item) return { column: billingHolds.trackerRunId, id: item.trackerRunId };
  return { column: billingHolds.topicRunId, id: item.topicRunId };
}

const heldBy = (item: Billable): SQL => {
  const { column, id } = holder(item);
  return eq(column, id);
};

/** Units held by the project's work in progress, leaving out the hold of `except`. */
async function heldUnits(db: Executor, projectId: number, except?: Billable): Promise<MilliUnits> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${billingHolds.unitsMilli}), 0)` })
    .from(billingHolds)
    .where(
      and(
        eq(billingHolds.projectId, projectId),
        // The other kinds' rows have NULL in the compared column: not theirs, so they count.
        except === undefined ? undefined : sql`(${heldBy(except)}) IS NOT TRUE`,
      ),
    );
  return milliUnits(Number(row?.total ?? 0));
}

/**
 * Do the project's bundles, and its balance when allowed, cover `unitsMilli` on top of what the work in
 * progress holds? Held units are paid first (bundles, then balance), as their charges will be.
 */
async function coversBesideHolds(
  db: Executor,
  project: ProjectRow,
  unitsMilli: MilliUnits,
  now: Date,
  except?: Billable,
): Promise<boolean> {
  const held = await heldUnits(db, project.id, except);
  return canCover(await chargeInputs(db, project, milliUnits(held + unitsMilli), now));
}

/**
 * Do the project's bundles, and its balance when use_balance_for_analysis is on, cover these units beside
 * the units held by work in progress? `exceptTaskId`: a task asking for itself does not count its own hold.
 */
export async function canProcess(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  unitsMilli: MilliUnits,
  options: { now?: Date; exceptTaskId?: number } = {},
): Promise<boolean> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound(BILLING_TEXTS.projectNotFound);
  const except = options.exceptTaskId === undefined ? undefined : { taskId: options.exceptTaskId };
  return coversBesideHolds(ctx.db, project, unitsMilli, options.now ?? new Date(), except);
}

/**
 * The most units a task could hold now: what the project's bundles, and its balance when allowed, cover
 * beside the units held by other work in progress (the task's own hold left out); null when there is no
 * limit (a free rate with the balance allowed).
 */
export async function coverableUnits(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  taskId: number,
  now = new Date(),
): Promise<MilliUnits | null> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound(BILLING_TEXTS.projectNotFound);
  const held = await heldUnits(ctx.db, project.id, { taskId });
  const most = coverableUnitsMilli(await chargeInputs(ctx.db, project, milliUnits(0), now));
  return most === null ? null : milliUnits(Math.max(0, most - held));
}

export type HoldResult = 'held' | 'already_charged' | 'insufficient';

/**
 * Reserves the estimated units of an analysis that is about to start paid work (or the price of an
 * insight), so that work running at the same time never starts more than the bundles and balance pay for.
 * In the caller's transaction, under the project's row lock: the units must be covered beside every other
 * hold, else nothing is held ('insufficient', and a hold the item had is released). Idempotent by item: a
 * re-run (retry, resumed crash, a larger estimate once a classification has chosen its prompt) replaces the
 * item's hold. An item charged already needs none.
 */
export async function reserveIn(
  tx: Tx,
  projectId: number,
  item: Billable,
  unitsMilli: MilliUnits,
  now = new Date(),
): Promise<HoldResult> {
  const project = await lockProject(tx, projectId);
  if (await findCharge(tx, projectId, item)) return 'already_charged';
  if (!(await coversBesideHolds(tx, project, unitsMilli, now, item))) {
    await releaseHeld(tx, item);
    return 'insufficient';
  }
  await tx
    .insert(billingHolds)
    .values({ ...item, projectId, unitsMilli, createdAt: now })
    .onConflictDoUpdate({
      target: holder(item).column,
      set: { unitsMilli },
    });
  return 'held';
}

/** reserveIn for a task, in a transaction of its own. */
export async function reserve(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  taskId: number,
  unitsMilli: MilliUnits,
  now = new Date(),
): Promise<HoldResult> {
  return ctx.db.transaction((tx) => reserveIn(tx, projectId, { taskId }, unitsMilli, now));
}

/** Releases the hold of an analysis, insight or backtest that will not be charged (failed, skipped). */
export async function releaseHeld(db: Executor, item: Billable): Promise<void> {
  await db.delete(billingHolds).where(heldBy(item));
}
