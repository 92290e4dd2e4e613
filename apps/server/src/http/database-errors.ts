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

/**
 * What to answer for an error of the database: text it cannot store is the client's 400 (the text guard refuses
 * it earlier; this is the net for text that reaches a query otherwise, e.g. from a multipart form or a CSV
 * file). Null for every other error.
 */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  for (const link of chain(error)) {
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
