import type { SwaggerTransform } from '@fastify/swagger';
import {
  ErrorBody,
  type ErrorStatus,
  type RouteDefinition,
  SESSION_COOKIE,
  WebhookEvent,
} from '@parley/contracts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The input is invalid (code validation_error, or a more precise code); the message says what to fix.',
  401: 'Not signed in, or the API key is unknown or revoked.',
  402: 'The balance (or the unit bundles) does not cover the cost.',
  403:
    'Signed in, but the role or the API key type does not allow this (a media key on a route for full keys, any ' +
    'key on a route for people), or a state-changing request with the session cookie came from another site ' +
    '(code cross_origin).',
  404: 'Not found, or not visible to the caller (another project answers 404 too).',
  409: 'Conflicts with the current state (a duplicate, or a change that is no longer possible).',
  410: 'Expired or already used.',
  413: 'The body or file is larger than allowed.',
  415: 'The body is not of a type this operation reads (JSON, or multipart where it says so), or the file type is not supported.',
  416: 'The requested byte range is outside the file.',
  422: 'Understood but not processable (e.g. the upstream AI answered nothing usable).',
  429: 'Too many requests; try again after the time the message names (and the retry-after header).',
  502: 'An upstream service (AI provider, link host) failed.',
  503: 'A service the request needs is not available (database, provider without credentials).',
  504: 'An upstream service (e.g. a link host) did not answer in time.',
};

/**
 * The error answers an operation documents: its own, plus those every route of its kind can answer: 401 for
 * signed-in routes; 400 for input; 403 where an API key of another type is refused (csrf.ts, auth/plugin.ts) or
 * a cross-site request with the session cookie changes state; 413 and 415 for a body (its size, its type).
 */
export function errorStatusesOf(route: RouteDefinition): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(route.errors);
  for (const status of Object.keys(route.responses).map(Number)) {
    if (status >= 400) statuses.add(status as ErrorStatus);
  }
  const hasBody = Boolean(route.body || route.consumes);
  if (route.access !== 'public') statuses.add(401);
  if (route.params || route.query || hasBody) statuses.add(400);
  if (route.access === 'full-key' || route.access === 'session') statuses.add(403);
  if (route.access !== 'public' && route.method !== 'GET') statuses.add(403);
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** What @fastify/rate-limit sends with a 429. */
const RATE_LIMIT_HEADERS = {
  'Retry-After': {
    type: 'integer',
    format: 'int32',
    description: 'Seconds until a request is allowed again.',
  },
  'X-RateLimit-Limit': { type: 'integer', format: 'int32', description: 'Requests allowed in the window.' },
  'X-RateLimit-Remaining': {
    type: 'integer',
    format: 'int32',
    description: 'Requests left in the window (0).',
  },
  'X-RateLimit-Reset': { type: 'integer', format: 'int32', description: 'Seconds until the window resets.' },
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'Success: the answer below.',
  201: 'Created: the new resource.',
  202: 'Accepted: the work is queued.',
  204: 'Done; no content.',
};

/** A success answer's description: the route's summary after what the status means. */
const successDescription = (route: RouteDefinition, status: string) =>
  `${SUCCESS_DESCRIPTIONS[status] ?? 'Success.'} ${route.summary}.`.replace(/\.\.$/, '.');

/**
 * The OpenAPI view of a route: its zod schemas as JSON Schema (jsonSchemaTransform) plus the error answers
 * its definition names, with the `{ error: { code, message } }` body unless the route defines its own.
 */
export const openApiTransform: SwaggerTransform = (document) => {
  const route = document.route.config?.route;
  if (!route || route.hidden) return jsonSchemaTransform(document);
  const errorResponses = Object.fromEntries(
    errorStatusesOf(route).map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status],
        content: { 'application/json': { schema: route.responses[status] ?? ErrorBody } },
      },
    ]),
  );
  const schema = document.schema as { response?: Record<string, unknown> };
  const success = Object.fromEntries(
    Object.entries(route.responses)
      .filter(([status]) => Number(status) < 300)
      .map(([status, body]) => [
        status,
        body === null
          ? nonJsonAnswer(route)
          : {
              description: successDescription(route, status),
              content: { 'application/json': { schema: body } },
            },
      ]),
  );
  const transformed = jsonSchemaTransform({
    ...document,
    schema: {
      ...document.schema,
      ...(route.form ? { body: route.form } : {}),
      response: { ...schema.response, ...success, ...errorResponses },
    },
  });
  // jsonSchemaTransform keeps only a response's description and content: the 429's headers go on after it.
  const responses = (transformed.schema as { response?: Record<string, Record<string, unknown>> }).response;
  if (responses?.[429]) responses[429].headers = RATE_LIMIT_HEADERS;
  return transformed;
};

/** A success answer that is not JSON: a file or an event stream in the types the route produces. */
function nonJsonAnswer(route: RouteDefinition) {
  const types = route.produces ?? [];
  const description = types.includes('text/event-stream')
    ? 'An event stream.'
    : types.length
      ? `A file (${types.join(', ')}).`
      : 'No content.';
  const body = z.string().meta({ format: 'binary' });
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: body }])) };
}

