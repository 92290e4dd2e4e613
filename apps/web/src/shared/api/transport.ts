import {
  type Endpoint,
  pathOf,
  queryStringOf,
  type RouteAnswer,
  type RouteBody,
  type RouteDefinition,
} from '@parley/contracts';

/**
 * The fetch under the API client (client.ts): URLs, errors, time limits. It loads no schema, so the pages of a
 * first visit call their few routes through `callUnchecked` without loading zod and the route table.
 */

/** A non-OK answer: the server's code and message ('' when it sent none) and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The whole answer, for errors that carry more than a message (e.g. the row errors of a refused CSV). */
  readonly body: unknown;
  /** The HTTP reason phrase ('Bad Gateway'), for answers that are not the API's own (a proxy's page). */
  readonly statusText: string;

  constructor(status: number, code: string, message: string, body?: unknown, statusText = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.statusText = statusText;
  }
}

const API_BASE = '/api';

/**
 * The code and message of an error answer's `{error:{code,message}}` body (every API error has that shape):
 * `http_<status>` and '' where the body lacks them (not JSON, a proxy's error page ...).
 */
export function apiErrorFields(status: number, body: unknown): { code: string; message: string } {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return {
    code: typeof error?.code === 'string' ? error.code : `http_${status}`,
    message: typeof error?.message === 'string' ? error.message : '',
  };
}

/** The body of an answer as JSON, or undefined when it is not JSON. */
async function jsonBodyOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The request took longer than its time limit and was stopped. */
export class RequestTimeoutError extends Error {
  constructor() {
    super('The request timed out');
    this.name = 'RequestTimeoutError';
  }
}

/** Rejects a request stopped through its AbortSignal. */
export class RequestAbortedError extends Error {
  constructor() {
    super('The request was aborted');
    this.name = 'AbortError';
  }
}

/** The connection failed before an answer arrived (offline, reset, CORS). */
export class NetworkRequestError extends Error {
  constructor() {
    super('The request could not reach the server');
    this.name = 'NetworkRequestError';
  }
}

/** CallInput as the transport reads it, whatever the route. */
export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function rawUrlOf(route: Pick<RouteDefinition, 'path'>, { params, query }: RawInput): string {
  return `${API_BASE}${pathOf(route, params as Record<string, unknown>)}${queryStringOf(query as Record<string, unknown>)}`;
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = await jsonBodyOf(response);
  const { code, message } = apiErrorFields(response.status, body);
  return new ApiError(response.status, code, message, body, response.statusText);
}

export function bodyOf(input: RawInput, headers: Record<string, string>): FormData | string | undefined {
  if (input.form) return input.form;
  if (input.body === undefined) return undefined;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(input.body);
}

export async function fetchRoute(
  route: Pick<RouteDefinition, 'method' | 'path'>,
  input: RawInput,
  accept: string,
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    input.timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, input.timeoutMs)
      : null;
  const forward = () => controller.abort();
  if (input.signal?.aborted) controller.abort();
  input.signal?.addEventListener('abort', forward);
  const headers: Record<string, string> = { Accept: accept };
  try {
    const response = await fetch(rawUrlOf(route, input), {
      method: route.method,
      credentials: 'same-origin',
      headers,
      body: bodyOf(input, headers),
      signal: controller.signal,
    });
    if (!response.ok) throw await errorOf(response);
    return response;
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError();
    throw error;
  } finally {
    if (timer !== null) clearTimeout(timer);
    input.signal?.removeEventListener('abort', forward);
  }
}

/**
 * Calls one of the routes a first visit uses (contracts' firstVisitEndpoints) and answers its JSON answer as
 * the route `R` types it, unchecked: the rest of the app calls through `call`, which parses every answer.
 */
export async function callUnchecked<R extends RouteDefinition>(
  endpoint: Endpoint,
  body?: RouteBody<R>,
): Promise<RouteAnswer<R>> {
  const response = await fetchRoute(endpoint, { body }, 'application/json');
  return (await response.json()) as RouteAnswer<R>;
}
