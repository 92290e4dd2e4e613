import { ANALYSIS_CHECK_UNITS, type TaskStatus, taskError, taskErrorText } from '@parley/contracts';
import type { AppContext } from '../../context.ts';
import { reportOutage } from '../../db/outage.ts';
import { RetryLater } from '../../jobs/retries.ts';
import { pipelineStageDuration, secondsSince } from '../../metrics/metrics.ts';
import { storageOf } from '../../storage/index.ts';
import { inSpan } from '../../telemetry/spans.ts';
import { canProcess } from '../billing/holds.ts';
import { skipIfBlacklisted } from '../blacklist/enforce.ts';
import { privacySettings } from '../privacy/settings.ts';
import { findTaskWithMedia } from '../tasks/rows.ts';
import { emitTaskSettled } from '../tasks/settled.ts';
import { failTask, startTask, waitForRetry } from '../tasks/state.ts';
import { classifyFailure, PipelineFailure } from './failures.ts';
import { analysisStage } from './stages/analysis.ts';
import { audioRedactionStage } from './stages/audio-redaction.ts';
import { chargeStage } from './stages/charge.ts';
import { hold } from './stages/hold.ts';
import { lvaStage } from './stages/lva.ts';
import { mediaStage, removeWorkFiles } from './stages/media.ts';
import { checkCredentials, takePromptSnapshot } from './stages/prompt.ts';
import { projectTranscription, transcriptionStage } from './stages/transcription.ts';
import { pipelineState } from './state.ts';
import {
  type PipelineDeps,
  type RunOptions,
  TaskGone,
  type TaskRun,
  type WorkFiles,
  write,
} from './task-run.ts';

const SETTLED: TaskStatus[] = ['completed', 'skipped', 'failed'];

export type RunOutcome = 'completed' | 'failed' | 'skipped' | 'not_found' | 'already_done';

/**
 * Runs (or resumes) the analysis of one task: media -> hold -> transcription -> audio redaction ->
 * analysis -> lva -> charge.
 * Every stage stores its output before the next starts and is skipped when already done, so a re-run
 * after a crash or a retry does no work twice and charges once. Before any paid work the task holds its
 * estimated units (billing holds), so concurrent tasks never start work the project cannot pay for; the
 * charge settles the hold, a failure or skip releases it. A failure that may pass (provider 429,
 * 5xx, timeout, invalid answer) throws RetryLater unless this is the last attempt; any other failure,
 * or one on the last attempt, leaves the task 'failed' with the reason, uncharged. The task's state
 * changes go through the tasks module (which tells the live view and the 'task settled' listeners).
 */
export async function runTask(
  ctx: AppContext,
  taskId: number,
  options: RunOptions,
  deps: PipelineDeps = {},
): Promise<RunOutcome> {
  const work: WorkFiles = { dir: null, input: null };
  try {
    return await execute(ctx, taskId, options, deps, work);
  } catch (error) {
    if (error instanceof TaskGone) return 'not_found';
    if (options.signal?.aborted) throw error;
    // The database went away: the attempt is interrupted as if its worker had stopped (logged once, db/outage.ts).
    if (reportOutage(ctx.db, error)) throw error;
    const { reason, retryable, stage } = classifyFailure(error);
    const message = taskErrorText(reason);
    if (retryable && !options.lastAttempt) {
      ctx.logger.warn({ taskId, error: message }, 'Analysis failed; it will be retried');
      await waitForRetry(ctx, taskId, reason).catch(() => {});
      throw new RetryLater(message, { cause: error });
    }
    ctx.logger.warn({ taskId, error: message }, 'Analysis failed');
    await failTask(ctx, taskId, reason, stage).catch((settleError) => {
      ctx.logger.error({ err: settleError, taskId }, 'Could not mark the task failed');
    });
    return 'failed';
  } finally {
    await removeWorkFiles(work);
  }
}

async function execute(
  ctx: AppContext,
  taskId: number,
  options: RunOptions,
  deps: PipelineDeps,
  work: WorkFiles,
): Promise<RunOutcome> {
  const row = await findTaskWithMedia(ctx.db, taskId);
  if (!row) return 'not_found';
  if (SETTLED.includes(row.task.status)) {
    // An earlier attempt settled the task, and its worker may have stopped (or lost the database) between
    // that commit and the 'task settled' listeners, such as a batch's progress: they run again (each is
    // idempotent), or a batch whose last analysis settled so would never finish.
    await emitTaskSettled(ctx, { id: taskId, projectId: row.task.projectId, status: row.task.status });
    return 'already_done';
  }
  // The blacklist may have changed since the upload: a blacklisted number is never analysed nor charged.
  if (await skipIfBlacklisted(ctx, row.task)) return 'skipped';
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
    transcription: await projectTranscription(ctx, row.task.projectId),
    privacy: await privacySettings(ctx.db, row.task.projectId),
    chosenPrompt: null,
  };

  await write(run, () => startTask(ctx, taskId));
  ctx.logger.info(
    { taskId, projectId: run.task.projectId, lastAttempt: options.lastAttempt },
    'Analysis started',
  );
  const prompt = await takePromptSnapshot(run);
  checkCredentials(run, prompt);
  const noFunds =
    run.task.result === null &&
    !(await canProcess(ctx, run.task.projectId, ANALYSIS_CHECK_UNITS, { exceptTaskId: taskId }));
  if (noFunds) throw new PipelineFailure(taskError('no_funds'));

  const stages = {
    media: mediaStage,
    hold,
    transcription: transcriptionStage,
    audioRedaction: audioRedactionStage,
    analysis: analysisStage,
    lva: lvaStage,
    charge: chargeStage,
  };
  for (const [stage, runStage] of Object.entries(stages)) {
    const started = performance.now();
    await inSpan(
      `stage ${stage}`,
      { 'parley.stage': stage, 'parley.task.id': taskId, 'parley.project.id': run.task.projectId },
      () => runStage(run, prompt),
    );
    pipelineStageDuration.observe({ stage }, secondsSince(started));
    // One line per stage and task: where a run that stalls or fails spent its time, read from the log alone.
    ctx.logger.info({ taskId, stage, ms: Math.round(performance.now() - started) }, 'Analysis stage done');
  }
  return 'completed';
}
