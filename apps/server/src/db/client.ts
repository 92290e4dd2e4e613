import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  pool: pg.Pool;
  db: Db;
}

/** A request waiting for a connection fails after this (the API answers 503) instead of hanging for ever. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * JIT off for the app's sessions: its queries are short, and PostgreSQL's default (jit=on with a cost
 * threshold that aggregates over ~100k rows pass) spent ~120 of 165 ms of a billing summary compiling code
 * (bench/billing-summaries.ts). An `options` parameter in DATABASE_URL takes precedence.
 */
const SESSION_OPTIONS = '-c jit=off';

export function connectDatabase(url: string, logger: Logger, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: SESSION_OPTIONS,
  });
  // Without a listener an idle client's error (e.g. the server stopping) would crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'PostgreSQL pool client error'));
  return { pool, db: drizzle(pool, { schema }) };
}

/** The database or an open transaction: repository functions accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
