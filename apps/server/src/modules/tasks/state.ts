import { type TaskError, type TaskStage, taskError } from '@parley/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { taskRetries, tasksFinished } from '../../metrics/metrics.ts';
import { endUnpaid } from '../billing/paid-job.ts';
import { recordTrackerHits } from '../trackers/hits.ts';
import { queueAnalysisEvent } from '../webhooks/events.ts';
import { recordFieldValues } from './field-values.ts';
import { notifyTask } from './notify.ts';
import type { TaskRow } from './rows.ts';
import { emitTaskSettled } from './settled.ts';

/**
 * The state changes of a task's run (the pipeline does the work and calls these): start, the work it
 * stores on the way, then one end: completed, failed (or back to queued, to wait for a retry) or skipped.
 * Each end releases what the task held and tells the live view and the 'task settled' listeners.
 */

type TaskInsert = typeof tasks.$inferInsert;

/** What the pipeline stores while it works: stage, progress and each stage's output, never the status. */
export type TaskWork = Partial<
  Pick<
    TaskInsert,
    | 'stage'
    | 'progress'
    | 'promptVersionId'
    | 'chosenPromptVersionId'
    | 'title'
    | 'transcript'
    | 'transcriptText'
    | 'transcriptOriginal'
    | 'result'
    | 'metrics'
    | 'speakerRoles'
    | 'lva'
    | 'finalScore'
    | 'scoreMode'
    | 'unsurePaths'
  > & {
    /** What the pipeline has finished so far (its own record, see modules/pipeline/state.ts). */
    pipeline: object;
  }
>;

/** Writes the task, if it is in the state `only` says (any by default). */
async function write(
  ctx: { db: Executor },
  taskId: number,
  values: Record<string, unknown>,
  only?: SQL,
): Promise<TaskRow | null> {
  const [row] = await ctx.db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tasks.id, taskId), only))
    .returning();
  return row ?? null;
}

const notCompleted = sql`${tasks.status} <> 'completed'`;
const queuedOrRunning = inArray(tasks.status, ['queued', 'processing']);

/**
 * An attempt starts: processing, at its stage (media for a new one), one attempt more. Null: no such task, or
 * it is no longer queued or running: an attempt of a worker that was cut off and came back must not take back a
 * task another worker finished meanwhile (it would stay 'processing' for ever once that attempt stops).
 */
export async function startTask(ctx: AppContext, taskId: number): Promise<TaskRow | null> {
  const row = await write(
    ctx,
    taskId,
    {
      status: 'processing',
      stage: sql`coalesce(${tasks.stage}, 'media')`,
      errorReason: null,
      attempts: sql`${tasks.attempts} + 1`,
      startedAt: sql`coalesce(${tasks.startedAt}, now())`,
    },
    queuedOrRunning,
  );
  if (row) await notifyTask(ctx, row);
  return row;
}

/** Stores work of the running task (not sent to the live view: see notifyTask). Null: no such task. */
export async function saveTaskWork(
  ctx: Pick<AppContext, 'db'>,
  taskId: number,
  values: TaskWork,
): Promise<TaskRow | null> {
  return write(ctx, taskId, values);
}

/**
 * Writes the task and, in the same transaction (the caller's), its analytics rows anew: what completes an
 * analysis or changes its answer goes through here. Null: no such task (or not in the state `only` says).
 */
export async function writeAnalysis(
  tx: Executor,
  taskId: number,
  values: Partial<TaskInsert>,
  only?: SQL,
): Promise<TaskRow | null> {
  const row = await write({ db: tx }, taskId, values, only);
  if (row) await recordFieldValues(tx, [taskId]);
  return row;
}

/**
 * The analysis is done and charged; its field values go to analytics and its tracker hits are found in the same
 * transaction (a failure to find them is logged and leaves the completion alone). Null: no such task, or it was
 * completed already (by another attempt: its event is not sent twice).
 */
export async function completeTask(
  ctx: AppContext,
  taskId: number,
  unitsChargedMilli: number,
): Promise<TaskRow | null> {
  const row = await ctx.db.transaction(async (tx) => {
    const done = await writeAnalysis(
      tx,
      taskId,
      {
        status: 'completed',
        stage: 'done',
        progress: 100,
        errorReason: null,
        completedAt: new Date(),
        unitsChargedMilli,
      },
      notCompleted,
    );
    if (done) {
      await recordTrackerHits(ctx, tx, done);
      await queueAnalysisEvent(ctx, tx, done, 'analysis.completed');
    }
    return done;
  });
  if (row) await taskSettled(ctx, row);
  return row;
}

