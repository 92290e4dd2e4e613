import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../context.ts';

/**
 * Wake-ups of idle workers. Most workers of a queue look for jobs only every few seconds while idle (see
 * workMany in boss.ts), so a process that sends jobs says how many on this PostgreSQL channel, and every
 * worker process wakes that many of its idle workers of the queue: each looks for a job at once. pg-boss's own
 * LISTEN/NOTIFY would wake every worker of the queue for every job (hundreds of fetches for one job).
 */
export const JOB_WAKEUP_CHANNEL = 'parley_job_wakeups';

interface Wakeup {
  queue: string;
  jobs: number;
}

/**
 * Tells every worker process that `jobs` jobs were just sent to `queue` and can start now. A wake-up that
 * cannot be sent is logged, never thrown: it only delays the jobs until an idle worker's next look.
 */
export async function announceJobs(
  ctx: Pick<AppContext, 'db' | 'logger'>,
  queue: string,
  jobs: number,
): Promise<void> {
  if (jobs <= 0) return;
  const payload: Wakeup = { queue, jobs };
  await ctx.db
    .execute(sql`SELECT pg_notify(${JOB_WAKEUP_CHANNEL}, ${JSON.stringify(payload)})`)
    .catch((error) => ctx.logger.warn({ err: error, queue }, 'Job wake-up not sent'));
}

/**
 * The idle workers woken and not yet back from their look, by id, with when they were woken: a second
 * wake-up goes to another worker instead.
 */
const woken = new Map<string, number>();

/** Wakes up to `jobs` idle workers of `queue` in this process (those that hold no job). */
export function wakeIdleWorkers(boss: PgBoss, queue: string, jobs: number): number {
  const now = Date.now();
  let left = jobs;
  for (const worker of boss.getWipData()) {
    if (left <= 0) break;
    if (worker.name !== queue || worker.state !== 'active' || worker.count > 0) continue;
    const at = woken.get(worker.id);
    if (at !== undefined) {
      if ((worker.lastFetchedOn ?? 0) <= at) continue;
      woken.delete(worker.id);
    }
    woken.set(worker.id, now);
    boss.notifyWorker(worker.id);
    left -= 1;
  }
  return jobs - left;
}

/** Jobs of `queue` that a worker could take now (pg-boss's own test of a ready job), at most `limit`. */
async function readyJobs(boss: PgBoss, queue: string, limit: number): Promise<number> {
  const { rows } = await boss.getDb().executeSql(
    `SELECT count(*)::int AS ready FROM (
       SELECT 1 FROM pgboss.job
       WHERE name = $1 AND state IN ('created', 'retry') AND NOT blocked AND start_after <= now()
       LIMIT $2) jobs`,
    [queue, limit],
  );
  return (rows[0] as { ready: number } | undefined)?.ready ?? 0;
}

/** How often a worker process with idle workers of a queue looks for jobs that no wake-up announced. */
export const BACKLOG_LOOK_MS = 1000;

/**
 * Jobs become ready without being sent: the supervisor gives back the jobs of a worker that stopped (their
 * heartbeat ran out), and retries and schedules come due. No wake-up announces them, and most idle workers
 * look only every BULK_POLL_SECONDS, so after a crash the hundred jobs of the lost worker waited up to that
 * long for a survivor (the soak's kill -9: the last resumed 15 s after the kill). While this process has
 * idle workers of the queue it counts the ready jobs every BACKLOG_LOOK_MS (an index read, at most as many
 * rows as idle workers) and wakes as many. Stops with pg-boss.
 */
export function watchBacklog(boss: PgBoss, queue: string): void {
  let looking = false;
  const timer = setInterval(() => {
    const idle = boss
      .getWipData()
      .filter((worker) => worker.name === queue && worker.state === 'active' && worker.count === 0).length;
    if (looking || idle === 0) return;
    looking = true;
    readyJobs(boss, queue, idle)
      .then((ready) => wakeIdleWorkers(boss, queue, ready))
      // A database outage is reported by pg-boss's own polling; the next look tries again.
      .catch(() => {})
      .finally(() => {
        looking = false;
      });
  }, BACKLOG_LOOK_MS);
  timer.unref();
  boss.once('stopped', () => clearInterval(timer));
}

const listening = new WeakMap<PgBoss, Promise<void>>();

/**
 * Listens for wake-ups (once per pg-boss instance, on a connection pg-boss keeps and reconnects); after a
 * (re)connect, when wake-ups may have been missed, every idle worker looks once. Stops with pg-boss.
 */
export function listenForJobs(boss: PgBoss): Promise<void> {
  let started = listening.get(boss);
  if (!started) {
    started = listen(boss);
    listening.set(boss, started);
  }
  return started;
}

async function listen(boss: PgBoss): Promise<void> {
  const db = boss.getDb();
  if (!db.listen) return;
  const handle = await db.listen(
    JOB_WAKEUP_CHANNEL,
    (payload) => {
      try {
        const wakeup = JSON.parse(payload) as Wakeup;
        wakeIdleWorkers(boss, wakeup.queue, wakeup.jobs);
      } catch (error) {
        boss.emit('error', error as Error);
      }
    },
    () => {
      for (const worker of boss.getWipData()) if (worker.count === 0) boss.notifyWorker(worker.id);
    },
  );
  boss.once('stopped', () => {
    handle.close().catch(() => {});
  });
}
