import { answerSchema, type RouteAnswer, type RouteDefinition, type RouteInput } from '@parley/contracts';
import {
  ApiError,
  apiErrorFields,
  bodyOf,
  fetchRoute,
  NetworkRequestError,
  type RawInput,
  RequestAbortedError,
  rawUrlOf,
} from './transport';

/**
 * The one way the web calls the API: a route of packages/contracts/src/routes, its typed input, and the
 * answer parsed with the route's response schema. A non-OK answer rejects with ApiError (the server's code
 * and message, '' when it sent none, and the whole body). (The sign-in page's few calls go through
 * transport.ts's callUnchecked instead, so a first visit loads no schema.)
 */

export { ApiError, isApiError, RequestTimeoutError } from './transport';

/** The server answered something its contract does not allow (a bug on one side: never shown raw). */
export class UnexpectedAnswerError extends Error {
  constructor(operationId: string, issues: string) {
    super(`${operationId}: unexpected answer (${issues})`);
    this.name = 'UnexpectedAnswerError';
  }
}

/** What a call sends: params, query and body as the route's schemas take them. */
export type CallInput<R extends RouteDefinition> = RouteInput<R> & {
  /** A multipart form, for routes that consume multipart/form-data. */
  form?: FormData;
  signal?: AbortSignal;
  /** Stops the request after this long (RequestTimeoutError). */
  timeoutMs?: number;
};

/** The URL of a call under /api: the route's path with its params, then the query string. */
export function urlOf<R extends RouteDefinition>(route: R, input: Partial<CallInput<R>> = {}): string {
  return rawUrlOf(route, input as RawInput);
}

/**
 * The answer parsed with the route's success schema, the one of its status when given (undefined for routes
 * without a JSON answer).
 */
function parseAnswer<R extends RouteDefinition>(route: R, body: unknown, status?: number): RouteAnswer<R> {
  const schema = answerSchema(route, status);
  if (!schema) return undefined as RouteAnswer<R>;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new UnexpectedAnswerError(route.operationId, issues.slice(0, 3).join('; '));
  }
  return parsed.data as RouteAnswer<R>;
}

/** Calls a route and answers its parsed JSON answer. */
export async function call<R extends RouteDefinition>(
  route: R,
  input: CallInput<R>,
): Promise<RouteAnswer<R>> {
  const response = await fetchRoute(route, input, 'application/json');
  const text = response.status === 204 ? '' : await response.text();
  return parseAnswer(route, text ? JSON.parse(text) : undefined, response.status);
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

/** Calls a route that answers a file: its content and the name the server suggests (null when none). */
export async function download<R extends RouteDefinition>(
  route: R,
  input: CallInput<R>,
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await fetchRoute(route, input, '*/*');
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

/** Bytes of the request body sent so far; `total` is 0 when the browser can't tell. */
export type UploadProgressHandler = (loaded: number, total: number) => void;

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls a route with XMLHttpRequest, because fetch can't report upload progress; the answer is parsed as
 * by `call`. A broken connection rejects with NetworkRequestError, an abort with RequestAbortedError.
 */
export function callWithProgress<R extends RouteDefinition>(
  route: R,
  input: CallInput<R> & { onProgress?: UploadProgressHandler },
): Promise<RouteAnswer<R>> {
  return new Promise((resolve, reject) => {
    if (input.signal?.aborted) {
      reject(new RequestAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, rawUrlOf(route, input as RawInput));
    xhr.setRequestHeader('Accept', 'application/json');
    const headers: Record<string, string> = {};
    const body = bodyOf(input as RawInput, headers);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    const done = () => input.signal?.removeEventListener('abort', onAbort);
    if (input.onProgress) {
      const report = input.onProgress;
      xhr.upload.onprogress = (event) => report(event.loaded, event.lengthComputable ? event.total : 0);
    }
    xhr.onload = () => {
      done();
      const answer = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const { code, message } = apiErrorFields(xhr.status, answer);
        reject(new ApiError(xhr.status, code, message, answer, xhr.statusText));
        return;
      }
      try {
        resolve(parseAnswer(route, answer, xhr.status));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkRequestError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new RequestAbortedError());
    };
    input.signal?.addEventListener('abort', onAbort);
    xhr.send(body ?? null);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The server's own message of a failed call, or '' (no answer, or an answer without a message). */
export function serverMessage(error: unknown): string {
  return error instanceof ApiError ? error.message.trim() : '';
}

/** The input a failed call's error is about (the answer's `error.field`, e.g. 'phone_number'), if any. */
export function errorField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const field = (error.body as { error?: { field?: unknown } } | undefined)?.error?.field;
  return typeof field === 'string' ? field : undefined;
}
