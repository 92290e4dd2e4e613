import type { FastifyError, FastifyInstance } from 'fastify';
import { databaseFailure } from './database-errors.ts';

/**
 * An error the API answers with its status and `{error:{code,message,field?}}`: the message is for a person,
 * `field` names the input it is about (its key, e.g. `phone_number` or `content.0.key`) for programs.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(statusCode: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.field = field;
  }
}

export const badRequest = (message: string, code = 'bad_request', field?: string) =>
  new HttpError(400, code, message, field);
export const unauthorized = (message = 'Please sign in.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string, code = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message);

export function errorBody(code: string, message: string, field?: string) {
  return { error: { code, message, ...(field ? { field } : {}) } };
}

/**
 * `reportOutage` tells whether an error means the database cannot be reached and logs the outage (once for
 * all the requests that fail during it, see db/outage.ts).
 */
export function registerErrorHandler(app: FastifyInstance, reportOutage: (error: unknown) => boolean): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.field));
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
