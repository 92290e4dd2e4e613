import { API_BASE, ApiError, apiErrorFields } from './client';

/** Bytes of the request body sent so far; `total` is 0 when the browser can't tell. */
export type UploadProgressHandler = (loaded: number, total: number) => void;

export interface XhrOptions {
  method?: 'POST' | 'PUT';
  /** FormData goes as multipart; a string as JSON. */
  body: FormData | string;
  onProgress?: UploadProgressHandler;
  signal?: AbortSignal;
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

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's `{error:{code,message}}`; the message stays empty when the server sent none. */
function errorFromBody(status: number, body: unknown): ApiError {
  const { code, message } = apiErrorFields(status, body);
  return new ApiError(status, code, message);
}

/**
 * Sends a request to the API with XMLHttpRequest, because fetch can't report upload progress. Answers the
 * parsed JSON body; a non-OK answer rejects with ApiError (the server's `{error:{code,message}}`; an empty
 * message when it sent none, so callers can fall back to their own text), a broken
 * connection with NetworkRequestError, an abort with RequestAbortedError.
 */
export function sendWithProgress<T = unknown>(path: string, options: XhrOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new RequestAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (typeof options.body === 'string') xhr.setRequestHeader('Content-Type', 'application/json');
    const onAbort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.onprogress = (event) => report(event.loaded, event.lengthComputable ? event.total : 0);
    }
    xhr.onload = () => {
      done();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(errorFromBody(xhr.status, body));
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
    options.signal?.addEventListener('abort', onAbort);
    xhr.send(options.body);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
