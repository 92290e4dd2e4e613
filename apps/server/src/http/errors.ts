import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type ErrorKind } from '../errors.ts';
import { databaseFailure } from './database-errors.ts';

/** The one place a domain error's kind becomes an HTTP status. */
const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  range_not_satisfiable: 416,
  unprocessable: 422,
  rate_limited: 429,
  client_closed: 499, // nginx's "client closed request"

  upstream_failed: 502,
  unavailable: 503,
  upstream_timeout: 504,
};

export const statusOf = (kind: ErrorKind): number => STATUS_OF_KIND[kind];

/**
 * The body of every error answer, `{error:{code,message,field?}}`: the message is for a person, `field` names
 * the input it is about (its key, e.g. `phone_number` or `content.0.key`) for programs.
 */
export function errorBody(code: string, message: string, field?: string) {
  return { error: { code, message, ...(field ? { field } : {}) } };
}

/**
 * `reportOutage` tells whether an error means the database cannot be reached and logs the outage (once for
 * all the requests that fail during it, see db/outage.ts).
 */
export function registerErrorHandler(app: FastifyInstance, reportOutage: (error: unknown) => boolean): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(statusOf(error.kind)).send(errorBody(error.code, error.message, error.field));
    }
    const failure = databaseFailure(error);
    if (failure) {
      if (failure.statusCode >= 500 && !reportOutage(error)) {
        request.log.warn({ err: error }, 'Database unavailable');
      }
      return reply
        .status(failure.statusCode)
        .headers(failure.headers)
        .send(errorBody(failure.code, failure.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'Request failed');
      return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
    }
    const code = status === 429 ? 'rate_limited' : (error.code?.toLowerCase() ?? `http_${status}`);
    return reply.status(status).send(errorBody(code, error.message));
  });
}
