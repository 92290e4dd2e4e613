import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { listenForJobs, watchBacklog } from './wakeup.ts';

/**
 * The name of every queue the platform uses. Each is created from its job's declaration (jobs/registry.ts,
 * the list in jobs/all.ts); a given-up queue is declared with the job whose dead letters it takes.
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
  retention: 'retention',
  /** Analysis jobs given up (the worker stopped on their last attempt); their tasks are marked failed. */
  analysisGivenUp: 'analysis_given_up',
  /** Batch item jobs given up (the worker stopped on their last attempt); their items are marked failed. */
  batchItemsGivenUp: 'batch_items_given_up',
  /** One row of a bulk upload: download its link, store it, create and queue its analysis. Data {itemId}. */
  batchItems: 'batch_items',
  /** Every minute: unfinished batches whose refresh was lost are brought up to date (batches/progress.ts). */
  batchRecount: 'batch_recount',
  /** Copies analyses completed before analytics existed into its table (modules/analytics/backfill.ts). */
  analyticsBackfill: 'analytics_backfill',
  /** Insight jobs given up (the worker stopped on their last attempt); their insights are marked failed. */
  insightsGivenUp: 'insights_given_up',
  /** One insight: gather its figures, ask the model, charge (modules/insights/jobs.ts). Data {insightId}. */
  insights: 'insights',
  /** Backtest jobs given up (the worker stopped on their last attempt); their backtests are marked failed. */
  backtestsGivenUp: 'backtests_given_up',
  /** One backtest: analyse its conversations with the draft, then charge (modules/backtests). Data {backtestId}. */
  backtests: 'backtests',
  /** Finds the Drive folder integrations whose sync is due and starts them (every minute). */
  driveSyncTick: 'drive_sync_tick',
  /** One claimed sync of a Drive folder integration (modules/google-drive/jobs.ts). Data {integrationId, runId}. */
  driveSync: 'drive_sync',
  /** One attempt at one webhook delivery (modules/webhooks/deliveries.ts). Data {deliveryId}. */
  webhookDeliveries: 'webhook_deliveries',
  /** Every hour: the enabled sampling rules of every project assign the current week (modules/reviews). */
  sampling: 'sampling',
  /** One email or Slack action of an automation rule's firing (modules/automations). Data {firingId, index, action}. */
  automationActions: 'automation_actions',
  /** One call event of a phone-system receiver: fetch its recording, create its analysis (modules/receivers). Data {eventId}. */
  receiverEvents: 'receiver_events',
  /** Receiver event jobs given up (the worker stopped on their last attempt); their events are marked failed. */
  receiverEventsGivenUp: 'receiver_events_given_up',
  /** Applies a tracker to its project's past analyses, chunk by chunk (modules/trackers/apply.ts). Data {trackerId}. */
  trackerApply: 'tracker_apply',
  /** Topic run jobs given up (the worker stopped on their last attempt); their runs are marked failed. */
  topicsGivenUp: 'topics_given_up',
  /** One topic run: group the period's summaries, name the groups, charge (modules/topics). Data {runId}. */
  topics: 'topics',
  /** On the first of every month: the projects that opted in start a run of the month before (modules/topics). */
  topicsMonthly: 'topics_monthly',
  /** One priced run of a smart tracker over past analyses, then its charge (modules/trackers/smart-run.ts). Data {runId}. */
  trackerRuns: 'tracker_runs',
  /** Tracker run jobs given up (the worker stopped on their last attempt); their runs are marked failed. */
  trackerRunsGivenUp: 'tracker_runs_given_up',
} as const;

/**
 * The heartbeat of the jobs that wait on other services (analyses, batch item downloads). A worker that
 * stops (crash, kill -9, a lost machine or network link) stops refreshing its job's heartbeat; once the
 * heartbeat is this old, the supervisor (every SUPERVISE_SECONDS) fails the attempt and another worker
 * resumes the work at once: at most HEARTBEAT + SUPERVISE + the polling interval after the crash. The
 * smallest pg-boss allows. A worker that comes back finds its job no longer its own at its next refresh:
 * pg-boss aborts the attempt's signal, and its results no longer land (modules/pipeline/task-run.ts).
 */
export const JOB_HEARTBEAT_SECONDS = 10;
/**
 * How often a running job of those refreshes its heartbeat: twice within JOB_HEARTBEAT_SECONDS, so that a
 * live one (a provider call or a download may take minutes; they are awaited, never blocking the event loop)
 * is never taken for a crashed one, while hundreds of running tasks cost the database some 50 updates a
 * second per process, not a hundred.
 */
export const JOB_HEARTBEAT_REFRESH_SECONDS = 4;
/** How often pg-boss looks for jobs whose heartbeat or time ran out, and refreshes its queue stats. */
export const SUPERVISE_SECONDS = 2;

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
 * (announceJobs), so that a burst of work starts at once on every worker it needs, not only on the quick ones;
 * jobs that become ready unannounced (a crashed worker's, given back) wake them too (watchBacklog).
 */
export async function workMany<T extends object>(
  boss: PgBoss,
  name: string,
  concurrency: number,
  options: { heartbeatRefreshSeconds?: number },
  handler: (job: JobWithMetadata<T>) => Promise<void>,
): Promise<void> {
  await listenForJobs(boss);
  if (concurrency > QUICK_WORKERS) watchBacklog(boss, name);
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