/** Texts from elsewhere (a provider's answer, an exception) are kept to their first 2,000 characters. */
function bounded(reason: TaskError): TaskError {
  const params = Object.entries(reason.params).map(([key, value]) => [
    key,
    typeof value === 'string' ? value.slice(0, 2000) : value,
  ]);
  return { ...reason, params: Object.fromEntries(params) } as TaskError;
}

type EndValues = {
  status: 'failed' | 'skipped';
  errorReason: TaskError;
  completedAt?: Date;
  stage?: TaskStage;
};

/**
 * Ends a task in `from` (failed or skipped) in the caller's transaction, releasing its hold there too. Null
 * when the task was not in `from`. Once it commits, the caller tells `taskSettled` the row.
 */
async function endIn(
  ctx: AppContext,
  tx: Transaction,
  taskId: number,
  from: SQL,
  values: EndValues,
): Promise<TaskRow | null> {
  const row = await endUnpaid(tx, { taskId }, async () => {
    const [ended] = await tx
      .update(tasks)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), from))
      .returning();
    if (ended?.status === 'failed') await queueAnalysisEvent(ctx, tx, ended, 'analysis.failed');
    return ended;
  });
  return row ?? null;
}

/** endIn in a transaction of its own, then the live view and the 'task settled' listeners. */
async function end(ctx: AppContext, taskId: number, from: SQL, values: EndValues): Promise<TaskRow | null> {
  const row = await ctx.db.transaction((tx) => endIn(ctx, tx, taskId, from, values));
  if (row) await taskSettled(ctx, row);
  return row;
}

/** Fails a task that has not completed, with the reason and, when it was not the one running, the stage. */
export async function failTask(
  ctx: AppContext,
  taskId: number,
  reason: TaskError,
  stage?: TaskStage,
): Promise<void> {
  await end(ctx, taskId, notCompleted, {
    status: 'failed',
    errorReason: bounded(reason),
    ...(stage && { stage }),
  });
}

/** Puts a task that has not completed back to queued, keeping its hold, with the reason it waits. */
export async function waitForRetry(ctx: AppContext, taskId: number, reason: TaskError): Promise<void> {
  const [row] = await ctx.db
    .update(tasks)
    .set({ status: 'queued', errorReason: bounded(reason), updatedAt: new Date() })
    .where(and(eq(tasks.id, taskId), notCompleted))
    .returning();
  if (!row) return;
  taskRetries.inc({ reason: reason.code });
  await notifyTask(ctx, row);
}

const skipped = (): EndValues => ({
  status: 'skipped',
  errorReason: taskError('blacklisted'),
  completedAt: new Date(),
});

/**
 * Ends a queued or running task as skipped (not analysed, not charged) with the reason 'skipped:
 * blacklisted'. Null when it was not queued or running.
 */
export async function skipTask(ctx: AppContext, taskId: number): Promise<TaskRow | null> {
  return end(ctx, taskId, queuedOrRunning, skipped());
}

/**
 * skipTask in the caller's transaction (the one that records the task, so that no worker stopping between the
 * two leaves it queued with no job); the caller tells `taskSettled` the row once the transaction commits.
 */
export async function skipTaskIn(ctx: AppContext, tx: Transaction, taskId: number): Promise<TaskRow | null> {
  return endIn(ctx, tx, taskId, queuedOrRunning, skipped());
}

/**
 * Fails a task whose job was given up after `interruptions` interrupted attempts (its worker stopped while
 * running them); null: the queue gave it up on its last attempt, which counts the task's attempts.
 */
export async function failInterruptedTask(
  ctx: AppContext,
  taskId: number,
  interruptions: number | null,
): Promise<void> {
  const [task] = await ctx.db.select({ attempts: tasks.attempts }).from(tasks).where(eq(tasks.id, taskId));
  if (!task) return;
  await end(ctx, taskId, queuedOrRunning, {
    status: 'failed',
    errorReason: taskError('interrupted', { count: interruptions ?? task.attempts }),
  });
}

/** Tells the live view and the 'task settled' listeners that a task ended, once its transaction committed. */
export async function taskSettled(ctx: AppContext, task: TaskRow): Promise<void> {
  const reason = task.errorReason?.code;
  tasksFinished.inc(reason ? { status: task.status, reason } : { status: task.status });
  await notifyTask(ctx, task);
  await emitTaskSettled(ctx, { id: task.id, projectId: task.projectId, status: task.status });
}
