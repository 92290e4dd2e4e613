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
 *
 * A process cut off from the database (a lost network link, a machine gone) must not keep its locks: every
 * hold and charge takes its project's row lock, so one session of a lost worker holding it, or queued for it,
 * stops every analysis of that project on the other workers. By default PostgreSQL notices a silent client
 * only when the operating system's TCP keepalive gives up, about two hours later. The app's sessions ask the
 * server for TCP keepalives after KEEPALIVE_IDLE_SECONDS of silence, every KEEPALIVE_INTERVAL_SECONDS, and to
 * drop a connection whose sent data or probes stay unanswered for PEER_GONE_SECONDS (tcp_user_timeout);
 * a session waiting on a lock or running a query checks every CONNECTION_CHECK_SECONDS whether its client is
 * still there (client_connection_check_interval). So the sessions of a lost process end, their transactions
 * roll back and their locks go within about 20 s; a live client's kernel answers the probes whatever its load.
 * test/machines/several-machines.test.ts pulls a worker's cable mid-batch to check it.
 * A transaction left open for IDLE_TRANSACTION_SECONDS between its statements by a client that is still there
 * (stuck) is ended as well.
 * The job queue's sessions (jobs/workers.ts) run with the same settings. An `options` parameter in DATABASE_URL
 * takes precedence over all of these.
 */
const KEEPALIVE_IDLE_SECONDS = 5;
const KEEPALIVE_INTERVAL_SECONDS = 2;
const PEER_GONE_SECONDS = 15;
const CONNECTION_CHECK_SECONDS = 2;
const IDLE_TRANSACTION_SECONDS = 30;
export const SESSION_OPTIONS = [
  'jit=off',
  `tcp_keepalives_idle=${KEEPALIVE_IDLE_SECONDS}`,
  `tcp_keepalives_interval=${KEEPALIVE_INTERVAL_SECONDS}`,
  `tcp_user_timeout=${PEER_GONE_SECONDS * 1000}`,
  `client_connection_check_interval=${CONNECTION_CHECK_SECONDS * 1000}`,
  `idle_in_transaction_session_timeout=${IDLE_TRANSACTION_SECONDS}s`,
]
  .map((setting) => `-c ${setting}`)
  .join(' ');

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
  // pg-pool listens to a client's errors only while it is idle: one checked out (a transaction) whose connection
  // breaks (the server ended the session of a process cut off from it, and the reset arrives when the network
  // is back) would emit an unhandled 'error' and end the process. The error fails the transaction's query, or
  // its next one, which reports it; this listener only keeps it from ending the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  watchOutages(db, outage);
  return { pool, db };
}

/** The database or an open transaction: repository functions accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
