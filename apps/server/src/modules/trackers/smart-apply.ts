import {
  fromMilliUnits,
  type Tracker,
  type TrackerApplyEstimate,
  type TrackerApplyRange,
  toMilliUnits,
  trackerApplyUnitsMilli,
} from '@parley/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { trackerRuns, trackers } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { lockProject } from '../billing/ledger.ts';
import { holdPaidWork } from '../billing/paid-job.ts';
import { insightModel } from '../insights/create.ts';
import type { ProjectAccess } from '../projects/access.ts';

/**
 * Applying a smart tracker to past analyses, priced (issue 38): "Apply to past analyses" by an admin or owner, with
 * the price of N analyses shown first. Each analysis is one model call with the tracker's statement alone and the
 * conversation (smart-run.ts), at the generation model's units per call (as backtests price theirs). The run's
 * price is held when it starts (402 when the project cannot pay it), what it answered is charged once when it ends
 * (ledger key tracker_run:N: a retried or resumed run never charges twice) and the rest of the hold released.
 */

export const SMART_APPLY_TEXTS = {
  notSmart:
    'Only smart trackers are applied to past analyses on request: keyword trackers are applied by themselves, free.',
  running: 'This tracker is being applied to past analyses: wait until the run has finished.',
  nothing: 'No completed analysis with a transcript in this range to apply the tracker to.',
  insufficientFunds:
    'Insufficient funds: applying this tracker costs {units} units, more than the project can pay.',
} as const;

export type RunRow = typeof trackerRuns.$inferSelect;
type TrackerRow = typeof trackers.$inferSelect;

/** The analyses a run over this range looks at (alias t: tasks), in the project's time zone. */
export function runAnalyses(projectId: number, timeZone: string, range: TrackerApplyRange): SQL {
  const day = sql`(t.created_at AT TIME ZONE ${timeZone})::date`;
  return sql`t.project_id = ${projectId} AND t.status = 'completed'
    AND (t.transcript IS NOT NULL OR coalesce(t.transcript_text, '') <> '')
    ${range.from ? sql`AND ${day} >= ${range.from}::date` : sql``}
    ${range.to ? sql`AND ${day} <= ${range.to}::date` : sql``}`;
}

/** How many analyses a run over the range would ask, and the last of their ids. */
async function countAnalyses(db: Executor, access: ProjectAccess, range: TrackerApplyRange) {
  const counted = await db.execute<{ n: number; last: number | null }>(sql`
    SELECT count(*)::int AS n, max(t.id) AS last FROM tasks t
    WHERE ${runAnalyses(access.project.id, access.project.timezone, range)}`);
  return { analyses: counted.rows[0]?.n ?? 0, lastTaskId: counted.rows[0]?.last ?? 0 };
}

/** The project's smart tracker with this id (404 another project's or none, 409 a keyword tracker). */
async function smartTracker(db: Executor, access: ProjectAccess, trackerId: number, lock = false) {
  const where = and(eq(trackers.id, trackerId), eq(trackers.projectId, access.project.id));
  const query = db.select().from(trackers).where(where);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Tracker not found.');
  if (row.kind !== 'smart') throw conflict(SMART_APPLY_TEXTS.notSmart, 'not_smart_tracker');
  return row;
}

/** What applying the tracker to the range's analyses would cost now. */
export async function estimateApply(
  ctx: AppContext,
  access: ProjectAccess,
  trackerId: number,
  range: TrackerApplyRange,
): Promise<TrackerApplyEstimate> {
  await smartTracker(ctx.db, access, trackerId);
  const model = insightModel(ctx.config, {});
  const { analyses } = await countAnalyses(ctx.db, access, range);
  return { analyses, units: fromMilliUnits(trackerApplyUnitsMilli(model.units, analyses)) };
}

/**
 * Starts a run of the smart tracker over the range's analyses: under the tracker's and the project's locks,
 * stores it, holds its price (402 insufficient_funds) and queues its job, in one transaction. 409 while a run of
 * the tracker is queued or running, or when the range has no analysis.
 */
export async function startApply(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number | null,
  trackerId: number,
  range: TrackerApplyRange,
  queue: (tx: Transaction, runId: number) => Promise<void>,
): Promise<TrackerRow> {
  const model = insightModel(ctx.config, {});
  return ctx.db.transaction(async (tx) => {
    const tracker = await smartTracker(tx, access, trackerId, true);
    const [active] = await tx
      .select({ id: trackerRuns.id })
      .from(trackerRuns)
      .where(and(eq(trackerRuns.trackerId, trackerId), inArray(trackerRuns.status, ['queued', 'running'])));
    if (active) throw conflict(SMART_APPLY_TEXTS.running, 'tracker_apply_running');
    const { analyses, lastTaskId } = await countAnalyses(tx, access, range);
    if (analyses === 0) throw conflict(SMART_APPLY_TEXTS.nothing, 'nothing_to_apply');
    const unitsMilli = trackerApplyUnitsMilli(model.units, analyses);
    await lockProject(tx, access.project.id);
    const [run] = await tx
      .insert(trackerRuns)
      .values({
        trackerId,
        projectId: access.project.id,
        fromDay: range.from ?? null,
        toDay: range.to ?? null,
        lastTaskId,
        total: analyses,
        provider: model.provider,
        model: model.model,
        modelUnitsMilli: toMilliUnits(model.units),
        unitsMilli,
        requestedBy: userId,
      })
      .returning();
    if (
      !(await holdPaidWork(tx, { projectId: access.project.id, item: { trackerRunId: run!.id } }, unitsMilli))
    ) {
      const units = fromMilliUnits(unitsMilli).toLocaleString('en-US', { maximumFractionDigits: 3 });
      throw new AppError(
        'payment_required',
        'insufficient_funds',
        SMART_APPLY_TEXTS.insufficientFunds.replace('{units}', units),
      );
    }
    await queue(tx, run!.id);
    return tracker;
  });
}

/** Each tracker's last run (the one its `apply` tells about). */
export async function lastRuns(db: Executor, trackerIds: readonly number[]): Promise<Map<number, RunRow>> {
  if (trackerIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([trackerRuns.trackerId])
    .from(trackerRuns)
    .where(inArray(trackerRuns.trackerId, [...trackerIds]))
    .orderBy(trackerRuns.trackerId, desc(trackerRuns.id));
  return new Map(rows.map((row) => [row.trackerId, row]));
}

/** A smart tracker's `apply`: its last run's progress (done 0 of 0 before any). */
export function runApply(run: RunRow | undefined): Tracker['apply'] {
  if (!run) return { status: 'done', done: 0, total: 0, finished_at: null, error: null };
  const ended = run.status === 'completed' || run.status === 'failed';
  return {
    status: ended ? 'done' : 'running',
    done: run.done + run.failed,
    total: run.total,
    finished_at: run.completedAt?.toISOString() ?? null,
    error: run.status === 'failed' ? run.errorMessage : null,
  };
}
