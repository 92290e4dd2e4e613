import type { AppContext } from '../../context.ts';
import {
  ANALYSIS_HEARTBEAT_REFRESH_SECONDS,
  configureAnalysisQueue,
  QUEUES,
  retryDelaySeconds,
  retryLater,
  workMany,
} from '../../jobs/boss.ts';
import type { AnalysisJob } from './queue.ts';
import { failInterruptedTask } from './state.ts';

/** One attempt at a task, as the queue hands it over. */
export interface AnalysisAttempt {
  /** No retry follows: a failure that could pass later fails the task now. */
  lastAttempt: boolean;
  /** Aborted when the job is cancelled or expires. */
  signal?: AbortSignal;
}

/** Does the work of one attempt (the pipeline). Throws RetryLater when the task waits for another attempt. */
export type AnalysisRunner = (taskId: number, attempt: AnalysisAttempt) => Promise<unknown>;

/** Thrown when the task should be tried again later (the job's retry); the task waits as 'queued'. */
export class RetryLater extends Error {
  override name = 'RetryLater';
}

/**
 * The consumer of QUEUES.analysis: each job is one attempt at one task, run by `run`. Retries follow
 * ANALYSIS_RETRY_LIMIT and ANALYSIS_RETRY_DELAY_SECONDS with exponential backoff; a task waits as
 * 'queued' between attempts and ends 'failed' (with the reason and its attempts) when they are used up.
 * An attempt whose worker died is resumed by another worker as soon as its heartbeat is missed; a job given
 * up that way on its last attempt fails its task.
 */
export async function workAnalysisQueue(ctx: AppContext, run: AnalysisRunner): Promise<void> {
  const { concurrency } = ctx.config.analysis;
  await configureAnalysisQueue(ctx.boss, ctx.config.analysis);
  // Each of `concurrency` workers takes one task at a time; a task spends most of its time waiting on
  // providers (whose rate limits set the pace, ai/rate-limiter.ts), so there are hundreds of them.
  const options = { heartbeatRefreshSeconds: ANALYSIS_HEARTBEAT_REFRESH_SECONDS };
  await workMany<AnalysisJob>(ctx.boss, QUEUES.analysis, concurrency, options, async (job) => {
    try {
      await run(job.data.taskId, { lastAttempt: job.retryCount >= job.retryLimit, signal: job.signal });
    } catch (error) {
      if (!(error instanceof RetryLater)) throw error;
      // The task already says why it waits; the job waits the retry delay (the queue has none: see boss.ts).
      const delay = retryDelaySeconds(ctx.config.analysis.retryDelaySeconds, job.retryCount);
      await retryLater(ctx.boss, ctx.db, job, error.message, delay);
    }
  });
  await ctx.boss.work<AnalysisJob>(QUEUES.analysisGivenUp, async ([job]) => {
    if (job) await failInterruptedTask(ctx, job.data.taskId);
  });
}
