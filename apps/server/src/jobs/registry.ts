import type { JobInsert, JobOptions, PgBoss, Queue, QueueOptions, UpdateQueueOptions } from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { INTERRUPTION_LIMIT, type RetryPolicy } from './boss.ts';
import { onTransaction, type Transaction } from './connection.ts';
import { workWithRetries } from './retries.ts';

/**
 * Declared jobs: each background job is declared once with defineJob, in its module's `jobs.ts`, and listed in
 * JOBS (jobs/all.ts). startBoss creates the queues of that list and startWorkers works them (jobs/workers.ts).
 */

/** What a handler knows of the attempt it runs. */
export interface Attempt {
  /** No retry follows a failure of this attempt: a failure that could pass later fails the work now. */
  lastAttempt: boolean;
  /** Aborted when the job is cancelled or expires. */
  signal: AbortSignal;
}

/** A setting given as is or computed from the config. */
type Setting<V extends number | object> = V | ((config: Config) => V);

/** Queue settings beyond the platform's defaults (DEFAULT_QUEUE): pg-boss's queue options. */
export type QueueSettings = Omit<Queue, 'name' | 'deadLetter'>;

/** Every queue without its own settings: 5 retries, the first after 10 s, with exponential backoff. */
const DEFAULT_QUEUE = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const;

/** The retry rule of jobs/retries.ts: failures that may pass (RetryLater) spend retries, interruptions do not. */
export interface RetryRule<T> {
  policy: Setting<RetryPolicy>;
  /** Where pg-boss puts a job whose last attempt was interrupted (declared with the job, created before it). */
  givenUpQueue: string;
  /**
   * Ends the work of a job given up because its attempts kept being interrupted: `interruptions` of them, or
   * null when pg-boss gave the job up itself (its last attempt was interrupted).
   */
  giveUp: (ctx: AppContext, data: T, interruptions: number | null) => Promise<void>;
  /** How often a running job refreshes its heartbeat (the queue's heartbeatSeconds say when it is missed). */
  heartbeatRefreshSeconds?: number;
}

export interface JobSpec<S extends z.ZodType<object>> {
  /** The queue's name (QUEUES in jobs/boss.ts). */
  name: string;
  /** The job's data: checked on every send. */
  payload: S;
  /** One attempt at one job. Must be safe to run twice; with `retries`, throws RetryLater to be tried again. */
  handler: (ctx: AppContext, data: z.output<S>, attempt: Attempt) => Promise<unknown>;
  /** The queue's own settings (retries, heartbeat, expiry, retention, policy). */
  queue?: Setting<QueueSettings>;
  retries?: RetryRule<z.output<S>>;
  /** Jobs one worker process runs at the same time (default 1). */
  concurrency?: Setting<number>;
  /** A cron expression: pg-boss sends the job on this schedule. */
  schedule?: string;
  /** Runs once when a process starts working the job, before its workers. */
  beforeWork?: (ctx: AppContext) => Promise<void>;
}

export interface SendOptions extends JobOptions {
  /** Send in this transaction: the job exists only if it commits. */
  tx?: Transaction;
}

/** A declared job as the registry list holds it. */
export interface DeclaredJob {
  readonly name: string;
  /** Its queues in creation order (a given-up queue before the queue that names it), with their settings. */
  queues(config: Config): Queue[];
  /** Applies the job's queue settings to a queue created by an earlier version (or with another config). */
  configure(boss: PgBoss, config: Config): Promise<void>;
  /** Registers this process's workers of the job. */
  work(ctx: AppContext): Promise<void>;
}

export interface Job<T> extends DeclaredJob {
  /** Queues one job (its payload checked); the id, or null when the queue's policy refused it. */
  send(ctx: Pick<AppContext, 'boss'>, payload: T, options?: SendOptions): Promise<string | null>;
  /** Queues many jobs in one statement (their payloads checked). */
  sendMany(
    ctx: Pick<AppContext, 'boss'>,
    jobs: ReadonlyArray<{ data: T; priority?: number }>,
    options?: { tx?: Transaction },
  ): Promise<void>;
}

