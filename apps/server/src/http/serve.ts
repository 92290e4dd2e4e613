import type { RouteDefinition } from '@parley/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { producesMedia } from './compression.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The definition the route was registered from (packages/contracts/src/routes). */
    route?: RouteDefinition;
  }
}

/** The JSON success answers of a route: what the handler may return and the serializer checks. */
type ResponsesOf<R extends RouteDefinition> = {
  [K in keyof R['responses'] as R['responses'][K] extends z.ZodType ? K : never]: R['responses'][K];
};

interface SchemaOf<R extends RouteDefinition> {
  params: R extends { params: infer S } ? S : undefined;
  querystring: R extends { query: infer S } ? S : undefined;
  body: R extends { body: infer S } ? S : undefined;
  response: ResponsesOf<R>;
}

export type Handler<R extends RouteDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  Record<never, never>,
  Record<never, never>,
  SchemaOf<R>,
  ZodTypeProvider
>;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface ServeOptions<R extends RouteDefinition> {
  handler: Handler<R>;
  /** Checks that must run before the input is validated (e.g. project access, so strangers learn nothing). */
  preValidation?: Hook | Hook[];
  preHandler?: Hook | Hook[];
  /** Route settings other than the definition, e.g. a rate limit. */
  config?: { rateLimit?: { max: number; timeWindow: string } };
  bodyLimit?: number;
}

/** The Fastify schema of a route: its input schemas, the JSON answers, and what the OpenAPI document shows. */
function fastifySchemaOf(route: RouteDefinition) {
  const response: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    if (schema) response[Number(status)] = schema;
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [...route.tags],
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.consumes ? { consumes: [...route.consumes] } : {}),
    ...(route.produces ? { produces: [...route.produces] } : {}),
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(route.hidden ? { hide: true } : {}),
    response,
  };
}

/** Registers the handler of a route from its definition (method, path, schemas, access, documentation). */
export function serve<R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  options: ServeOptions<R>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    schema: fastifySchemaOf(route),
    config: { ...options.config, route },
    // A HEAD request of an event stream would hold the connection open like the stream itself.
    ...(route.produces?.includes('text/event-stream') ? { exposeHeadRoute: false } : {}),
    // Recordings are compressed already, and a range counts the stored bytes.
    ...(producesMedia(route) ? { compress: false as const } : {}),
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: options.handler as RouteHandlerMethod,
  });
}
