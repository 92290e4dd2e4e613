import pg from 'pg';
import type { Logger } from '../logger.ts';
import { hasFields } from '../thrown.ts';
import type { Executor } from './client.ts';

/**
 * An error and the errors it wraps (Drizzle's DrizzleQueryError keeps the driver's error as its cause).
 * pg-boss reports some errors as plain objects with the error's fields spread into them.
 */
export function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  for (let current = error, depth = 0; hasFields(current) && depth < 5; depth += 1) {
    yield current;
    current = current.cause;
  }
}

/** Node's codes for a server that cannot be reached. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATE codes of a server that is away: connection exceptions (class 08), too many connections (53300),
 * shutting down or restarting (57P01 admin, 57P02 crash, 57P03 cannot connect now).
 */
const UNAVAILABLE_STATE = /^(08...|53300|57P0[123])$/;

/** What node-postgres and its pool say when a connection drops or cannot be made in time. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export interface OutageCause {
  /** Node's error code or PostgreSQL's SQLSTATE, when the error has one. */
  code: string | null;
  message: string;
}

/** Why the database cannot be reached, when `error` (or an error it wraps) says it cannot; null otherwise. */
export function unreachableCause(error: unknown): OutageCause | null {
  for (const link of errorChain(error)) {
    const code = typeof link.code === 'string' ? link.code : null;
    const message = typeof link.message === 'string' ? link.message : '';
    if (
      (code && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_STATE.test(code))) ||
      UNAVAILABLE_MESSAGE.test(message)
    ) {
      return { code, message };
    }
  }
  return null;
}

/** How often a database that went away is asked whether it is back. */
const PROBE_INTERVAL_MS = 2000;
const PROBE_TIMEOUT_MS = 5000;

/**
 * The database as this process sees it. While it cannot be reached every query fails and the job queue's
 * workers keep polling it, many times a second: the outage is logged once with its cause when it starts and
 * once when the database answers again (asked every PROBE_INTERVAL_MS), instead of a line for each failure.
 */
export class DatabaseOutage {
  readonly #url: string;
  readonly #logger: Logger;
  #since: number | null = null;

  constructor(url: string, logger: Logger) {
    this.#url = url;
    this.#logger = logger;
  }

  /** Whether `error` means the database cannot be reached: then the outage is logged (once), not the error. */
  report(error: unknown): boolean {
    const cause = unreachableCause(error);
    if (!cause) return false;
    if (this.#since === null) {
      this.#since = Date.now();
      this.#logger.error({ cause }, 'The database cannot be reached');
      this.#probeLater();
    }
    return true;
  }

  #probeLater(): void {
    setTimeout(async () => {
      if (!(await answers(this.#url))) return this.#probeLater();
      const seconds = Math.round((Date.now() - this.#since!) / 1000);
      this.#since = null;
      this.#logger.info({ unreachableSeconds: seconds }, 'The database answers again');
    }, PROBE_INTERVAL_MS).unref();
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    application_name: 'parley-probe',
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const outages = new Map<string, DatabaseOutage>();
const outagesOfDb = new WeakMap<Executor, DatabaseOutage>();

/** The outage record of the database at `url`, one per process: its pool, job queue and API share it. */
export function databaseOutage(url: string, logger: Logger): DatabaseOutage {
  let outage = outages.get(url);
  if (!outage) {
    outage = new DatabaseOutage(url, logger);
    outages.set(url, outage);
  }
  return outage;
}

/** Records that `db` (of connectDatabase) reaches the database of `outage`. */
export function watchOutages(db: Executor, outage: DatabaseOutage): void {
  outagesOfDb.set(db, outage);
}

/** Whether `error` of a query through `db` means its database cannot be reached (then logged once, see above). */
export function reportOutage(db: Executor, error: unknown): boolean {
  return outagesOfDb.get(db)?.report(error) ?? false;
}
