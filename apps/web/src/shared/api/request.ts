import { API_BASE, ApiError, apiErrorFields, jsonBodyOf } from './client';

/**
 * Requests whose failures are shown as "the server's message, else our own text" (spec 1 §8): unlike
 * apiRequest, a failed answer keeps an empty message when the server sent none, and the whole error body
 * is kept for answers that carry more (e.g. the row errors of a refused CSV). Also sends multipart forms,
 * with an optional time limit, and downloads files.
 */

/** A non-OK answer: the server's code and message ('' when it sent none) and the parsed body. */
export class ServerError extends ApiError {
  constructor(status: number, code: string, message: string, body: unknown) {
    super(status, code, message, body);
    this.name = 'ServerError';
  }
}

/** The request took longer than its time limit and was stopped. */
export class RequestTimeoutError extends Error {
  constructor() {
    super('The request timed out');
    this.name = 'RequestTimeoutError';
  }
}

export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form?: FormData;
  signal?: AbortSignal;
  /** Stops the request after this long (RequestTimeoutError). */
  timeoutMs?: number;
}

async function serverErrorOf(response: Response): Promise<ServerError> {
  const body = await jsonBodyOf(response);
  const { code, message } = apiErrorFields(response.status, body);
  return new ServerError(response.status, code, message, body);
}

async function call(path: string, options: SendOptions, accept: string): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    options.timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs)
      : null;
  const forward = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forward);
  const headers: Record<string, string> = { Accept: accept };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers,
      body,
      signal: controller.signal,
    });
    if (!response.ok) throw await serverErrorOf(response);
    return response;
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError();
    throw error;
  } finally {
    if (timer !== null) clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  }
}

/** Calls the API and answers the parsed JSON body; a non-OK answer rejects with ServerError. */
export async function send<T>(path: string, options: SendOptions = {}): Promise<T> {
  const response = await call(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The file name of a Content-Disposition header (filename* preferred), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
}

/** Downloads a file answer: its content and the name the server suggests (null when it names none). */
export async function fetchFile(
  path: string,
  options: SendOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await call(path, options, '*/*');
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

/** The server's own message of a call made here, or '' (no answer, or an answer without a message). */
export function serverMessage(error: unknown): string {
  return error instanceof ServerError ? error.message.trim() : '';
}
