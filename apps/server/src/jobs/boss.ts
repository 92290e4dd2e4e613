import { type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import { databaseOutage } from '../db/outage.ts';
import type { Logger } from '../logger.ts';
import { listenForJobs } from './wakeup.ts';

/**
 * Every queue the platform uses, created in this order (a dead-letter queue before the queue that names it).
 * A queue must exist before jobs are sent to it.
 */
export const QUEUES = {
  /** Analysis of one task; job data {taskId}; at most one queued or active job per task (singletonKey). */
  analysis: 'analysis',
  email: 'email',
  /**
   * Sign-ups, reset and sign-in link requests whose outcome depends on whether the email has an account: done
   * in the background so that the answer does not (modules/auth/jobs.ts).
   */
  authRequests: 'auth_requests',
  maintenance: 'maintenance',
  /** Analysis jobs given up (the worker stopped on their last attempt); their tasks are marked failed. */
  analysisGivenUp: 'analysis_given_up',
  /** Batch item jobs given up (the worker stopped on their last attempt); their items are marked failed. */
  batchItemsGivenUp: 'batch_items_given_up',
  /** One row of a bulk upload: download its link, store it, create and queue its analysis. Data {itemId}. */
  batchItems: 'batch_items',
  /** Copies analyses completed before analytics existed into its table (modules/analytics/backfill.ts). */
  analyticsBackfill: 'analytics_backfill',
  /** Insight jobs given up (the worker stopped on their last attempt); their insights are marked failed. */
  insightsGivenUp: 'insights_given_up',
  /** One insight: gather its figures, ask the model, charge (modules/insights/jobs.ts). Data {insightId}. */
  insights: 'insights',
  /** Finds the Drive folder integrations whose sync is due and starts them (every minute). */
  driveSyncTick: 'drive_sync_tick',
  /** One claimed sync of a Drive folder integration (modules/google-drive/jobs.ts). Data {integrationId, runId}. */
  driveSync: 'drive_sync',
} as const;

/**
 * A worker that stops (crash, kill -9, a lost machine) stops refreshing its job's heartbeat; once the
 * heartbeat is this old, the supervisor (every SUPERVISE_SECONDS) fails the attempt and another worker
 * resumes the task at once: at most HEARTBEAT + SUPERVISE + the polling interval after the crash. The
 * smallest pg-boss allows.
 */
const ANALYSIS_HEARTBEAT_SECONDS = 10;
/**
 * How often a running analysis refreshes its heartbeat: twice within ANALYSIS_HEARTBEAT_SECONDS, so that a
 * live task (whose provider calls may take minutes; they are awaited, never blocking the event loop) is
 * never taken for a crashed one, while hundreds of running tasks cost the database some 50 updates a second
 * per process, not a hundred.
 */
export const ANALYSIS_HEARTBEAT_REFRESH_SECONDS = 4;
/** How often pg-boss looks for jobs whose heartbeat or time ran out, and refreshes its queue stats. */
const SUPERVISE_SECONDS = 2;

/**
 * Workers of a queue that look for jobs often while idle, so that a job that becomes due without being sent
 * (a retry's delay or a schedule ends, a crashed worker's job is given back) starts within half a second.
 */
const QUICK_WORKERS = 4;
const QUICK_POLL_SECONDS = 0.5;
/** How often the other workers look while idle: sent jobs wake them (jobs/wakeup.ts); this is the fallback. */
const BULK_POLL_SECONDS = 10;

/**
 * Registers `concurrency` workers of a queue (hundreds for analyses, which wait on providers), each taking
 * one job at a time. A worker that finished a job takes the next at once while a backlog lasts (the
 * queue's stats, refreshed every SUPERVISE_SECONDS). While idle, QUICK_WORKERS of them look every half
 * second and the rest every BULK_POLL_SECONDS, so that a process's idle workers ask the database some 30
 * times a second however many there are; jobs sent meanwhile wake as many idle workers as there are jobs
 * (announceJobs), so that a burst of work starts at once on every worker it needs, not only on the quick ones.
 */
export async function workMany<T extends object>(
  boss: PgBoss,
  name: string,
  concurrency: number,
  options: { heartbeatRefreshSeconds?: number },
  handler: (job: JobWithMetadata<T>) => Promise<void>,
): Promise<void> {
  await listenForJobs(boss);
  const groups = [
    { workers: Math.min(concurrency, QUICK_WORKERS), pollingIntervalSeconds: QUICK_POLL_SECONDS },
    { workers: concurrency - QUICK_WORKERS, pollingIntervalSeconds: BULK_POLL_SECONDS },
  ];
  for (const { workers, pollingIntervalSeconds } of groups) {
    if (workers <= 0) continue;
    const work = {
      ...options,
      includeMetadata: true,
      batchSize: 1,
      localConcurrency: workers,
      pollingIntervalSeconds,
      burstWhenReadyExceeds: 1,
    } as const;
    await boss.work<T, void, typeof work>(name, work, async ([job]) => {
      if (job) await handler(job);
    });
  }
}
/** Longest one attempt may run (a long recording: decode, many transcription pieces, analysis). */
export const ANALYSIS_EXPIRE_SECONDS = 6 * 3600;

/** How often a job is tried again after failures that may pass (see jobs/retries.ts). */
export interface RetryPolicy {
  /** Retries after a failure for a passing reason (a provider's 429 or 5xx, a timeout, an unfit answer). */
  retries: number;
  /** Wait before the first of them, doubled with each (0: at once). */
  delaySeconds: number;
}

/**
 * Attempts cut short that a job survives: its worker stopped (a crash, kill -9, an out-of-memory kill, a
 * restart or deploy, a lost database) before the attempt could finish or fail. They do not spend the job's
 * retries, which are for failures of the work. A healthy job is interrupted once per restart or outage it
 * lives through, rarely more than two or three times. A job that takes its worker down on every attempt
 * (a file that exhausts memory) takes down everything else that worker runs each time: it is given up
 * after 10 attempts, failed as interrupted, so it costs at most ten restarts.
 */
export const INTERRUPTION_LIMIT = 10;

/**
 * The queue settings of a policy. pg-boss counts every attempt the same, interrupted or failed: its limit is
 * both bounds together (the handler keeps them apart, see jobs/retries.ts). pg-boss applies a queue's retry
 * delay to every failed attempt, interrupted ones included; the queue has none, so an interrupted attempt
 * resumes at once, and an attempt that failed for a passing reason waits its delay through retryLater.
 */
function retrySettings(policy: RetryPolicy) {
  return { retryLimit: policy.retries + INTERRUPTION_LIMIT, retryDelay: 0, retryBackoff: false } as const;
}

/** Batch items: a download that failed for a passing reason (timeout, 5xx) is tried twice more, 30 s and 60 s later. */
export const BATCH_ITEMS_RETRIES: RetryPolicy = { retries: 2, delaySeconds: 30 };

/** A worker that stops is noticed by the heartbeat; given-up jobs fail their items. */
const BATCH_ITEMS_QUEUE = {
  ...retrySettings(BATCH_ITEMS_RETRIES),
  heartbeatSeconds: 60,
  expireInSeconds: 3600,
  deadLetter: QUEUES.batchItemsGivenUp,
} as const;

/**
 * Insights: an attempt that failed for a passing reason (a provider's 5xx or timeout) is tried twice more,
 * 30 s and 60 s later.
 */
export const INSIGHTS_RETRIES: RetryPolicy = { retries: 2, delaySeconds: 30 };

/**
 * A worker that stops is noticed by the heartbeat and another resumes the insight. An attempt may wait up to
 * 10 minutes for the provider's rate limit before its call.
 */
const INSIGHTS_QUEUE = {
  ...retrySettings(INSIGHTS_RETRIES),
  heartbeatSeconds: 30,
  expireInSeconds: 1800,
  deadLetter: QUEUES.insightsGivenUp,
} as const;

/** The retry policy of analyses: ANALYSIS_RETRY_LIMIT and ANALYSIS_RETRY_DELAY_SECONDS. */
export const analysisRetries = (analysis: Config['analysis']): RetryPolicy => ({
  retries: analysis.retryLimit,
  delaySeconds: analysis.retryDelaySeconds,
});

/**
 * Retry, heartbeat and dead-letter settings of the analysis queue. pg-boss copies a queue's settings into
 * each job when it is sent, so every process that sends (API) or works (worker) applies them at start.
 */
export async function configureAnalysisQueue(boss: PgBoss, analysis: Config['analysis']): Promise<void> {
  await boss.updateQueue(QUEUES.analysis, {
    ...retrySettings(analysisRetries(analysis)),
    deadLetter: QUEUES.analysisGivenUp,
    heartbeatSeconds: ANALYSIS_HEARTBEAT_SECONDS,
    expireInSeconds: ANALYSIS_EXPIRE_SECONDS,
  });
}

/** pg-boss on the platform database (its own `pgboss` schema), with every queue created. */
export async function startBoss(
  databaseUrl: string,
  logger: Logger,
  analysis: Config['analysis'],
): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    // Hundreds of workers fetch, refresh heartbeats and complete jobs through it (see POOLS in db/client.ts).
    max: 8,
    application_name: 'parley-jobs',
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    queueCacheIntervalSeconds: SUPERVISE_SECONDS,
  });
  const outage = databaseOutage(databaseUrl, logger);
  boss.on('error', (error) => {
    if (!outage.report(error)) logger.error({ err: error }, 'Job queue error');
  });
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, {
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      ...(name === QUEUES.analysis ? { policy: 'exclusive' as const } : {}),
      ...(name === QUEUES.batchItems ? BATCH_ITEMS_QUEUE : {}),
      ...(name === QUEUES.insights ? INSIGHTS_QUEUE : {}),
      // Sign-up jobs carry a password hash: gone an hour after they are done, or a day unworked.
      ...(name === QUEUES.authRequests ? { deleteAfterSeconds: 3600, retentionSeconds: 86_400 } : {}),
      // A sync records its own failures; the next one (schedule or manual) is the retry.
      ...(name === QUEUES.driveSync || name === QUEUES.driveSyncTick
        ? { retryLimit: 0, expireInSeconds: 3600 }
        : {}),
    });
  }
  // A queue keeps the settings it was created with: these take the current ones on a database of an earlier version.
  await boss.updateQueue(QUEUES.batchItems, BATCH_ITEMS_QUEUE);
  await boss.updateQueue(QUEUES.insights, INSIGHTS_QUEUE);
  await configureAnalysisQueue(boss, analysis);
  return boss;
}
