/**
 * Several machines on one database (issue 37): one API and two worker processes, each in a network namespace of
 * its own plugged into a LAN bridge, reach PostgreSQL (a server of the test's own, listening on the LAN), an
 * S3-compatible store (s3rver, nobody here wrote it), the AI provider (a local fake Anthropic) and a file server
 * only over their veth links. A 1,000-row bulk upload of chat links goes through the API's HTTP route; mid-batch
 * one worker's cable is pulled for CUT_SECONDS and plugged back in. The database must end the cut worker's
 * sessions (and free their locks), the other worker must take its jobs over within a bounded time, and every
 * row must be analysed once and charged once, which the test checks in SQL.
 *
 *   npm run test:machines        (root; skipped with the reason where namespaces cannot be made)
 *
 * Not part of the unit phase: it needs root, runs three servers beside the batch for about two minutes, and its
 * timing (a worker noticed gone) should not share two cores with the unit suite's files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiKeyDisplayPrefix } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER, type AnalysisProject, seedAnalysisProject } from '../../../../bench/support/analysis.ts';
import type { AppContext } from '../../src/context.ts';
import { connectDatabase, type Database } from '../../src/db/client.ts';
import { apiKeys, projectMembers, users } from '../../src/db/schema/index.ts';
import { createLogger } from '../../src/logger.ts';
import { generateApiKey } from '../../src/modules/api-keys/service.ts';
import { hashToken } from '../../src/modules/auth/tokens.ts';
import { type ChatServer, startChatServer } from '../chat-server.ts';
import { startFakeAnthropic } from '../fake-upstreams/anthropic.ts';
import { answer, type FakeUpstream, slow } from '../fake-upstreams/scripted.ts';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.ts';
import { startWorkerProcess, type WorkerProcess } from '../worker-process.ts';
import { createLan, type Lan, lanUnavailable } from './network.ts';
import { type LanPostgres, startLanPostgres } from './postgres.ts';

const ROWS = 1000;
/** The provider answers each call after this long, so that hundreds of analyses are in flight at the cut. */
const PROVIDER_LATENCY_MS = 500;
/**
 * The cable is pulled once this many analyses are done, and left out at least this long: past the jobs' 10 s
 * heartbeat and the ~20 s after which PostgreSQL has ended the cut worker's sessions (db/client.ts); it stays
 * out until the other worker has taken every job over.
 */
const CUT_AFTER = 250;
const CUT_SECONDS = 30;
/** Bound on taking the cut worker's jobs over: the database notices it gone, then a heartbeat is missed. */
const TAKEOVER_LIMIT_SECONDS = 60;
const API_PORT = 3000;
const BUCKET = 'parley-media';

const unavailable = await lanUnavailable();
if (unavailable) console.warn(`Several machines test skipped: ${unavailable}`);

let lan: Lan | undefined;
let postgres: LanPostgres | undefined;
let database: Database | undefined;
let s3: S3rver | undefined;
let anthropic: FakeUpstream | undefined;
let files: ChatServer | undefined;
const proxies: TcpProxy[] = [];
const processes: Record<string, WorkerProcess> = {};
const folders: string[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since: number) => (performance.now() - since) / 1000;

async function folder(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `parley-machines-${name}-`));
  folders.push(dir);
  return dir;
}

/**
 * Polls `check` until it answers something other than undefined, or fails after `timeoutMs` saying `what` and
 * what the database was doing.
 */
async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() - start > timeoutMs)
      throw new Error(`Timed out waiting for ${what}\n${await databaseState()}`);
    await pause(250);
  }
}

/** The jobs under way per queue, the sessions per machine and state, and the analyses per status, for a failure's message. */
async function databaseState(): Promise<string> {
  if (!database) return '';
  const jobs = await rows<Record<string, unknown>>(
    sql`SELECT name, state, count(*)::int AS jobs,
               round(max(extract(epoch FROM now() - heartbeat_on)))::int AS oldest_heartbeat_s
        FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const sessions = await rows<Record<string, unknown>>(
    sql`SELECT host(client_addr) AS client, application_name AS app, state, wait_event_type AS waiting,
               count(*)::int AS sessions, round(max(extract(epoch FROM now() - state_change)))::int AS oldest_s
        FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  );
  const analyses = await rows<Record<string, unknown>>(
    sql`SELECT status AS analyses, count(*)::int AS n FROM tasks GROUP BY 1 ORDER BY 1`,
  );
  return [...jobs, ...sessions, ...analyses].map((row) => JSON.stringify(row)).join('\n');
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database!.db.execute(query)).rows as T[];
}

