/** Thin fetch wrapper for the Parley API: same-origin session cookie, JSON in and out, typed errors. */

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

export const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
}

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
export async function jsonBodyOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** An error answer as ApiError; without a message from the server, the HTTP status line is the message. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const { code, message } = apiErrorFields(response.status, await jsonBodyOf(response));
  const statusLine = `Request failed: ${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, code, message || statusLine);
}

/** Calls the API and returns the parsed JSON body. Throws ApiError on a non-OK answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers,
    signal: options.signal,
  };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(`${API_BASE}${path}`, init);
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Most endpoints answer `{data: ...}`; this unwraps it. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const body = await apiRequest<{ data: T }>(path, options);
  return body.data;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
