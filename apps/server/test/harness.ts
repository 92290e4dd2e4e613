import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { authRoutes, type MemberRole, projectRoutes, SESSION_COOKIE } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { projectMembers, projects } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { startBoss } from '../src/jobs/workers.ts';
import type { AuthRequest } from '../src/modules/auth/auth-requests.ts';
import { runAuthRequest } from '../src/modules/auth/jobs.ts';
import type { EmailMessage } from '../src/modules/mail/mailer.ts';
import { caller, callRoute } from './client.ts';
import { confirmTokenFrom, registerTestContext } from './mail.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

/** A fresh, migrated database of its own for one test file. */
export function freshDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(inject('adminDatabaseUrl'), 'parley_test');
}

/** The context of each app startTestApp built (signUp reads the confirmation email from its job queue). */
const contexts = new WeakMap<FastifyInstance, AppContext>();

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** Every log line written so far (pino JSON objects). */
  logs: Array<Record<string, unknown>>;
  close: () => Promise<void>;
}

/**
 * The real app (API, database, job queue) on a fresh database, driven with `app.inject`. `env` adds
 * environment variables to the configuration (e.g. provider keys and base URLs of the fake upstreams);
 * the process environment is never read.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Promise<TestApp> {
  const db = await freshDatabase();
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const config: Config = {
    ...loadConfig({
      DATABASE_URL: db.url,
      PUBLIC_URL: 'http://parley.test',
      LOGIN_RATE_LIMIT: '1000',
      ...env,
    }),
    ...overrides,
  };
  const database = connectDatabase(db.url, logger, 5);
  await runMigrations(database);
  const boss = await startBoss(db.url, logger, config);
  const ctx: AppContext = { config, db: database.db, boss, logger };
  const app = await buildApp(ctx, { webDir: null });
  await app.ready();
  contexts.set(app, ctx);
  registerTestContext(ctx);
  return {
    app,
    ctx,
    database,
    logs,
    close: async () => {
      await app.close();
      await boss.stop({ graceful: false, close: true });
      await database.pool.end();
      await db.drop();
    },
  };
}

/** A signed-in client: requests carry its session cookie. */
export interface Client {
  email: string;
  userId: number;
  cookie: string;
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Calls a route of the route table (test/client.ts) with the session cookie. */
  call: ReturnType<typeof caller>;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`No session cookie in the answer (${response.statusCode}: ${response.body})`);
  return cookie.value;
}

export function clientWithCookie(app: FastifyInstance, cookie: string) {
  return (options: InjectOptions) =>
    app.inject({ ...options, cookies: { ...(options.cookies ?? {}), [SESSION_COOKIE]: cookie } });
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * Signs a new account up and in. The first account of an installation is signed in at once; any other follows
 * the link of its confirmation email, taken off the queue so that tests reading emails never see it.
 */
export async function signUp(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = 'correct horse',
): Promise<Client> {
  const response = await callRoute(app, authRoutes.signup, { body: { email, password } });
  const signedIn = response.statusCode === 202 ? await confirmByEmail(app, email) : response;
  if (signedIn.statusCode !== 201 && signedIn.statusCode !== 200) {
    throw new Error(`signup failed: ${signedIn.statusCode} ${signedIn.body}`);
  }
  const cookie = sessionCookie(signedIn);
  return {
    email,
    userId: signedIn.json().data.id,
    cookie,
    request: clientWithCookie(app, cookie),
    call: caller(app, { cookie }),
  };
}

async function confirmByEmail(app: FastifyInstance, email: string): Promise<LightMyRequestResponse> {
  const ctx = contexts.get(app);
  if (!ctx) throw new Error('signUp needs an app made by startTestApp');
  const { boss } = ctx;
  // The sign-up's own background job (others may run at the same time), worked as the worker would.
  const [signup] = await boss.findJobs<AuthRequest>(QUEUES.authRequests, { data: { email }, queued: true });
  if (signup) {
    await boss.deleteJob(QUEUES.authRequests, signup.id);
    await runAuthRequest(ctx, signup.data);
  }
  const [job] = await boss.findJobs<EmailMessage>(QUEUES.email, { data: { to: email }, queued: true });
  if (!job) throw new Error(`No confirmation email for ${email}`);
  await boss.deleteJob(QUEUES.email, job.id);
  const token = confirmTokenFrom(job.data);
  return callRoute(app, authRoutes.confirm, { body: { token } });
}

export async function createProject(client: Client, name = 'Project'): Promise<number> {
  const response = await client.call(projectRoutes.create, { body: { name } });
  if (response.statusCode !== 201) throw new Error(`create project failed: ${response.body}`);
  return response.json().data.id;
}

/** Makes the client a member of the project with the given role. */
export async function addMember(
  t: TestApp,
  projectId: number,
  client: Client,
  role: MemberRole,
): Promise<void> {
  await t.ctx.db.insert(projectMembers).values({ projectId, userId: client.userId, role });
}

/**
 * Turns the project's agents_see_own off, as for a project made before it existed: its users see every
 * analysis (for tests of other things that read analyses as a plain user).
 */
export async function usersSeeAll(t: TestApp, projectId: number): Promise<void> {
  await t.ctx.db.update(projects).set({ agentsSeeOwn: false }).where(eq(projects.id, projectId));
}