/** A project with units for every row, a one-field prompt and a full API key (the bulk upload's caller). */
async function seedProject(): Promise<AnalysisProject & { apiKey: string }> {
  const ctx = { db: database!.db } as AppContext;
  const project = await seedAnalysisProject(ctx, 1_000_000_000, []);
  const [user] = await database!.db
    .insert(users)
    .values({ email: 'operator@example.com' })
    .returning({ id: users.id });
  await database!.db
    .insert(projectMembers)
    .values({ projectId: project.projectId, userId: user!.id, role: 'owner' });
  const apiKey = generateApiKey();
  await database!.db.insert(apiKeys).values({
    projectId: project.projectId,
    userId: user!.id,
    name: 'Bulk',
    prefix: apiKeyDisplayPrefix(apiKey),
    keyHash: hashToken(apiKey),
    type: 'full',
  });
  return { ...project, apiKey };
}

/** Analyses each worker process started and finished, from its log lines. */
function workOf(worker: WorkerProcess) {
  const started = new Set<number>();
  const charged = new Set<number>();
  for (const line of worker.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; taskId?: number; stage?: string };
    if (entry.msg === 'Analysis started' && entry.taskId) started.add(entry.taskId);
    if (entry.msg === 'Analysis stage done' && entry.stage === 'charge' && entry.taskId)
      charged.add(entry.taskId);
  }
  return { started, charged };
}

