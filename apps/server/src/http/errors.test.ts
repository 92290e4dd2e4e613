import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  AppError,
  badRequest,
  conflict,
  type ErrorKind,
  forbidden,
  notFound,
  unauthorized,
} from '../errors.ts';
import { registerErrorHandler, statusOf } from './errors.ts';

describe('the status of each kind of domain error', () => {
  it('is the one the API has always answered', () => {
    const statuses: Record<ErrorKind, number> = {
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
      client_closed: 499,
      upstream_failed: 502,
      unavailable: 503,
      upstream_timeout: 504,
    };
    for (const [kind, status] of Object.entries(statuses))
      expect([kind, statusOf(kind as ErrorKind)]).toEqual([kind, status]);
  });
});

describe('the error handler', () => {
  async function answerTo(error: Error) {
    const app = Fastify();
    registerErrorHandler(app, () => false);
    app.get('/fail', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/fail' });
    await app.close();
    return { status: response.statusCode, body: response.json() };
  }

  it.each([
    [
      badRequest('The name is too long.', 'name_too_long', 'name'),
      400,
      { code: 'name_too_long', message: 'The name is too long.', field: 'name' },
    ],
    [badRequest('No.'), 400, { code: 'bad_request', message: 'No.' }],
    [unauthorized(), 401, { code: 'unauthorized', message: 'Please sign in.' }],
    [forbidden('Managers only.'), 403, { code: 'forbidden', message: 'Managers only.' }],
    [notFound('No such prompt.'), 404, { code: 'not_found', message: 'No such prompt.' }],
    [conflict('Taken.', 'email_taken'), 409, { code: 'email_taken', message: 'Taken.' }],
    [
      new AppError('unavailable', 'queue_unavailable', 'Try later.'),
      503,
      { code: 'queue_unavailable', message: 'Try later.' },
    ],
  ])('answers %s with its status and {error:{code,message,field?}}', async (error, status, body) => {
    expect(await answerTo(error)).toEqual({ status, body: { error: body } });
  });

  it('answers any other error 500 internal_error', async () => {
    expect(await answerTo(new Error('connection string leaked'))).toEqual({
      status: 500,
      body: { error: { code: 'internal_error', message: 'Something went wrong on our side.' } },
    });
  });
});
