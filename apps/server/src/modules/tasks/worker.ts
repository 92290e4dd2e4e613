import type { AppContext } from '../../context.ts';
import {
  ANALYSIS_HEARTBEAT_REFRESH_SECONDS,
  analysisRetries,
  configureAnalysisQueue,
  QUEUES,
} from '../../jobs/boss.ts';
import { workWithRetries } from '../../jobs/retries.ts';
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

/**
 * The consumer of QUEUES.analysis: each job is one attempt at one task, run by `run`. A task that failed for
 * a passing reason waits as 'queued' for its retry (ANALYSIS_RETRY_LIMIT, ANALYSIS_RETRY_DELAY_SECONDS with
 * exponential backoff) and ends 'failed' with the reason when they are used up. An attempt whose worker died
 * is resumed by another worker as soon as its heartbeat is missed, without spending a retry; a task
 * interrupted INTERRUPTION_LIMIT times ends 'failed' as interrupted (jobs/retries.ts).
 */
export async function workAnalysisQueue(ctx: AppContext, run: AnalysisRunner): Promise<void> {
  await configureAnalysisQueue(ctx.boss, ctx.config.analysis);
  // Each of `concurrency` workers takes one task at a time; a task spends most of its time waiting on
  // providers (whose rate limits set the pace, ai/rate-limiter.ts), so there are hundreds of them.
  await workWithRetries<AnalysisJob>(ctx, {
    queue: QUEUES.analysis,
    givenUpQueue: QUEUES.analysisGivenUp,
    policy: analysisRetries(ctx.config.analysis),
    concurrency: ctx.config.analysis.concurrency,
    heartbeatRefreshSeconds: ANALYSIS_HEARTBEAT_REFRESH_SECONDS,
    run: (job, { lastAttempt }) => run(job.data.taskId, { lastAttempt, signal: job.signal }),
    giveUp: (data, interruptions) => failInterruptedTask(ctx, data.taskId, interruptions),
  });
}
