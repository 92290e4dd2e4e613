/**
 * Webhook delivery bench (issue 36): BENCH_EVENTS analysis.completed events of one project to its five endpoints,
 * local receivers that verify every signature with the `standardwebhooks` package: three healthy, one answering
 * 500 to half the requests (seeded), one down for BENCH_DOWN_SECONDS (connections refused the first half, 503 the
 * second), then healthy. Each event is about an analysis of its own (support/realistic-rows.ts), queued as a
 * completion queues them (queueAnalysisEvent: the API's list item as payload, one transaction each), up to
 * BENCH_RATE a second in batches of 100, while a real worker process (the server with PARLEY_ROLE=worker) delivers
 * them; it is killed with SIGKILL BENCH_KILLS times while busy (when the first healthy endpoint has half the
 * events, with one kill) and another started. Prints per endpoint the events received, lost (must be 0) and
 * duplicates (at least once: an attempt cut short after the receiver answered is made again), the delay from
 * queueing to the first 2xx, throughput and the total time.
 *
 * The retry schedule is compressed (1, 5, 15, 30 s, then every 60 s; WEBHOOK_RETRY_DELAYS_SECONDS) so that the
 * down endpoint catches up within a minute of coming back; BENCH_REAL_SCHEDULE=1 uses the real one (5 s, 5 min,
 * 30 min, …), and the bench then stops once the down endpoint has had its retry after coming back.
 *
 *   npm run bench:webhooks -w @parley/server     (embedded PostgreSQL, or a fresh database on DATABASE_URL)
 *
 * Options (environment): BENCH_EVENTS (10000), BENCH_DOWN_SECONDS (600), BENCH_KILLS (1), BENCH_RATE (100).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { WEBHOOKS, WebhookEndpointCreateRequest } from '@parley/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects, tasks, users, webhookDeliveries } from '../apps/server/src/db/schema/index.ts';
import { startBoss } from '../apps/server/src/jobs/workers.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { queueAnalysisEvent } from '../apps/server/src/modules/webhooks/events.ts';
import { createEndpoint } from '../apps/server/src/modules/webhooks/service.ts';
import { startWorkerProcess, type WorkerProcess } from '../apps/server/test/worker-process.ts';
import { freshBenchDatabase } from './support/database.ts';
import { createRealisticPrompts, insertRealisticAnalyses } from './support/realistic-rows.ts';
import { seededRandom, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receivers.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const DOWN_SECONDS = Number(process.env.BENCH_DOWN_SECONDS ?? 600);
const KILLS = Number(process.env.BENCH_KILLS ?? 1);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const REAL_SCHEDULE = process.env.BENCH_REAL_SCHEDULE === '1';
const BATCH = 100;
const logger = createLogger({ logLevel: 'warn' });

/**
 * 1, 5, 15, 30 s, then every 60 s: 25 retries at least (a delivery to the 50 % receiver fails 26 times in a row
 * once in 67 million) and long enough to outlast the down receiver by five minutes.
 */
