import { errorChain, unreachableCause } from '../db/outage.ts';

/** An answer for a database error that is not a bug of ours. */
export interface DatabaseFailure {
  statusCode: number;
  code: string;
  message: string;
  headers: Record<string, string>;
}

/** PostgreSQL's SQLSTATE codes for text it cannot store: NUL (22021) and \u0000 in JSON (22P05). */
const INVALID_TEXT_STATES = new Set(['22021', '22P05']);

const RETRY_AFTER_SECONDS = 5;

/**
 * What to answer for an error of the database: 503 with Retry-After while it cannot be reached (the pool
 * reconnects by itself once it is back), 400 for text it cannot store (the text guard refuses it earlier; this
 * is the net for text that reaches a query otherwise, e.g. from a multipart form or a CSV file). Null for every
 * other error.
 */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  if (unreachableCause(error)) {
    return {
      statusCode: 503,
      code: 'service_unavailable',
      message: 'The database is not reachable at the moment. Please try again in a few seconds.',
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    };
  }
  for (const link of errorChain(error)) {
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
