import { ANALYSIS_CHECK_UNITS, type TaskStatus } from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';
import { storageOf } from '../../storage/index.ts';
import { notifyTaskEvent, taskEventOf } from '../analyses/events.ts';
import { refreshBatchesOfTask } from '../batches/progress.ts';
import { canProcess, releaseHold } from '../billing/holds.ts';
import { skipIfBlacklisted } from '../blacklist/enforce.ts';
import { classifyFailure, PIPELINE_TEXTS, PipelineFailure } from './failures.ts';
import { analysisStage } from './stages/analysis.ts';
import { chargeStage } from './stages/charge.ts';
import { hold } from './stages/hold.ts';
import { lvaStage } from './stages/lva.ts';
import { mediaStage, removeWorkFiles } from './stages/media.ts';
import { checkCredentials, takePromptSnapshot } from './stages/prompt.ts';
import { transcriptionStage } from './stages/transcription.ts';
import { pipelineState } from './state.ts';
import {
  type PipelineDeps,
  type RunOptions,
  TaskGone,
  type TaskRun,
  update,
  type WorkFiles,
} from './task-run.ts';

export type RunOutcome = 'completed' | 'failed' | 'skipped' | 'not_found' | 'already_done';

/** Thrown when the task should be tried again later (the job's retry); the task waits as 'queued'. */
export class RetryLater extends Error {
  override name = 'RetryLater';
}

/**
 * Runs (or resumes) the analysis of one task: media -> hold -> transcription -> analysis -> lva -> charge.
 * Every stage stores its output before the next starts and is skipped when already done, so a re-run
 * after a crash or a retry does no work twice and charges once. Before any paid work the task holds its
 * estimated units (billing holds), so concurrent tasks never start work the project cannot pay for; the
 * charge settles the hold, a failure or skip releases it. A failure that may pass (provider 429,
 * 5xx, timeout, invalid answer) throws RetryLater unless this is the last attempt; any other failure,
 * or one on the last attempt, leaves the task 'failed' with the reason, uncharged.
 */
export async function runTask(
  ctx: AppContext,
  taskId: number,
  options: RunOptions,
  deps: PipelineDeps = {},
): Promise<RunOutcome> {
  const work: WorkFiles = { dir: null, audio: null };
  try {
    return await execute(ctx, taskId, options, deps, work);
  } catch (error) {
    if (error instanceof TaskGone) return 'not_found';
    if (options.signal?.aborted) throw error;
    const failure = classifyFailure(error);
    if (failure.retryable && !options.lastAttempt) {
      ctx.logger.warn({ taskId, error: failure.message }, 'Analysis failed; it will be retried');
      await settle(ctx, taskId, 'queued', failure.message).catch(() => {});
      throw new RetryLater(failure.message, { cause: error });
    }
    ctx.logger.warn({ taskId, error: failure.message }, 'Analysis failed');
    await settle(ctx, taskId, 'failed', failure.message).catch((settleError) => {
      ctx.logger.error({ err: settleError, taskId }, 'Could not mark the task failed');
    });
    return 'failed';
  } finally {
    await removeWorkFiles(work);
    // Bulk uploads count their items' analyses (a no-op for tasks of no batch).
    await refreshBatchesOfTask(ctx.db, taskId).catch((error) =>
      ctx.logger.warn({ err: error, taskId }, 'Could not update the batch of a task'),
    );
  }
}

/** Marks a task failed whose job was given up (the worker stopped while running its last attempt). */
export async function failInterruptedTask(ctx: AppContext, taskId: number): Promise<void> {
  const [task] = await ctx.db.select({ attempts: tasks.attempts }).from(tasks).where(eq(tasks.id, taskId));
  if (!task) return;
  const row = await ctx.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(tasks)
      .set({ status: 'failed', error: PIPELINE_TEXTS.interrupted(task.attempts), updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), inArray(tasks.status, ['queued', 'processing'])))
      .returning();
    if (failed) await releaseHold(tx, taskId);
    return failed;
  });
  if (row) await notifyTaskEvent(ctx.db, taskEventOf(row)).catch(() => {});
  await refreshBatchesOfTask(ctx.db, taskId).catch(() => {});
}

async function execute(
  ctx: AppContext,
  taskId: number,
  options: RunOptions,
  deps: PipelineDeps,
  work: WorkFiles,
): Promise<RunOutcome> {
  const [row] = await ctx.db
    .select({ task: tasks, media: mediaFiles })
    .from(tasks)
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .where(eq(tasks.id, taskId));
  if (!row) return 'not_found';
  if (row.task.status === 'completed' || row.task.status === 'skipped') return 'already_done';
  // The blacklist may have changed since the upload: a blacklisted number is never analysed nor charged.
  if (await skipIfBlacklisted(ctx, row.task)) {
    await releaseHold(ctx.db, taskId);
    return 'skipped';
  }
  const run: TaskRun = {
    ctx,
    taskId,
    options,
    deps,
    storage: deps.storage ?? storageOf(ctx.config),
    media: row.media,
    work,
    task: row.task,
    state: pipelineState(row.task.pipeline),
  };

  await update(
    run,
    {
      status: 'processing',
      stage: run.task.stage ?? 'media',
      error: null,
      attempts: sql`${tasks.attempts} + 1`,
      startedAt: run.task.startedAt ?? new Date(),
    },
    true,
  );
  const prompt = await takePromptSnapshot(run);
  checkCredentials(run, prompt);
  const noFunds =
    run.task.result === null &&
    !(await canProcess(ctx, run.task.projectId, ANALYSIS_CHECK_UNITS, { exceptTaskId: taskId }));
  if (noFunds) throw new PipelineFailure(PIPELINE_TEXTS.noFunds);

  await mediaStage(run);
  await hold(run, prompt);
  await transcriptionStage(run, prompt);
  await analysisStage(run, prompt);
  await lvaStage(run, prompt);
  await chargeStage(run, prompt);
  return 'completed';
}

/** Leaves the task queued (waiting for a retry, keeping its hold) or failed (releasing it), with the reason. */
async function settle(
  ctx: AppContext,
  taskId: number,
  status: Extract<TaskStatus, 'queued' | 'failed'>,
  reason: string,
): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const [settled] = await tx
      .update(tasks)
      .set({ status, error: reason.slice(0, 2000), updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), sql`${tasks.status} <> 'completed'`))
      .returning();
    if (settled && status === 'failed') await releaseHold(tx, taskId);
    return settled;
  });
  if (row) await notifyTaskEvent(ctx.db, taskEventOf(row)).catch(() => {});
}