const settingOf = <V extends number | object>(setting: Setting<V>, config: Config): V =>
  typeof setting === 'function' ? setting(config) : setting;

/**
 * The queue settings of a retry policy. pg-boss counts every attempt the same, interrupted or failed: its
 * limit is both bounds together (the handler keeps them apart, see jobs/retries.ts). pg-boss applies a
 * queue's retry delay to every failed attempt, interrupted ones included; the queue has none, so an
 * interrupted attempt resumes at once, and an attempt that failed for a passing reason waits its delay
 * through retryLater.
 */
function retrySettings(policy: RetryPolicy): QueueOptions {
  return { retryLimit: policy.retries + INTERRUPTION_LIMIT, retryDelay: 0, retryBackoff: false };
}

/** Declares a background job: its queue, payload, handler and retry rule. */
export function defineJob<S extends z.ZodType<object>>(spec: JobSpec<S>): Job<z.input<S>> {
  type Data = z.output<S>;
  const { name, retries } = spec;

  const ownSettings = (config: Config): QueueSettings & { deadLetter?: string } => ({
    ...(retries && retrySettings(settingOf(retries.policy, config))),
    ...(retries && { deadLetter: retries.givenUpQueue }),
    ...(spec.queue && settingOf(spec.queue, config)),
  });

  const payloadOf = (data: z.input<S>): Data => spec.payload.parse(data);

  const configure = async (boss: PgBoss, config: Config): Promise<void> => {
    const { policy: _, partition: __, ...settings } = ownSettings(config);
    if (Object.keys(settings).length > 0) await boss.updateQueue(name, settings satisfies UpdateQueueOptions);
  };

  return {
    name,
    queues(config) {
      const own = { name, ...DEFAULT_QUEUE, ...ownSettings(config) };
      return retries ? [{ name: retries.givenUpQueue, ...DEFAULT_QUEUE }, own] : [own];
    },
    configure,
    async send(ctx, payload, options = {}) {
      const { tx, ...jobOptions } = options;
      return ctx.boss.send(name, payloadOf(payload), { ...jobOptions, ...(tx && onTransaction(tx)) });
    },
    async sendMany(ctx, jobs, options = {}) {
      const inserts: JobInsert[] = jobs.map((job) => ({ ...job, data: payloadOf(job.data) }));
      await ctx.boss.insert(name, inserts, options.tx && onTransaction(options.tx));
    },
    async work(ctx) {
      await configure(ctx.boss, ctx.config);
      await spec.beforeWork?.(ctx);
      if (spec.schedule) await ctx.boss.schedule(name, spec.schedule);
      const concurrency = settingOf(spec.concurrency ?? 1, ctx.config);
      if (retries) {
        await workWithRetries<Data>(ctx, {
          queue: name,
          givenUpQueue: retries.givenUpQueue,
          policy: settingOf(retries.policy, ctx.config),
          concurrency,
          heartbeatRefreshSeconds: retries.heartbeatRefreshSeconds,
          run: (job, { lastAttempt }) => spec.handler(ctx, job.data, { lastAttempt, signal: job.signal }),
          giveUp: (data, interruptions) => retries.giveUp(ctx, data, interruptions),
        });
        return;
      }
      // While a backlog lasts (the queue's stats, refreshed every SUPERVISE_SECONDS), a worker that finished a
      // job takes the next at once instead of waiting for its next poll (2 s: at most `concurrency` jobs every
      // 2 s a process, 10 deliveries a second for webhooks).
      const options = {
        localConcurrency: concurrency,
        includeMetadata: true,
        burstWhenReadyExceeds: 1,
      } as const;
      await ctx.boss.work<Data, void, typeof options>(name, options, async (jobs) => {
        for (const job of jobs) {
          const lastAttempt = job.retryCount >= job.retryLimit;
          await spec.handler(ctx, job.data, { lastAttempt, signal: job.signal });
        }
      });
    },
  };
}
