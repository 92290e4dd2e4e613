import { PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

/**
 * Every queue the platform uses, created in this order (a dead-letter queue before the queue that names it).
 * A queue must exist before jobs are sent to it.
 */
export const QUEUES = {
  /** Analysis of one task; job data {taskId}; at most one queued or active job per task (singletonKey). */
  analysis: 'analysis',
  email: 'email',
  maintenance: 'maintenance',
  /** Analysis jobs given up (the worker stopped on their last attempt); their tasks are marked failed. */
  analysisGivenUp: 'analysis_given_up',
  /** Batch item jobs given up (the worker stopped on their last attempt); their items are marked failed. */
  batchItemsGivenUp: 'batch_items_given_up',
  /** One row of a bulk upload: download its link, store it, create and queue its analysis. Data {itemId}. */
  batchItems: 'batch_items',
} as const;

/** A worker that stops (crash, deploy) loses its job's heartbeat; the job is retried after this long. */
const ANALYSIS_HEARTBEAT_SECONDS = 60;
/** Longest one attempt may run (a long recording: decode, many transcription pieces, analysis). */
const ANALYSIS_EXPIRE_SECONDS = 6 * 3600;

/**
 * Batch items: a download that failed for a passing reason (timeout, 5xx) is tried twice more, 30 s and
 * 60 s later; a worker that stops is noticed by the heartbeat; given-up jobs fail their items.
 */
const BATCH_ITEMS_QUEUE = {
  retryLimit: 2,
  retryDelay: 30,
  retryBackoff: true,
  heartbeatSeconds: 60,
  expireInSeconds: 3600,
  deadLetter: QUEUES.batchItemsGivenUp,
} as const;

/**
 * Retry, heartbeat and dead-letter settings of the analysis queue. pg-boss copies a queue's settings into
 * each job when it is sent, so every process that sends (API) or works (worker) applies them at start.
 */
export async function configureAnalysisQueue(boss: PgBoss, analysis: Config['analysis']): Promise<void> {
  await boss.updateQueue(QUEUES.analysis, {
    retryLimit: analysis.retryLimit,
    retryDelay: analysis.retryDelaySeconds,
    retryBackoff: analysis.retryDelaySeconds > 0,
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
  const boss = new PgBoss({ connectionString: databaseUrl, max: 5, application_name: 'parley-jobs' });
  boss.on('error', (error) => logger.error({ err: error }, 'Job queue error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, {
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      ...(name === QUEUES.analysis ? { policy: 'exclusive' as const } : {}),
      ...(name === QUEUES.batchItems ? BATCH_ITEMS_QUEUE : {}),
    });
  }
  await configureAnalysisQueue(boss, analysis);
  return boss;
}