function compressedSchedule(downSeconds: number): number[] {
  const delays = [1, 5, 15, 30];
  while (delays.length < 25 || total(delays) < downSeconds + 300) delays.push(60);
  return delays;
}
const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
/** How long after its first attempt a delivery that keeps failing is tried again, first past `seconds`. */
const retriedPast = (delays: readonly number[], seconds: number) => {
  let at = 0;
  for (const delay of delays) if (at < seconds) at += delay;
  return at;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

async function main() {
  const schedule = REAL_SCHEDULE ? [...WEBHOOKS.retryDelaysSeconds] : compressedSchedule(DOWN_SECONDS);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-webhooks-'));
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, createLogger({ logLevel: 'error' }), 10);
  const env = {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://parley.bench',
    URL_UPLOAD_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_DELAYS_SECONDS: schedule.join(','),
    LOG_LEVEL: 'error',
  };
  const config = loadConfig(env);
  let boss: PgBoss | undefined;
  const flaky = seededRandom(36);
  let downUntil = Number.POSITIVE_INFINITY;
  const receivers = await Promise.all([
    startWebhookReceiver('healthy-1', () => 200),
    startWebhookReceiver('healthy-2', () => 200),
    startWebhookReceiver('healthy-3', () => 200),
    startWebhookReceiver('fails-50%', () => (flaky() < 0.5 ? 500 : 200)),
    startWebhookReceiver('down', () => (Date.now() < downUntil ? 503 : 200)),
  ]);
  const down = receivers[4]!;
  let worker: WorkerProcess | undefined;
  try {
    await runMigrations(database);
    boss = await startBoss(scratch.url, logger, config);
    const ctx: AppContext = { config, db: database.db, boss, logger };

    const [project] = await ctx.db.insert(projects).values({ name: 'Bench' }).returning();
    const [user] = await ctx.db.insert(users).values({ email: 'bench@example.com' }).returning();
    const access: ProjectAccess = { project: project as ProjectRow, role: 'owner' };
    const [prompt] = await createRealisticPrompts(ctx, access, ['Sales call']);
    await insertRealisticAnalyses(ctx.db, {
      project: project!,
      prompts: [prompt!],
      rows: EVENTS,
      failedShare: 0,
    });
    const taskIds = (
      await ctx.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(eq(tasks.projectId, project!.id))
        .orderBy(tasks.id)
    ).map((row) => row.id);
    const endpointIds = new Map<number, WebhookReceiver>();
    for (const receiver of receivers) {
      const endpoint = await createEndpoint(
        ctx,
        { projectId: project!.id, userId: user!.id },
        WebhookEndpointCreateRequest.parse({ url: receiver.url, events: ['analysis.completed'] }),
      );
      receiver.secret = endpoint.secret;
      endpointIds.set(endpoint.id, receiver);
    }
    worker = startWorkerProcess(env);

    console.log(
      `Webhook delivery: ${EVENTS} analysis.completed events (${RATE}/s in batches of ${BATCH}) to 5 endpoints; ` +
        `the down one refuses connections for ${DOWN_SECONDS / 2} s, then answers 503 for ${DOWN_SECONDS / 2} s; ` +
        `1 worker process, killed (SIGKILL) ${KILLS} time(s) and replaced; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `  retry schedule (${REAL_SCHEDULE ? 'real' : 'compressed; BENCH_REAL_SCHEDULE=1 for the real one'}): ` +
        `${schedule.join(', ')} s (${total(schedule)} s in all)`,
    );

    // The down receiver: refusing from the start, 503 from half-time, healthy after DOWN_SECONDS.
    await down.close();
    const started = Date.now();
    const backAt = started + DOWN_SECONDS * 1000;
    const reopen = setTimeout(
      () => {
        downUntil = backAt;
        void down.listen();
      },
      (DOWN_SECONDS / 2) * 1000,
    );

    const requestsSoFar = () => receivers.reduce((sum, receiver) => sum + receiver.requests, 0);
    // Kill k when the first healthy endpoint has k / (KILLS + 1) of the events: the worker is busy then.
    const killing = (async () => {
      const kills: string[] = [];
      for (let k = 1; k <= KILLS; k += 1) {
        while (receivers[0]!.firstSuccess.size < (k * EVENTS) / (KILLS + 1)) await pause(50);
        await worker?.kill();
        const [killedAt, before] = [Date.now(), requestsSoFar()];
        const [inFlight] = await ctx.db
          .select({ n: count() })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.status, 'pending'), isNull(webhookDeliveries.nextAttemptAt)));
        worker = startWorkerProcess(env);
        while (requestsSoFar() === before) await pause(100);
        kills.push(
          `${((killedAt - started) / 1000).toFixed(0)} s (${inFlight!.n} attempts under way; the new worker's ` +
            `first request ${((Date.now() - killedAt) / 1000).toFixed(0)} s later)`,
        );
      }
      return kills;
    })();
    for (let first = 0; first < EVENTS; first += BATCH) {
      const due = started + (first * 1000) / RATE;
      if (due > Date.now()) await pause(due - Date.now());
      await Promise.all(
        taskIds
          .slice(first, first + BATCH)
          .map((id) =>
            ctx.db.transaction((tx) =>
              queueAnalysisEvent(ctx, tx, { id, projectId: project!.id }, 'analysis.completed'),
            ),
          ),
      );
    }
    const queuedIn = (Date.now() - started) / 1000;

    // Until nothing is pending; with the real schedule, until the down endpoint's retry after it came back.
    const waitUntil = REAL_SCHEDULE
      ? started + (retriedPast(schedule, DOWN_SECONDS) + queuedIn + 120) * 1000
      : Date.now() + (total(schedule) + 900) * 1000;
    const pending = async () =>
      (
        await ctx.db
          .select({ n: count() })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.status, 'pending'))
      )[0]!.n;
    // The worker's pace while it has a backlog: every request until the healthy endpoints have every event.
    const healthy = receivers.slice(0, 3);
    let backlog: { seconds: number; requests: number } | undefined;
    while ((await pending()) > 0 && Date.now() < waitUntil) {
      if (!backlog && healthy.every((receiver) => receiver.firstSuccess.size === EVENTS)) {
        backlog = {
          seconds: (Date.now() - started) / 1000,
          requests: requestsSoFar(),
        };
      }
      await pause(1000);
    }
    clearTimeout(reopen);
    const rows = await ctx.db
      .select({
        endpointId: webhookDeliveries.endpointId,
        eventId: webhookDeliveries.eventId,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        queuedAt: webhookDeliveries.createdAt,
      })
      .from(webhookDeliveries);

    const kills = backlog ? await killing : ['(the healthy endpoints never had every event)'];
    console.log(
      `  events queued in ${queuedIn.toFixed(0)} s; worker killed at ${kills.join(', ') || 'no time'}\n`,
    );
    console.log(
      `  ${'endpoint'.padEnd(10)}${'received'.padStart(10)}${'lost'.padStart(6)}${'retrying'.padStart(10)}` +
        `${'dupl.'.padStart(7)}${'requests'.padStart(10)}${'bad sig.'.padStart(9)}${'most att.'.padStart(11)}` +
        `${'delay median'.padStart(14)}${'p95'.padStart(9)}${'max'.padStart(9)}`,
    );
    let failed = false;
    let stillRetrying = 0;
    for (const [endpointId, receiver] of endpointIds) {
      const own = rows.filter((row) => row.endpointId === endpointId);
      const received = own.filter((row) => receiver.firstSuccess.has(row.eventId));
      const retrying = own.filter(
        (row) => !receiver.firstSuccess.has(row.eventId) && row.status === 'pending',
      );
      const lost = EVENTS - received.length - retrying.length;
      const duplicates = [...receiver.successes.values()].reduce((sum, n) => sum + n - 1, 0);
      const delays = received
        .map((row) => (receiver.firstSuccess.get(row.eventId)! - row.queuedAt.getTime()) / 1000)
        .sort((a, b) => a - b);
      const seconds = (p: number) => `${percentile(delays, p).toFixed(1)} s`;
      failed ||= lost > 0 || receiver.badSignatures > 0;
      stillRetrying += retrying.length;
      console.log(
        `  ${receiver.name.padEnd(10)}${String(received.length).padStart(10)}${String(lost).padStart(6)}` +
          `${String(retrying.length).padStart(10)}${String(duplicates).padStart(7)}` +
          `${String(receiver.requests).padStart(10)}${String(receiver.badSignatures).padStart(9)}` +
          `${String(Math.max(...own.map((row) => row.attempts))).padStart(11)}` +
          `${seconds(0.5).padStart(14)}${seconds(0.95).padStart(9)}${seconds(1).padStart(9)}`,
      );
    }
    const lastOf = (receiver: WebhookReceiver) =>
      (Math.max(...receiver.firstSuccess.values()) - started) / 1000;
    console.log(
      `\n  delay: from the transaction that queued the event to the receiver's first 2xx answer; most att.: the ` +
        'most attempts one delivery took',
    );
    console.log(
      `  the down endpoint (back ${DOWN_SECONDS} s after the start) had ` +
        `${down.firstSuccess.size === EVENTS ? 'every event' : `${down.firstSuccess.size} events`} ` +
        `${(lastOf(down) - DOWN_SECONDS).toFixed(0)} s after it came back`,
    );
    if (backlog) {
      console.log(
        `  the healthy endpoints had every event after ${backlog.seconds.toFixed(0)} s: ` +
          `${((3 * EVENTS) / backlog.seconds).toFixed(1)} deliveries/s to them, ` +
          `${(backlog.requests / backlog.seconds).toFixed(1)} requests/s to all five (failures included)`,
      );
    }
    console.log(
      `  ${stillRetrying > 0 ? `${stillRetrying} deliveries still retrying; the last delivery` : 'every endpoint had every event'} ` +
        `after ${Math.max(...receivers.map(lastOf)).toFixed(0)} s; total time ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s; load average ${loadavg()[0]!.toFixed(1)} (${cpus().length} cores)`,
    );
    console.log(
      '  dupl.: events a receiver answered 2xx more than once (same webhook-id; receivers drop them by it). Delivery ' +
        'is at least once: an attempt whose worker was killed after the receiver answered, before the success was ' +
        'stored, is made again.',
    );
    if (failed) {
      console.log('  FAILED: deliveries lost or badly signed');
      process.exitCode = 1;
    }
  } finally {
    await worker?.kill();
    await boss?.stop({ graceful: false, close: true });
    await database.pool.end();
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
