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
