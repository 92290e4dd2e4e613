import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { databaseOutage, watchOutages } from './outage.ts';
import * as schema from './schema/index.ts';

/** The app's database: Drizzle over a node-postgres pool (its `$client`). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  pool: pg.Pool;
  db: Db;
}

/** A request waiting for a connection fails after this (the API answers 503) instead of hanging for ever. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The pool of each process role. A worker runs hundreds of tasks at once: their short writes queue for its
 * connections (a burst of billing holds waits on the project's row lock), so they may wait longer than a
 * request of the API. A worker holds up to 15 + 8 (job queue) connections: three worker processes and an
 * API stay under PostgreSQL's default of 100.
 */
export const POOLS = {
  api: { max: 10, connectTimeoutMs: CONNECT_TIMEOUT_MS },
  worker: { max: 15, connectTimeoutMs: 60_000 },
  all: { max: 15, connectTimeoutMs: 30_000 },
} as const;

/**
 * JIT off for the app's sessions: its queries are short, and PostgreSQL's default (jit=on with a cost
 * threshold that aggregates over ~100k rows pass) spent ~120 of 165 ms of a billing summary compiling code
 * (bench/billing-summaries.ts).
 * A transaction left open for IDLE_TRANSACTION_SECONDS between its statements is ended by the server: a process
 * cut off from the database mid-transaction (a lost network link, a frozen machine) would otherwise hold its
 * row locks (a project's, taken by every hold and charge) until TCP gave up, hours later, and every other worker
 * would wait on them (test/machines/several-machines.test.ts). An `options` parameter in DATABASE_URL takes
 * precedence.
 */
const IDLE_TRANSACTION_SECONDS = 30;
const SESSION_OPTIONS = `-c jit=off -c idle_in_transaction_session_timeout=${IDLE_TRANSACTION_SECONDS}s`;

export function connectDatabase(
  url: string,
  logger: Logger,
  max = 10,
  connectTimeoutMs: number = CONNECT_TIMEOUT_MS,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    options: SESSION_OPTIONS,
  });
  const outage = databaseOutage(url, logger);
  // Without a listener an idle client's error (e.g. the server stopping) would crash the process.
  pool.on('error', (error) => {
    if (!outage.report(error)) logger.warn({ err: error }, 'PostgreSQL pool client error');
  });
  const db = drizzle(pool, { schema });
  watchOutages(db, outage);
  return { pool, db };
}

/** The database or an open transaction: repository functions accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
