import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. Every route but 'public' needs a signed-in user of the web app (session cookie);
 * API keys reach only what this says, and only within their own project (spec 2 §3 API key types):
 * - 'public': anyone, signed in or not (sign-in, sign-up, health ...);
 * - 'session': signed-in users only, never an API key (account, admin, key and support-access management);
 * - 'full-key': signed-in users and full API keys;
 * - 'media-key': signed-in users and both key types (uploading and reading one's own uploads).
 */
export type RouteAccess = 'public' | 'session' | 'full-key' | 'media-key';

/** The error answers a route documents; every one has the body `{ error: { code, message } }`. */
export type ErrorStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 409
  | 410
  | 413
  | 415
  | 416
  | 422
  | 429
  | 502
  | 503
  | 504;

export type SuccessStatus = 200 | 201 | 202 | 204 | 206;

/**
 * One API route, defined once: the server registers its handler from it, the OpenAPI document and the
 * API-key policy read it, and the web calls it through the typed client (shared/api/client.ts).
 */
export interface RouteDefinition {
  method: HttpMethod;
  /** Fastify pattern under /api, e.g. '/projects/:id/blacklist/:entryId'. */
  path: string;
  /** Unique name of the operation in the OpenAPI document (what generated clients call the method). */
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. Multipart routes leave it out and name 'multipart/form-data' in consumes. */
  body?: z.ZodType;
  consumes?: readonly string[];
  /**
   * A body the server reads itself, as the OpenAPI document describes it, so this is not what validates it: a
   * multipart body's parts (file parts: `formFile`; streamed), or a signed body whose raw bytes are verified
   * before they are parsed (a phone system's call event).
   */
  form?: z.ZodObject;
  /** Content types of a success answer other than JSON (files, event streams). */
  produces?: readonly string[];
  /**
   * Success answers: a JSON schema, or null for a body that is not JSON (a file, an event stream, none). An
   * error status listed here answers this body instead of the usual one (a refused CSV's row errors, the
   * help lookup's 404).
   */
  responses: Partial<Record<SuccessStatus, z.ZodType | null> & Record<ErrorStatus, z.ZodType>>;
  /**
   * What the web accepts as the success answer where the spec lets it arrive in more shapes than the server
   * sends (other key names, a list under other keys: routes/tolerance.ts). Its output is the response's.
   */
  accepts?: z.ZodType;
  /** Error answers besides 401 (added for every non-public route) and 400 (added when it takes input). */
  errors: readonly ErrorStatus[];
  /** Hidden from the OpenAPI document (internal plumbing). */
  hidden?: boolean;
  /**
   * Posted from another site by design (a SAML identity provider's form): not refused as cross-origin. It must
   * authenticate by its own content, never by the session cookie.
   */
  crossSite?: boolean;
}

/** Keeps a route's literal types (path, schemas) for the typed server registration and web client. */
export function defineRoute<const R extends RouteDefinition>(route: R): R {
  return route;
}

type Schema<R, K extends 'params' | 'query' | 'body'> =
  R extends Record<K, infer S extends z.ZodType> ? S : undefined;

/** What a caller sends: the input type of each schema the route has. */
export type RouteParams<R extends RouteDefinition> =
  Schema<R, 'params'> extends z.ZodType ? z.input<Schema<R, 'params'>> : undefined;
export type RouteQuery<R extends RouteDefinition> =
  Schema<R, 'query'> extends z.ZodType ? z.input<Schema<R, 'query'>> : undefined;
export type RouteBody<R extends RouteDefinition> =
  Schema<R, 'body'> extends z.ZodType ? z.input<Schema<R, 'body'>> : undefined;

/** A part of the input is optional when the route has none or every field of it is optional. */
type Field<K extends string, T> = undefined extends T
  ? { [P in K]?: T }
  : Record<never, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call sends: params, query and body as the route's schemas take them. */
export type RouteInput<R extends RouteDefinition> = Field<'params', RouteParams<R>> &
  Field<'query', RouteQuery<R>> &
  Field<'body', RouteBody<R>>;

type JsonAnswer<R extends RouteDefinition, S extends SuccessStatus> = R['responses'] extends {
  [K in S]: infer T extends z.ZodType;
}
  ? z.output<T>
  : never;

/**
 * The JSON success answer of a route as the client parses it: one of those its 200, 201 and 202 define
 * (a route may answer several, e.g. sign-up), undefined when none is JSON.
 */
export type RouteAnswer<R extends RouteDefinition> = [
  JsonAnswer<R, 200> | JsonAnswer<R, 201> | JsonAnswer<R, 202>,
] extends [never]
  ? undefined
  : JsonAnswer<R, 200> | JsonAnswer<R, 201> | JsonAnswer<R, 202>;

/**
 * The schema the client parses an answer with: `accepts` for a success when the route has one, else the one
 * of the status the server answered, else the first of 200, 201 and 202 it defines; null when not JSON.
 */
export function answerSchema(route: RouteDefinition, status?: number): z.ZodType | null {
  const { responses } = route;
  if (route.accepts && (status === undefined || status < 300)) return route.accepts;
  const own = responses[status as SuccessStatus];
  if (own !== undefined) return own;
  return responses[200] ?? responses[201] ?? responses[202] ?? null;
}

/**
 * The path of a call: each ':name' of the pattern replaced by its value, URL-encoded. Throws when a value is
 * missing, so a call can't silently reach another route.
 */
export function pathOf(route: Pick<RouteDefinition, 'path'>, params: Record<string, unknown> = {}): string {
  return route.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${route.path}: the path parameter ${name} is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * A query string ('' or '?a=1&b=2'): undefined, null and '' values are left out, arrays repeat their key,
 * dates are sent as ISO strings.
 */
export function queryStringOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const text = value instanceof Date ? value.toISOString() : String(value);
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else add(key, value);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}
