import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type MemberRole, SESSION_COOKIE } from '@parley/contracts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { AppContext } from '../../apps/server/src/context.ts';
import { connectDatabase } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { projectMembers, projects, users } from '../../apps/server/src/db/schema/index.ts';
import { startBoss } from '../../apps/server/src/jobs/workers.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { createSession } from '../../apps/server/src/modules/auth/sessions.ts';
import { startFakeAnthropic } from '../../apps/server/test/fake-upstreams/anthropic.ts';
import { FakeDrive } from '../../apps/server/test/fake-upstreams/google-drive.ts';
import { FakeGoogle } from '../../apps/server/test/fake-upstreams/google-oauth.ts';
import { answer, type RecordedRequest, slow } from '../../apps/server/test/fake-upstreams/scripted.ts';
import { GENERATED_PROMPT } from '../../apps/server/test/hostile-walk.ts';
import { waitUntil } from '../../apps/server/test/tasks.ts';
import { startTcpProxy, type TcpProxy } from '../../apps/server/test/tcp-proxy.ts';
import { startWorkerProcess, type WorkerProcess } from '../../apps/server/test/worker-process.ts';
import { ANSWER } from '../support/analysis.ts';
import { freePort } from '../support/app-server.ts';
import { freshBenchDatabase } from '../support/database.ts';

/** A provider call as the fake Anthropic saw it: when, from which process (its key), about which conversation. */
export interface ProviderCall {
  at: number;
  process: string;
  text: string;
}

/** A worker process and the provider key it calls with (each its own, so that its calls can be told apart). */
export interface Worker {
  process: WorkerProcess;
  key: string;
}

/**
 * The soak's installation: a fresh database, the real server as separate processes from its sources (one API
 * process, worker processes, each reaching PostgreSQL through a TCP proxy that can be cut), a fake Anthropic
 * that answers every analysis after `providerDelayMs`, and this process's own connection and job queue for
 * seeding rows and reading what happened (never through the proxy).
 */
export interface Stack {
  ctx: AppContext;
  /** http://127.0.0.1:<port> of the API process. */
  origin: string;
  proxy: TcpProxy;
  calls: ProviderCall[];
  /** How long the fake provider takes to answer an analysis (long enough for analyses to be in flight). */
  providerDelayMs: number;
  /** The live worker processes. */
  workers: Worker[];
  /** Starts one more worker process. */
  startWorker(): Promise<Worker>;
  close(): Promise<void>;
}

let processCount = 0;

export async function startStack(): Promise<Stack> {
  const logger = createLogger({ logLevel: 'error' });
  const scratch = await freshBenchDatabase(logger);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-soak-'));
  const anthropic = await startFakeAnthropic();
  const google = await FakeGoogle.start();
  google.use(new FakeDrive().route);
  const calls: ProviderCall[] = [];
  anthropic.respondWith((request: RecordedRequest) => {
    calls.push({
      at: performance.now(),
      process: String(request.headers['x-api-key']),
      text: JSON.stringify(request.body),
    });
    // A prompt generation (its answer has a scriptName) gets a prompt; every other call is an analysis.
    if (JSON.stringify(request.body).includes('scriptName')) return answer(GENERATED_PROMPT);
    return slow(stack.providerDelayMs, answer(ANSWER));
  });
  const database = connectDatabase(scratch.url, logger);
  await runMigrations(database);
  const direct = new URL(scratch.url);
  const proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
  const proxied = new URL(scratch.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...google.env(),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DATABASE_URL: proxied.toString(),
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    AI_MAX_RETRIES: '0',
    ANTHROPIC_RPM: '1000000',
    ANTHROPIC_TPM: '1000000000',
    LOGIN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
  };
  const config = loadConfig({ ...env, DATABASE_URL: scratch.url });
  const boss = await startBoss(scratch.url, logger, config);
  const ctx: AppContext = { config, db: database.db, boss, logger };

  const started = async (child: WorkerProcess, what: string) => {
    await waitUntil(
      async () => child.output(),
      (output) => output.includes(`Parley ${what} started`) || child.child.exitCode !== null,
      120_000,
    );
    if (child.child.exitCode !== null) throw new Error(`The ${what} process exited:\n${child.output()}`);
  };
  const spawn = (role: 'api' | 'worker', key: string) =>
    startWorkerProcess({
      ...env,
      PARLEY_ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      ANTHROPIC_API_KEY: key,
      LOG_LEVEL: 'info',
    });
  const api = spawn('api', 'soak-api');
  const stack: Stack = {
    ctx,
    origin,
    proxy,
    calls,
    providerDelayMs: 3000,
    workers: [],
    startWorker: async () => {
      processCount += 1;
      const key = `soak-worker-${processCount}`;
      const worker = { process: spawn('worker', key), key };
      stack.workers.push(worker);
      await started(worker.process, 'worker');
      return worker;
    },
    close: async () => {
      await Promise.all([api, ...stack.workers.map((worker) => worker.process)].map((child) => child.kill()));
      await boss.stop({ graceful: false, close: true });
      await database.pool.end();
      await proxy.close();
      await anthropic.close();
      await google.close();
      await scratch.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  await Promise.all([started(api, 'API'), stack.startWorker(), stack.startWorker()]);
  return stack;
}

/** One way of calling the API: a session cookie, an API key, or nothing. */
export type Credentials = { cookie: string } | { key: string } | null;

/** The headers of a request with these credentials, as the web app sends it from its own pages. */
export function headersOf(credentials: Credentials): Record<string, string> {
  if (!credentials) return {};
  if ('key' in credentials) return { authorization: `Bearer ${credentials.key}` };
  return { cookie: `${SESSION_COOKIE}=${credentials.cookie}`, 'sec-fetch-site': 'same-origin' };
}

let userCount = 0;

/** A confirmed account (rows, as a finished sign-up leaves them) and a live session of it. */
export async function createUser(ctx: AppContext, role: 'user' | 'support' = 'user') {
  userCount += 1;
  const [user] = await ctx.db
    .insert(users)
    .values({ email: `soak-${userCount}-${Date.now()}@example.com`, name: `Soak ${userCount}`, role })
    .returning();
  return { id: user!.id, cookie: await createSession(ctx.db, user!.id, { method: 'password' }) };
}

/** A project with this user as its member in `role`. */
export async function createProject(ctx: AppContext, name: string, userId: number): Promise<number> {
  const [project] = await ctx.db.insert(projects).values({ name }).returning();
  await addMember(ctx, project!.id, userId, 'owner');
  return project!.id;
}

export async function addMember(ctx: AppContext, projectId: number, userId: number, role: MemberRole) {
  await ctx.db.insert(projectMembers).values({ projectId, userId, role });
}

/** A JSON request to the API; the status and the parsed answer (null when it is not JSON). */
export async function callApi(
  origin: string,
  credentials: Credentials,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${origin}/api${pathname}`, {
    method,
    headers: {
      ...headersOf(credentials),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, json };
}