describe.skipIf(unavailable !== null)('several machines on one database', () => {
  let project: AnalysisProject & { apiKey: string };
  let apiUrl = '';

  beforeAll(async () => {
    lan = await createLan(['api', 'worker1', 'worker2']);
    const host = lan.hostAddress;
    postgres = await startLanPostgres(await folder('postgres'), host, lan.subnet);
    const databaseUrl = postgres.url;
    database = connectDatabase(databaseUrl, createLogger({ logLevel: 'warn' }), 4);
    anthropic = await startFakeAnthropic();
    anthropic.respondWith(slow(PROVIDER_LATENCY_MS, answer(ANSWER)));
    const provider = await startTcpProxy('127.0.0.1', Number(new URL(anthropic.origin).port), host);
    proxies.push(provider);
    s3 = new S3rver({
      address: host,
      port: 0,
      silent: true,
      directory: await folder('s3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const store = await s3.run();
    const chats = await startChatServer(host);
    files = chats;

    const env = async (name: string, role: 'api' | 'worker') => ({
      PARLEY_ROLE: role,
      DATABASE_URL: databaseUrl,
      DATA_DIR: await folder(name),
      PUBLIC_URL: 'http://parley.machines',
      PORT: String(API_PORT),
      LOG_LEVEL: 'info',
      STORAGE: 's3',
      S3_ENDPOINT: `http://${host}:${store.port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ANTHROPIC_API_KEY: 'machines',
      ANTHROPIC_BASE_URL: `http://${host}:${provider.port}/v1`,
      URL_UPLOAD_ALLOW_HOSTS: chats.host,
    });
    // The API migrates the database; the workers start once it is ready (their migration then finds nothing).
    processes.api = startWorkerProcess(await env('api', 'api'), lan.machines.api!.netns);
    apiUrl = `http://${lan.machines.api!.address}:${API_PORT}`;
    const started = performance.now();
    await until('the API to be ready', 90_000, async () => {
      const ready = await fetch(`${apiUrl}/api/health/ready`).catch(() => null);
      if (processes.api!.child.exitCode !== null) throw new Error(`API exited:\n${processes.api!.output()}`);
      return ready?.status === 200 ? true : undefined;
    });
    console.log(`  API ready over the LAN in ${seconds(started).toFixed(1)} s`);
    for (const name of ['worker1', 'worker2'] as const)
      processes[name] = startWorkerProcess(await env(name, 'worker'), lan.machines[name]!.netns);
    await until('both workers to start', 90_000, async () => {
      for (const worker of [processes.worker1!, processes.worker2!])
        if (worker.child.exitCode !== null) throw new Error(`A worker exited:\n${worker.output()}`);
      const up = [processes.worker1!, processes.worker2!].every((worker) =>
        worker.output().includes('Parley worker started'),
      );
      return up ? true : undefined;
    });
    project = await seedProject();
  });

  afterAll(async () => {
    await Promise.all(Object.values(processes).map((process) => process.kill()));
    // A failed run may leave the cable pulled: the namespaces go either way.
    await lan?.remove();
    for (const proxy of proxies) await proxy.close();
    await s3?.close();
    await anthropic?.close();
    await files?.close();
    await database?.pool.end();
    await postgres?.stop();
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it('analyses and charges every row of a 1,000-row batch once while a worker is cut off and comes back', async () => {
    const csv = [
      'url,type',
      ...Array.from({ length: ROWS }, (_, i) => `${files!.origin}/chats/${i}.json,chat`),
    ];
    const form = new FormData();
    form.set('prompt_id', String(project.promptId));
    form.set('file', new Blob([csv.join('\n')], { type: 'text/csv' }), 'machines.csv');
    const start = performance.now();
    const upload = await fetch(`${apiUrl}/api/projects/${project.projectId}/batches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${project.apiKey}` },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const batchId = ((await upload.json()) as { data: { batch_id: number } }).data.batch_id;
    const completed = async () =>
      (
        await rows<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM tasks WHERE project_id = ${project.projectId} AND status = 'completed'`,
        )
      )[0]!.n;

    // Mid-batch: pull worker 1's cable while both workers hold analyses.
    await until(`${CUT_AFTER} analyses to complete`, 120_000, async () =>
      (await completed()) >= CUT_AFTER ? true : undefined,
    );
    const beforeCut = { worker1: workOf(processes.worker1!), worker2: workOf(processes.worker2!) };
    const inFlight = await rows<{ id: string; name: string; started_on: string }>(
      sql`SELECT id, name, started_on::text FROM pgboss.job
          WHERE state = 'active' AND name IN ('analysis', 'batch_items')`,
    );
    const worker1Address = lan!.machines.worker1!.address;
    const sessionsOfWorker1 = async () =>
      (
        await rows<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE client_addr = ${worker1Address}::inet`,
        )
      )[0]!.n;
    const worker1SessionsAtCut = await sessionsOfWorker1();
    await lan!.cut('worker1');
    const cutAt = performance.now();
    const completedAtCut = await completed();
    // The database notices worker 1 gone: its sessions end (rolling back what they held open, freeing its locks).
    await until("the database to end the cut worker's sessions", TAKEOVER_LIMIT_SECONDS * 1000, async () =>
      (await sessionsOfWorker1()) === 0 ? true : undefined,
    );
    const sessionsEndedSeconds = seconds(cutAt);
    // Taken over: every job that was running at the cut has ended or started over (worker 1's went to worker 2).
    await until("the cut worker's jobs to be taken over", TAKEOVER_LIMIT_SECONDS * 1000, async () => {
      const { rows: still } = await database!.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job j
         JOIN unnest($1::uuid[], $2::timestamptz[]) AS cut(id, started_on)
           ON j.id = cut.id AND j.started_on = cut.started_on
         WHERE j.state = 'active'`,
        [inFlight.map((job) => job.id), inFlight.map((job) => job.started_on)],
      );
      return still[0]!.n === 0 ? true : undefined;
    });
    const takenOverSeconds = seconds(cutAt);
    await pause(Math.max(0, CUT_SECONDS * 1000 - (performance.now() - cutAt)));
    const completedDuringCut = (await completed()) - completedAtCut;
    const cutSeconds = seconds(cutAt);
    await lan!.restore('worker1');
    const restoredAt = performance.now();
    const worker1AtRestore = workOf(processes.worker1!);

    // Finished: every row processed (its analysis made) and every analysis settled.
    const finished = await until('the batch and its analyses to finish', 180_000, async () => {
      const [batch] = await rows<{
        status: string;
        processed_items: number;
        failed_items: number;
        unsettled: number;
      }>(
        sql`SELECT status, processed_items, failed_items,
                   (SELECT count(*)::int FROM tasks WHERE project_id = ${project.projectId}
                      AND status NOT IN ('completed', 'failed', 'skipped')) AS unsettled
            FROM upload_batches WHERE id = ${batchId}`,
      );
      if (!batch || !['completed', 'partially_completed', 'failed'].includes(batch.status)) return undefined;
      const { unsettled, ...counts } = batch;
      return unsettled === 0 ? counts : undefined;
    });
    const totalSeconds = seconds(start);

    const [items] = await rows<{ n: number; tasks: number; made: number }>(
      sql`SELECT count(*)::int AS n, count(DISTINCT task_id)::int AS tasks,
                 count(*) FILTER (WHERE status = 'task_created')::int AS made
          FROM batch_items WHERE batch_id = ${batchId}`,
    );
    const byStatus = await rows<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM tasks WHERE project_id = ${project.projectId} GROUP BY status`,
    );
    const [ledger] = await rows<{ charges: number; analyses: number; units: string; spent: string }>(
      sql`SELECT count(*)::int AS charges, count(DISTINCT reference_id)::int AS analyses,
                 sum(units_milli)::text AS units,
                 (SELECT sum(included_milli - left_milli)::text FROM unit_bundles WHERE project_id = ${project.projectId}) AS spent
          FROM invoices WHERE project_id = ${project.projectId} AND reference = 'analysis'`,
    );
    const [holds] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM billing_holds WHERE project_id = ${project.projectId}`,
    );
    // Written once: every analysis has the same analytics rows (a second writer would have added its own).
    const [values] = await rows<{ tasks: number; counts: number }>(
      sql`SELECT count(*)::int AS tasks, count(DISTINCT n)::int AS counts
          FROM (SELECT task_id, count(*) AS n FROM analysis_field_values
                WHERE project_id = ${project.projectId} GROUP BY task_id) per_task`,
    );
    const [media] = await rows<{ files: number }>(
      sql`SELECT count(*)::int AS files FROM media_files WHERE project_id = ${project.projectId}`,
    );
    const worker1 = workOf(processes.worker1!);
    const worker2 = workOf(processes.worker2!);
    const handedOver = [...worker1.started].filter((id) => worker2.started.has(id)).length;
    const afterRestore = [...worker1.started].filter((id) => !worker1AtRestore.started.has(id)).length;
    const analysesAtCut = inFlight.filter((job) => job.name === 'analysis').length;
    const providerCalls = anthropic!.requests.length;
    console.log(
      [
        `Several machines: ${ROWS} chat links through POST /batches on the API's machine, 2 worker machines, ` +
          `provider answering in ${PROVIDER_LATENCY_MS} ms, PostgreSQL on the LAN, all over veth links`,
        `  whole batch: ${totalSeconds.toFixed(1)} s, ${(ROWS / totalSeconds).toFixed(1)} rows/s (upload to the last analysis)`,
        `  worker 1 cut after ${completedAtCut} analyses for ${cutSeconds.toFixed(0)} s, ${inFlight.length} jobs ` +
          `running (${analysesAtCut} analyses); its ${worker1SessionsAtCut} database sessions ended ` +
          `${sessionsEndedSeconds.toFixed(1)} s after the cut; every job running at the cut ended or taken over ` +
          `${takenOverSeconds.toFixed(1)} s after it`,
        `  analyses completed while worker 1 was cut off: ${completedDuringCut} ` +
          `(${(completedDuringCut / cutSeconds).toFixed(1)}/s by worker 2)`,
        `  analyses started by worker 1: ${worker1.started.size} (${afterRestore} after its cable came back, ` +
          `the last ${seconds(restoredAt).toFixed(0)} s), by worker 2: ${worker2.started.size}; ` +
          `started on both: ${handedOver}`,
        `  charged by worker 1: ${worker1.charged.size}, by worker 2: ${worker2.charged.size}; ledger: ` +
          `${ledger!.charges} charges for ${ledger!.analyses} analyses; provider calls ${providerCalls} ` +
          `for ${ROWS} rows; media files ${media!.files}`,
      ].join('\n'),
    );

    // Every row made one analysis, which completed.
    expect(finished).toEqual({ status: 'completed', processed_items: ROWS, failed_items: 0 });
    expect(items).toEqual({ n: ROWS, tasks: ROWS, made: ROWS });
    expect(byStatus).toEqual([{ status: 'completed', n: ROWS }]);
    expect(media!.files).toBe(ROWS);
    // Charged once: one ledger row per analysis, and the bundle spent exactly what the ledger says.
    expect(ledger!.charges).toBe(ROWS);
    expect(ledger!.analyses).toBe(ROWS);
    expect(ledger!.spent).toBe(ledger!.units);
    expect(holds!.n).toBe(0);
    expect(values).toEqual({ tasks: ROWS, counts: 1 });
    // Asked the provider again only for analyses cut short: at most once more each of those running at the cut.
    expect(providerCalls).toBeGreaterThanOrEqual(ROWS);
    expect(providerCalls - ROWS).toBeLessThanOrEqual(analysesAtCut);
    // The cut worker's work was taken over within the bound, and worker 2 went on meanwhile.
    expect(takenOverSeconds).toBeLessThan(TAKEOVER_LIMIT_SECONDS);
    expect(completedDuringCut).toBeGreaterThan(0);
    // Both workers did work, and worker 1 survived the cut.
    expect(beforeCut.worker1.started.size).toBeGreaterThan(0);
    expect(beforeCut.worker2.started.size).toBeGreaterThan(0);
    expect(processes.worker1!.child.exitCode).toBeNull();
    expect(processes.worker2!.child.exitCode).toBeNull();
  });
});
