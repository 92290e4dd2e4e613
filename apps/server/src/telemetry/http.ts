import {
  type Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasFields } from '../thrown.ts';
import { SpanKind, tracer } from './spans.ts';

interface Traced {
  span: Span;
  context: Context;
}

const traced = new WeakMap<FastifyRequest, Traced>();

/**
 * Every answer names its request in `x-request-id`, and an error answer's body in `request_id` (beside
 * `error`, ErrorBody in packages/contracts): the trace id when tracing is on, else Fastify's request id, which the
 * request's log lines carry as reqId. With `tracing`, each request is a span named by its method and route
 * template (never its URL: paths hold ids and query strings search text), continuing the caller's trace when
 * a `traceparent` header names one; the handler and the hooks run within it, so database queries and log lines
 * of the request belong to it.
 */
export function registerRequestTracing(app: FastifyInstance, tracing: boolean): void {
  if (tracing) traceRequests(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', requestId(request));
    done();
  });
  app.addHook('preSerialization', async (request, _reply, payload) => withRequestId(payload, request));
}

function traceRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, ...(route && { 'http.route': route }) },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    traced.set(request, { span, context: active });
    context.with(active, done);
  });
  // A request's body is read from socket events, outside the span's context: each later step enters it again.
  const reenter = (request: FastifyRequest, done: () => void) => {
    const entry = traced.get(request);
    if (entry) context.with(entry.context, done);
    else done();
  };
  app.addHook('preValidation', (request, _reply, done) => reenter(request, done));
  app.addHook('preHandler', (request, _reply, done) => reenter(request, done));
  app.addHook('onResponse', (request, reply, done) => {
    const entry = traced.get(request);
    if (entry) {
      entry.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) {
        entry.span.setAttribute('error.type', String(reply.statusCode));
        entry.span.setStatus({ code: SpanStatusCode.ERROR });
      }
      entry.span.end();
    }
    done();
  });
}

function requestId(request: FastifyRequest): string {
  const spanContext = traced.get(request)?.span.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : request.id;
}

/** An error body (`{error:{code,message,…}}`) with the request's id added; any other payload as it is. */
function withRequestId(payload: unknown, request: FastifyRequest): unknown {
  if (!hasFields(payload) || !hasFields(payload.error) || typeof payload.error.code !== 'string') {
    return payload;
  }
  return { ...payload, request_id: requestId(request) };
}
