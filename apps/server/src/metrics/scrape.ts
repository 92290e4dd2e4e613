import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { reportOutage } from '../db/outage.ts';
import { bearerToken } from '../http/bearer.ts';
import { dbPoolConnections, dbPoolWaiting, queueJobs, queueOldestJobAge, registry } from './metrics.ts';

/**
 * Who may read /metrics: a client on this machine, or anyone with `Authorization: Bearer <METRICS_TOKEN>`
 * when it is set. `address` is the client's address as the server decided it (request.ip: TRUST_PROXY's
 * proxies are looked through, so an internet client behind a trusted proxy is not loopback). A request that
 * names a forwarding hop never counts as loopback: a proxy on this machine that is not in TRUST_PROXY would
 * otherwise make every client of the internet look local.
 */
export function mayScrape(
  address: string | undefined,
  headers: IncomingHttpHeaders,
  token: string | undefined,
): boolean {
  const bearer = bearerToken(headers.authorization);
  if (token !== undefined && bearer !== null) return sameSecret(bearer, token);
  return isLoopback(address) && headers['x-forwarded-for'] === undefined && headers.forwarded === undefined;
}

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** The metrics in Prometheus text format, after reading what is measured on scrape. */
export async function renderMetrics(ctx: AppContext): Promise<string> {
  const pool = ctx.db.$client;
  dbPoolConnections.set({ state: 'total' }, pool.totalCount);
  dbPoolConnections.set({ state: 'idle' }, pool.idleCount);
  dbPoolWaiting.set(pool.waitingCount);
  await readQueues(ctx).catch((error) => {
    // Without the database the process's own metrics still answer; an outage is logged once (db/outage.ts).
    queueJobs.reset();
    queueOldestJobAge.reset();
    if (!reportOutage(ctx.db, error))
      ctx.logger.warn({ err: error }, 'Could not read the job queues for metrics');
  });
  return registry.metrics();
}

/**
 * Jobs per state as pg-boss counts them (getQueues: its queue table, refreshed every SUPERVISE_SECONDS), and
 * the wait of each queue's longest-waiting due job (created or retry, not blocked, its start time past): one
 * aggregate over pg-boss's job table, whose predicate is that of the index pg-boss fetches jobs with (job_i11).
 */
async function readQueues(ctx: AppContext): Promise<void> {
  const [queues, oldest] = await Promise.all([
    ctx.boss.getQueues(),
    ctx.db.execute<{ name: string; seconds: number }>(sql`
      SELECT name, extract(epoch FROM now() - min(start_after))::float8 AS seconds
      FROM pgboss.job
      WHERE state < 'active' AND NOT blocked AND start_after <= now()
      GROUP BY name`),
  ]);
  const waited = new Map(oldest.rows.map((row) => [row.name, row.seconds]));
  queueJobs.reset();
  queueOldestJobAge.reset();
  for (const queue of queues) {
    const counts = {
      ready: queue.readyCount,
      deferred: queue.deferredCount,
      blocked: queue.blockedCount,
      active: queue.activeCount,
      failed: queue.failedCount,
    };
    for (const [state, count] of Object.entries(counts)) queueJobs.set({ queue: queue.name, state }, count);
    queueOldestJobAge.set({ queue: queue.name }, Math.max(0, waited.get(queue.name) ?? 0));
  }
}
