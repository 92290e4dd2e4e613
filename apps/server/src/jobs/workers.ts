import { PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { SESSION_OPTIONS } from '../db/client.ts';
import { databaseOutage } from '../db/outage.ts';
import type { Logger } from '../logger.ts';
import { subscribeBatchProgress } from '../modules/batches/progress.ts';
import { JOBS } from './all.ts';
import { SUPERVISE_SECONDS } from './boss.ts';

/** pg-boss on the platform database (its own `pgboss` schema), with the queues of every declared job. */
export async function startBoss(databaseUrl: string, logger: Logger, config: Config): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    // Hundreds of workers fetch, refresh heartbeats and complete jobs through it (see POOLS in db/client.ts).
    max: 8,
    application_name: 'parley-jobs',
    // A lost process's sessions end within seconds, as the app's (db/client.ts).
    options: SESSION_OPTIONS,
    // With tracing on, a job's `process <queue>` span (its id, attempt) continues the trace that sent it
    // (the global propagator stores the W3C trace context only); off, pg-boss makes no spans at all.
    openTelemetry: { enabled: config.tracing !== null, propagateContext: true },
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    queueCacheIntervalSeconds: SUPERVISE_SECONDS,
  });
  const outage = databaseOutage(databaseUrl, logger);
  boss.on('error', (error) => {
    if (!outage.report(error)) logger.error({ err: error }, 'Job queue error');
  });
  await boss.start();
  for (const job of JOBS) {
    for (const { name, ...settings } of job.queues(config)) await boss.createQueue(name, settings);
    // A queue keeps the settings it was created with: this applies the current ones on a database of an
    // earlier version. pg-boss copies a queue's settings into each job when it is sent, so every process
    // that sends (API) or works (worker) applies them at start.
    await job.configure(boss, config);
  }
  return boss;
}

/** Starts every background worker of this process (PARLEY_ROLE worker or all): one per declared job. */
export async function startWorkers(ctx: AppContext): Promise<void> {
  subscribeBatchProgress();
  for (const job of JOBS) await job.work(ctx);
}
