/**
 * What a thrown value says, read without trusting its type: libraries throw Errors with fields of their own
 * (Node's errno code, Fastify's FST_ codes, PostgreSQL's SQLSTATE), and some throw plain objects.
 */

/** Whether a thrown value can hold fields (an Error, a plain object). */
export const hasFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The code a thrown value carries as text ('ENOENT', 'FST_REQ_FILE_TOO_LARGE', '23505'), if any. */
export const errorCode = (error: unknown): string | undefined =>
  hasFields(error) && typeof error.code === 'string' ? error.code : undefined;

/** An Error's message, or any other thrown value as text. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
