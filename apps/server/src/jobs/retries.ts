import type { JobWithMetadata } from 'pg-boss';
import type { AppContext } from '../context.ts';
import { reportOutage } from '../db/outage.ts';
import { AppError } from '../errors.ts';
import { INTERRUPTION_LIMIT, type RetryPolicy, workMany } from './boss.ts';
import { onTransaction } from './connection.ts';

/**
 * The retry rule of the jobs that wait on other services (analyses, batch items, insights). An attempt ends
 * one of three ways: it finishes (or fails for good), it fails for a reason that may pass (it throws
 * RetryLater), or it is interrupted: its worker stopped before either. Only the second spends the job's
 * retries (RetryPolicy.retries); interruptions have their own bound (INTERRUPTION_LIMIT). pg-boss counts
 * every attempt the same, so the job counts its failures in its own data and the rest were interruptions.
 */

/** Thrown by an attempt that failed for a reason that may pass: the job is tried again after its delay. */
export class RetryLater extends Error {
  override name = 'RetryLater';
}

/** What a retried job carries besides its own data: its attempts that failed (threw RetryLater). */
interface Failures {
  failures?: number;
}

export interface Attempt {
  /** No retry follows a failure of this attempt: a failure that could pass later fails the work now. */
  lastAttempt: boolean;
  /** The job's earlier attempts that were interrupted. */
  interruptions: number;
}

function attemptOf(job: JobWithMetadata<Failures>, policy: RetryPolicy): Attempt {
  const failures = job.data.failures ?? 0;
  return {
    lastAttempt: failures >= policy.retries || job.retryCount >= job.retryLimit,
    interruptions: job.retryCount - failures,
  };
}

/**
 * The delay before the next attempt after the job's `failures`-th failure (1 for the first): `base` seconds
 * doubled with every failure, with up to as much again at random so that jobs failed together do not all
 * come back together (as pg-boss's own backoff).
 */
function retryDelaySeconds(base: number, failures: number): number {
  return Math.round(base * 2 ** Math.min(16, failures - 1) * (1 + Math.random()));
}

/**
 * Fails a job's attempt from inside its handler, counts the failure in its data and has the next attempt
 * wait its delay, in one transaction so that no worker can take the job in between. The handler then
 * returns normally (pg-boss finds nothing left to complete).
 */
async function retryLater(
  ctx: Pick<AppContext, 'boss' | 'db'>,
  job: JobWithMetadata<Failures>,
  reason: string,
  policy: RetryPolicy,
): Promise<void> {
  const failures = (job.data.failures ?? 0) + 1;
  const delaySeconds = retryDelaySeconds(policy.delaySeconds, failures);
  await ctx.db.transaction(async (tx) => {
    const { db } = onTransaction(tx);
    await ctx.boss.fail(job.name, job, { message: reason }, { db });
    await ctx.boss.update(
      job.name,
      { ...job.data, failures },
      { id: job.id, ...(delaySeconds > 0 && { startAfter: delaySeconds }), db },
    );
  });
}

export interface RetriedWork<T extends object> {
  queue: string;
  /** Where pg-boss puts a job whose last attempt was interrupted (the queue's deadLetter). */
  givenUpQueue: string;
  policy: RetryPolicy;
  /** Jobs one worker process runs at the same time. */
  concurrency: number;
  heartbeatRefreshSeconds?: number;
  /** One attempt. Throws RetryLater to be tried again. */
  run: (job: JobWithMetadata<T>, attempt: Attempt) => Promise<unknown>;
  /**
   * Ends the work of a job given up because its attempts kept being interrupted: `interruptions` of them, or
   * null when pg-boss gave the job up itself (its last attempt was interrupted).
   */
  giveUp: (data: T, interruptions: number | null) => Promise<void>;
}

/** Registers the workers of a queue that follows the retry rule above, and of its given-up jobs. */
export async function workWithRetries<T extends object>(
  ctx: Pick<AppContext, 'boss' | 'db'>,
  work: RetriedWork<T>,
): Promise<void> {
  const { heartbeatRefreshSeconds } = work;
  const options = heartbeatRefreshSeconds === undefined ? {} : { heartbeatRefreshSeconds };
  await workMany<T & Failures>(ctx.boss, work.queue, work.concurrency, options, async (job) => {
    const attempt = attemptOf(job, work.policy);
    if (attempt.interruptions >= INTERRUPTION_LIMIT) return work.giveUp(job.data, attempt.interruptions);
    try {
      await work.run(job, attempt);
    } catch (error) {
      if (!(error instanceof RetryLater)) throw error;
      await retryLater(ctx, job, error.message, work.policy);
    }
  });
  await ctx.boss.work<T>(work.givenUpQueue, async ([job]) => {
    if (job) await work.giveUp(job.data, null);
  });
}

/** Why paid work (an insight, a backtest, a smart tracker run, a topic run) failed: a code and a readable message. */
export interface WorkFailure {
  code: string;
  message: string;
}

/**
 * What an attempt of paid work does with what it threw. The database going away interrupts it: thrown on, as if
 * its worker had stopped (logged once, db/outage.ts). A failure that may pass (a provider's 5xx or timeout; any
 * error but an AppError that says otherwise) waits for the retry, unless this is the last attempt. Anything else
 * ends the work failed (`fail`, which releases its hold): an AppError with its code and message, another error as
 * `unexpected` with `unexpectedMessage(message)`.
 */
export async function endFailedAttempt(
  ctx: AppContext,
  error: unknown,
  attempt: Pick<Attempt, 'lastAttempt'>,
  work: {
    /** What the log lines say failed ('Backtest') and the ids they carry. */
    name: string;
    ids: Record<string, number>;
    unexpectedMessage: (message: string) => string;
    fail: (failure: WorkFailure) => Promise<void>;
  },
): Promise<void> {
  if (reportOutage(ctx.db, error)) throw error;
  const message = error instanceof Error ? error.message : String(error);
  const retryable = error instanceof AppError ? error.retryable : true;
  if (retryable && !attempt.lastAttempt) {
    ctx.logger.warn({ ...work.ids, error: message }, `${work.name} failed; it will be retried`);
    throw new RetryLater(message, { cause: error });
  }
  ctx.logger.info({ ...work.ids, error: message }, `${work.name} failed`);
  await work.fail(
    error instanceof AppError
      ? { code: error.code, message }
      : { code: 'unexpected', message: work.unexpectedMessage(message) },
  );
}
