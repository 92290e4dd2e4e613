import { canCover, type MilliUnits, milliUnits } from '@parley/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { billingHolds, projects } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { ProjectRow } from '../projects/access.ts';
import { chargeInputs, findAnalysisCharge, lockProject } from './ledger.ts';
import { BILLING_TEXTS } from './messages.ts';

/** Holds of analyses in progress, and canProcess (for the upload check and the analysis pipeline). */

/** Units held by the project's analyses in progress, leaving out the hold of `exceptTaskId`. */
async function heldUnits(db: Executor, projectId: number, exceptTaskId?: number): Promise<MilliUnits> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${billingHolds.unitsMilli}), 0)` })
    .from(billingHolds)
    .where(
      and(
        eq(billingHolds.projectId, projectId),
        exceptTaskId === undefined ? undefined : ne(billingHolds.taskId, exceptTaskId),
      ),
    );
  return milliUnits(Number(row?.total ?? 0));
}

/**
 * Do the project's bundles, and its balance when allowed, cover `unitsMilli` on top of what the analyses
 * in progress hold? Held units are paid first (bundles, then balance), as their charges will be.
 */
async function coversBesideHolds(
  db: Executor,
  project: ProjectRow,
  unitsMilli: MilliUnits,
  now: Date,
  exceptTaskId?: number,
): Promise<boolean> {
  const held = await heldUnits(db, project.id, exceptTaskId);
  return canCover(await chargeInputs(db, project, milliUnits(held + unitsMilli), now));
}

/**
 * Do the project's bundles, and its balance when use_balance_for_analysis is on, cover these units beside
 * the units held by analyses in progress? `exceptTaskId`: a task asking for itself does not count its own
 * hold.
 */
export async function canProcess(
  ctx: Pick<AppContext, 'db'>,
  projectId: number,
  unitsMilli: MilliUnits,
  options: { now?: Date; exceptTaskId?: number } = {},
): Promise<boolean> {
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
  unitsMilli: MilliUnits,
  now = new Date(),
): Promise<HoldResult> {
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