/**
 * Components shared by every operation (schemas with an id, e.g. the recursive prompt field; security), and the
 * events Parley posts to webhook endpoints (OpenAPI 3.1 `webhooks`): each body as contracts defines it, signed
 * per Standard Webhooks.
 */
export const openApiTransformObject: typeof jsonSchemaTransformObject = (document) => {
  const object = jsonSchemaTransformObject(document);
  const shared: Record<string, unknown> = {};
  const webhooks = webhookItems(shared);
  const components = (object as { components?: { schemas?: Record<string, unknown> } }).components ?? {};
  // Schemas with an id the events share (e.g. ResultValue): the components the operations use, else added.
  const all = Object.fromEntries(
    Object.entries({ ...shared, ...components.schemas }).map(([id, schema]) => [
      id,
      withoutSelfReferenceInUnion(id, schema),
    ]),
  );
  // zod registers an input and an output variant of each schema with an id; keep those something refers to.
  const text = JSON.stringify({ ...object, components: null, webhooks, all });
  const schemas = Object.fromEntries(
    Object.entries(all).filter(([id]) => text.includes(`"#/components/schemas/${id}"`)),
  );
  return withIntegerFormats({ ...object, components: { ...components, schemas }, webhooks }) as typeof object;
};

const INT32 = 2_147_483_647;

/**
 * Every integer schema names its format (OWASP API4: clients then know the size): int32 when its bounds fit,
 * int64 otherwise (JSON numbers up to 2^53 - 1).
 */
function withIntegerFormats(document: unknown): unknown {
  return JSON.parse(JSON.stringify(document), (_key, value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const schema = value as { type?: unknown; format?: unknown; minimum?: number; maximum?: number };
    const integer =
      schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
    if (!integer || schema.format !== undefined) return value;
    const fits =
      (schema.maximum ?? Number.POSITIVE_INFINITY) <= INT32 && (schema.minimum ?? -Infinity) >= -INT32 - 1;
    return { ...schema, format: fits ? 'int32' : 'int64' };
  });
}

/**
 * A union that refers to itself (ResultValue: a value, or a list or object of values) is a type TypeScript
 * generators cannot write (openapi-typescript's output fails with TS2502); its nested values become any JSON.
 */
function withoutSelfReferenceInUnion(id: string, schema: unknown): unknown {
  const union = schema as { anyOf?: unknown; oneOf?: unknown };
  if (!union.anyOf && !union.oneOf) return schema;
  return JSON.parse(JSON.stringify(schema).replaceAll(`{"$ref":"#/components/schemas/${id}"}`, '{}'));
}

const SIGNATURE_HEADERS = [
  ['webhook-id', 'The event id, the same on every attempt: drop duplicates by it.'],
  ['webhook-timestamp', 'Seconds since 1970 when this attempt was signed: refuse old ones.'],
  [
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the endpoint secret; two, space-separated, while a ' +
      'rotated secret is still valid.',
  ],
] as const;

/** The webhooks, their bodies' schemas with an id put in `shared` (referenced as components). */
function webhookItems(shared: Record<string, unknown>) {
  return Object.fromEntries(
    WebhookEvent.options.map((event) => {
      const type = event.shape.type.value;
      const json = z.toJSONSchema(event, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
      // Its definitions with an id become components (the document's, which the operations use too).
      const schema = JSON.parse(
        JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/'),
      ) as typeof json;
      const { $schema: _, $defs, ...body } = schema;
      Object.assign(shared, $defs);
      const name = type.replace(/[._](\w)/g, (_match, letter: string) => letter.toUpperCase());
      return [
        type,
        {
          post: {
            operationId: `${name}Event`,
            summary: type,
            description: `${String(schema.description ?? '')} Delivered at least once, retried with backoff for about three days (the default schedule).`,
            tags: ['webhooks'],
            security: [],
            parameters: SIGNATURE_HEADERS.map(([header, description]) => ({
              name: header,
              in: 'header',
              required: true,
              description,
              schema: { type: 'string' },
            })),
            requestBody: { required: true, content: { 'application/json': { schema: body } } },
            responses: {
              '200': { description: 'Any 2xx answer within 15 s acknowledges the event.' },
              '400': {
                description: 'Any other answer (or none in 15 s) is a failure: the delivery is retried.',
              },
            },
          },
        },
      ];
    }),
  );
}

export function openApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: '1',
      description:
        'REST API of Parley. Errors answer `{ "error": { "code", "message" } }`. The web app signs in with ' +
        'an httpOnly session cookie (cookieAuth). Programs use a project API key: `Authorization: Bearer ' +
        'pk_live_…` (bearerAuth), created under the project settings. A key acts as its creator within its ' +
        "own project only (another project's routes answer 404): a full key with the creator's current role, " +
        'a media key only to upload and to read the status and results of its own uploads (403 otherwise). ' +
        'Revoked keys answer 401. When both are sent, the Bearer key wins.',
    },
    servers: [{ url: publicUrl.replace(/\/+$/, '') }],
    components: {
      securitySchemes: {
        cookieAuth: { type: 'apiKey' as const, in: 'cookie' as const, name: SESSION_COOKIE },
        bearerAuth: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'A project API key (pk_live_…), full or media.',
        },
      },
    },
    security: [{ cookieAuth: [] }, { bearerAuth: [] }] as Array<Record<string, string[]>>,
  };
}
