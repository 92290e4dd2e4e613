import { taskError } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tasks } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { announceJobs } from '../../jobs/wakeup.ts';
import { analysisJob } from '../pipeline/jobs.ts';
import { notifyTask } from './notify.ts';
import type { TaskRow } from './rows.ts';
import { failTask } from './state.ts';

/** The answer when the job queue refuses (the task itself fails with the reason queue_failed). */
const QUEUE_UNAVAILABLE = 'The analysis could not be queued. Please try again.';

/** pg-boss runs higher numbers first; the spec's priorities run 0 (high) first. */
export function jobPriority(priority: number): number {
  return 2 - Math.min(2, Math.max(0, priority));
}

export const taskJobKey = (taskId: number) => `task-${taskId}`;

const LIVE_STATES = new Set(['created', 'retry', 'active']);

/** Cancels the task's job that is queued, waiting for a retry or running (its run stops at its next write). */
export async function cancelLiveJobs(ctx: Pick<AppContext, 'boss'>, taskId: number): Promise<void> {
  const live = (await ctx.boss.findJobs(QUEUES.analysis, { key: taskJobKey(taskId) })).filter((job) =>
    LIVE_STATES.has(job.state),
  );
  if (live.length > 0) {
    await ctx.boss.cancel(
      QUEUES.analysis,
      live.map((job) => job.id),
    );
  }
}

/**
 * Queues the analysis of a task (new, retried or restarted) with its priority and schedule. A job the
 * task still has (queued, waiting for a retry, or running) is cancelled first, so that each task has at
 * most one live job (the queue's policy enforces it by singletonKey). Returns the job id.
 */
export async function enqueueTask(
  ctx: Pick<AppContext, 'db' | 'boss' | 'logger'>,
  taskId: number,
): Promise<string> {
  const [task] = await ctx.db
    .select({ priority: tasks.priority, scheduledAt: tasks.scheduledAt })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (!task) throw new Error(`Task ${taskId} does not exist`);
  const singletonKey = taskJobKey(taskId);
  await cancelLiveJobs(ctx, taskId);
  const startAfter = task.scheduledAt && task.scheduledAt.getTime() > Date.now() ? task.scheduledAt : null;
  const id = await analysisJob.send(
    ctx,
    { taskId },
    {
      priority: jobPriority(task.priority),
      singletonKey,
      ...(startAfter ? { startAfter } : {}),
    },
  );
  if (!id) throw new Error(`The analysis of task ${taskId} could not be queued (a live job remains)`);
  if (!startAfter) await announceJobs(ctx, QUEUES.analysis, 1);
  return id;
}

/**
 * Queues a task that was just created or reset and tells the live view; a queue failure leaves it failed,
 * for a retry, and answers 503 queue_unavailable.
 */
export async function queueTask(ctx: AppContext, task: TaskRow): Promise<void> {
  try {
    await enqueueTask(ctx, task.id);
  } catch (error) {
    ctx.logger.error({ err: error, taskId: task.id }, 'Could not queue an analysis');
    await failTask(ctx, task.id, taskError('queue_failed'));
    throw new HttpError(503, 'queue_unavailable', QUEUE_UNAVAILABLE);
  }
  await notifyTask(ctx, task);
}
