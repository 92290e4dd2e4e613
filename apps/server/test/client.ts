import {
  pathOf,
  queryStringOf,
  type RouteDefinition,
  type RouteInput,
  SESSION_COOKIE,
} from '@parley/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Input the route's schemas would refuse (wrong types, missing fields, a raw text body), for tests of
 * validation and hostile input. The URL is still built from the route.
 */
export interface UncheckedInput {
  unchecked: true;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: InjectOptions['payload'];
}

/** Who calls and how: a session cookie, an API key, or any other header or cookie. */
export interface CallerOptions {
  /** The session cookie's value. */
  cookie?: string;
  /** Sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  headers?: InjectOptions['headers'];
  cookies?: Record<string, string>;
  remoteAddress?: string;
  /** A multipart body with its content type, as `multipart()` of test/uploads.ts builds it. */
  form?: Pick<InjectOptions, 'payload' | 'headers'>;
}

export type CallOptions<R extends RouteDefinition> = (RouteInput<R> | UncheckedInput) & CallerOptions;

/** The options can be left out when the route needs no input. */
export type CallArguments<R extends RouteDefinition> =
  Record<never, never> extends RouteInput<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/**
 * Calls a route of the route table with `app.inject`: method and URL (path params encoded, query serialised)
 * as the web's client builds them, the body as JSON. Answers the raw response (status, headers, json()).
 */
export function callRoute<R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  ...[options = {} as CallOptions<R>]: CallArguments<R>
): Promise<LightMyRequestResponse> {
  const { params, query, body, cookie, apiKey, headers, cookies, remoteAddress, form } =
    options as UncheckedInput & CallerOptions;
  const payload = body ?? form?.payload;
  const allHeaders = {
    ...form?.headers,
    ...headers,
    ...(apiKey !== undefined && { authorization: `Bearer ${apiKey}` }),
  };
  const allCookies = { ...cookies, ...(cookie !== undefined && { [SESSION_COOKIE]: cookie }) };
  return app.inject({
    method: route.method,
    url: urlOf(route, { params, query }),
    ...(payload !== undefined && { payload }),
    ...(Object.keys(allHeaders).length > 0 && { headers: allHeaders }),
    ...(Object.keys(allCookies).length > 0 && { cookies: allCookies }),
    ...(remoteAddress !== undefined && { remoteAddress }),
  });
}

/** Calls routes as one caller: each call carries its cookie or key (a Client's or KeyClient's `call`). */
export function caller(app: FastifyInstance, who: CallerOptions) {
  return <R extends RouteDefinition>(route: R, ...[options]: CallArguments<R>) =>
    callRoute(app, route, ...([{ ...who, ...options }] as CallArguments<R>));
}

/** The URL of a call under /api, as `callRoute` sends it. */
export function urlOf(route: RouteDefinition, options: { params?: unknown; query?: unknown } = {}): string {
  const { params, query } = options as UncheckedInput;
  return `/api${pathOf(route, params)}${queryStringOf(query)}`;
}

/**
 * A call written down for later, checked like any call: a row of a table that several callers send (role
 * matrices). `url` names it in messages; `by` sends it as a Client or KeyClient.
 */
export function prepare<R extends RouteDefinition>(route: R, ...args: CallArguments<R>) {
  return {
    method: route.method,
    url: urlOf(route, args[0]),
    by: (client: { call: ReturnType<typeof caller> }) => client.call(route, ...args),
  };
}
