import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { errorBody } from '../http/errors.ts';
import { httpRequestDuration } from './metrics.ts';
import { mayScrape, renderMetrics } from './scrape.ts';

export const METRICS_PATH = '/metrics';
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
/** Refused scrapes get the answer of an address without a route: scanners learn nothing from it. */
const noRoute = (method: string, path: string) => errorBody('not_found', `No route for ${method} ${path}`);

/**
 * The API's metrics: every answer's duration by route template, and GET /metrics (mayScrape). Outside /api,
 * so neither in the route table nor in the OpenAPI document, and not rate-limited.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe(
      { method: request.method, route, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request.ip, request.headers, ctx.config.metrics.token)) {
      return reply.status(404).send(noRoute(request.method, METRICS_PATH));
    }
    return reply.type(CONTENT_TYPE).send(await renderMetrics(ctx));
  });
}

/**
 * The metrics of a worker process, which serves no HTTP otherwise: GET /metrics on `port`, under the same
 * rule; every other request answers 404.
 */
export async function serveWorkerMetrics(ctx: AppContext, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const method = request.method ?? 'GET';
    const path = request.url?.split('?')[0] ?? '/';
    const allowed = mayScrape(request.socket.remoteAddress, request.headers, ctx.config.metrics.token);
    if (method !== 'GET' || path !== METRICS_PATH || !allowed) {
      response
        .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(noRoute(method, path)));
      return;
    }
    renderMetrics(ctx).then(
      (text) => response.writeHead(200, { 'content-type': CONTENT_TYPE }).end(text),
      (error) => {
        ctx.logger.error({ err: error }, 'Could not render the metrics');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, ctx.config.host, resolve);
  });
  return server;
}
