import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { notFound } from '../errors.ts';
import { errorBody, registerErrorHandler } from '../http/errors.ts';
import { registerRequestTracing } from './http.ts';

describe('request ids without tracing', () => {
  it("every answer names its request by Fastify's id; an error body carries it too", async () => {
    const app = Fastify();
    registerRequestTracing(app, false);
    registerErrorHandler(app, () => false);
    app.get('/thrown', async () => {
      throw notFound('No such prompt.');
    });
    app.get('/sent', async (_request, reply) => reply.status(409).send(errorBody('taken', 'Taken.')));
    app.get('/fine', async () => ({ error_count: 0, data: { error: 'not an error body' } }));

    for (const url of ['/thrown', '/sent']) {
      const response = await app.inject({ method: 'GET', url });
      const requestId = response.headers['x-request-id'];
      expect(requestId, url).toMatch(/^req-\d+$/);
      expect(response.json(), url).toMatchObject({
        error: { code: expect.any(String) },
        request_id: requestId,
      });
    }
    const fine = await app.inject({ method: 'GET', url: '/fine' });
    expect(fine.headers['x-request-id']).toMatch(/^req-\d+$/);
    expect(fine.json()).toEqual({ error_count: 0, data: { error: 'not an error body' } });
    await app.close();
  });
});
