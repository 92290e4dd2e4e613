import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tasks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { onTransaction, type Transaction } from '../../jobs/connection.ts';
import { announceJobs } from '../../jobs/wakeup.ts';
import { analysisJob } from '../pipeline/jobs.ts';
import { notifyTask } from './notify.ts';
import type { TaskRow } from './rows.ts';

/** The answer when the job queue refuses (the task is not created, or not reset). */
const QUEUE_UNAVAILABLE = 'The analysis could not be queued. Please try again.';

/** pg-boss runs higher numbers first; the spec's priorities run 0 (high) first. */
export function jobPriority(priority: number): number {
  return 2 - Math.min(2, Math.max(0, priority));
}

export const taskJobKey = (taskId: number) => `task-${taskId}`;

const LIVE_STATES = new Set(['created', 'retry', 'active']);

/**
 * Cancels the task's job that is queued, waiting for a retry or running (its run stops at its next write), in
 * `tx` when given.
 */
export async function cancelLiveJobs(
  ctx: Pick<AppContext, 'boss'>,
  taskId: number,
  tx?: Transaction,
): Promise<void> {
  const connection = tx && onTransaction(tx);
  const jobs = await ctx.boss.findJobs(QUEUES.analysis, { key: taskJobKey(taskId), ...connection });
  const live = jobs.filter((job) => LIVE_STATES.has(job.state));
  if (live.length > 0) {
    await ctx.boss.cancel(
      QUEUES.analysis,
      live.map((job) => job.id),
      connection,
    );
  }
}

/** A task scheduled for later starts then. */
const startAfterOf = (task: Pick<TaskRow, 'scheduledAt'>): Date | null =>
  task.scheduledAt && task.scheduledAt.getTime() > Date.now() ? task.scheduledAt : null;

/**
 * Queues the analysis of a task (new, retried or restarted) with its priority and schedule, in the
 * transaction that creates or resets it: the job exists only if the task does. A job the task still has
 * (queued, waiting for a retry, or running) is cancelled first, so that each task has at most one live job
 * (the queue's policy enforces it by singletonKey). A queue that refuses answers 503 queue_unavailable, which
 * rolls the transaction back. Returns the job id; announceTask follows the commit.
 */
export async function queueTaskIn(
  ctx: Pick<AppContext, 'boss' | 'logger'>,
  tx: Transaction,
  task: Pick<TaskRow, 'id' | 'priority' | 'scheduledAt'>,
): Promise<string> {
  try {
    await cancelLiveJobs(ctx, task.id, tx);
    const startAfter = startAfterOf(task);
    const id = await analysisJob.send(
      ctx,
      { taskId: task.id },
      {
        priority: jobPriority(task.priority),
        singletonKey: taskJobKey(task.id),
        ...(startAfter ? { startAfter } : {}),
        tx,
      },
    );
    if (!id) throw new Error(`The analysis of task ${task.id} could not be queued (a live job remains)`);
    return id;
  } catch (error) {
    ctx.logger.error({ err: error, taskId: task.id }, 'Could not queue an analysis');
    throw new AppError('unavailable', 'queue_unavailable', QUEUE_UNAVAILABLE);
  }
}

/** After the transaction that queued a task commits: wakes a worker when it can start now. */
async function wakeWorkerFor(ctx: Pick<AppContext, 'db' | 'logger'>, task: Pick<TaskRow, 'scheduledAt'>) {
  if (!startAfterOf(task)) await announceJobs(ctx, QUEUES.analysis, 1);
}

/** After the transaction that queued a task commits: wakes a worker for it and tells the live view. */
export async function announceTask(ctx: AppContext, task: TaskRow): Promise<void> {
  await wakeWorkerFor(ctx, task);
  await notifyTask(ctx, task);
}

/** Queues the analysis of a task that exists already, in a transaction of its own. Returns the job id. */
export async function enqueueTask(
  ctx: Pick<AppContext, 'db' | 'boss' | 'logger'>,
  taskId: number,
): Promise<string> {
  const { id, task } = await ctx.db.transaction(async (tx) => {
    const [task] = await tx
      .select({ id: tasks.id, priority: tasks.priority, scheduledAt: tasks.scheduledAt })
      .from(tasks)
      .where(eq(tasks.id, taskId));
    if (!task) throw new Error(`Task ${taskId} does not exist`);
    return { id: await queueTaskIn(ctx, tx, task), task };
  });
  await wakeWorkerFor(ctx, task);
  return id;
}
