/** An answer for a database error that is not a bug of ours. */
export interface DatabaseFailure {
  statusCode: number;
  code: string;
  message: string;
  headers: Record<string, string>;
}

/** The error and the errors it wraps (Drizzle's DrizzleQueryError keeps the driver's error as its cause). */
function* chain(error: unknown): Generator<Record<string, unknown>> {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    yield current as unknown as Record<string, unknown>;
    current = current.cause;
  }
}

/** PostgreSQL's SQLSTATE codes for text it cannot store: NUL (22021) and \u0000 in JSON (22P05). */
const INVALID_TEXT_STATES = new Set(['22021', '22P05']);

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

const RETRY_AFTER_SECONDS = 5;

function isUnavailable(link: Record<string, unknown>): boolean {
  const code = typeof link.code === 'string' ? link.code : '';
  return (
    UNREACHABLE_CODES.has(code) ||
    UNAVAILABLE_STATE.test(code) ||
    (typeof link.message === 'string' && UNAVAILABLE_MESSAGE.test(link.message))
  );
}

/**
 * What to answer for an error of the database: 503 with Retry-After while it cannot be reached (the pool
 * reconnects by itself once it is back), 400 for text it cannot store (the text guard refuses it earlier; this
 * is the net for text that reaches a query otherwise, e.g. from a multipart form or a CSV file). Null for every
 * other error.
 */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  for (const link of chain(error)) {
    if (isUnavailable(link)) {
      return {
        statusCode: 503,
        code: 'service_unavailable',
        message: 'The database is not reachable at the moment. Please try again in a few seconds.',
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      };
    }
    if (typeof link.code === 'string' && INVALID_TEXT_STATES.has(link.code)) {
      return {
        statusCode: 400,
        code: 'invalid_text',
        message:
          'The request contains text with a NUL character (U+0000), which cannot be stored. Remove it and try again.',
        headers: {},
      };
    }
  }
  return null;
}
