import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable, Transform } from 'node:stream';
import { errorMessage } from '../../thrown.ts';
import { type Lookup, type ResolvedAddress, resolveTarget, systemLookup, UrlRefusedError } from './ssrf.ts';

export const MAX_REDIRECTS = 5;

/** The link's server failed us (unreachable, an error status, too slow). */
export class DownloadError extends Error {
  override name = 'DownloadError';
  readonly statusCode: 413 | 502 | 504;
  /** The HTTP status the link's server answered, when it answered one. */
  readonly upstreamStatus: number | undefined;

  constructor(message: string, statusCode: 413 | 502 | 504 = 502, upstreamStatus?: number) {
    super(message);
    this.statusCode = statusCode;
    this.upstreamStatus = upstreamStatus;
  }
}

/** The link sent less than the minimum rate. */
export class SlowDownloadError extends DownloadError {
  override name = 'SlowDownloadError';

  constructor(rate: MinimumRate) {
    super(
      `The link sent its file too slowly: less than ${size(rate.bytes)} arrived in ${seconds(rate.windowMs)} s.`,
      504,
    );
  }
}

/** The download was stopped because nobody waits for it any more (the upload request was closed). */
export class DownloadCancelledError extends Error {
  override name = 'DownloadCancelledError';

  constructor() {
    super('The upload request was closed before the link was downloaded; nothing was uploaded.');
  }
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const size = (bytes: number) => (bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`);

export interface MinimumRate {
  bytes: number;
  windowMs: number;
}

export interface DownloadOptions {
  allowHosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  /** Fewer bytes in any window fail the download; waiting for an answer counts as receiving nothing. */
  minRate: MinimumRate;
  /** Aborted when nobody waits for the download any more. */
  signal?: AbortSignal;
  /**
   * Request headers for the link's own origin (a provider's Authorization): dropped from the first redirect to
   * another origin on, so that a signed storage link it sends the client to never sees the credentials.
   */
  headers?: Readonly<Record<string, string>>;
  lookup?: Lookup;
}

export interface Download {
  /** The body; it fails when the download is stopped (see stopReason). */
  stream: Readable;
  fileName: string;
  contentType: string;
  finalUrl: string;
  /** Why the download was stopped (time limit, too slow, cancelled), if it was. */
  stopReason: () => Error | undefined;
}

/** A DNS lookup that always answers the address checked before: the connection cannot be re-pointed. */
export function pinned(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

function get(
  url: URL,
  target: ResolvedAddress,
  signal: AbortSignal,
  extra: Readonly<Record<string, string>>,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: pinned(target),
      signal,
      headers: {
        ...extra,
        'user-agent': 'Parley/1 (media download)',
        accept: '*/*',
        'accept-encoding': 'identity',
      },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

/** Control characters and path separators become _. */
const sanitizeName = (name: string) =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || c === '/' || c === '\\' ? '_' : c))
    .join('')
    .trim()
    .slice(-200);

/** The file name from Content-Disposition, else the last segment of the link's path. */
export function downloadFileName(url: URL, disposition: string | undefined): string {
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition ?? '')?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition ?? '')?.[1];
  const segment = url.pathname.split('/').filter(Boolean).pop();
  for (const candidate of [star, plain, segment]) {
    if (!candidate) continue;
    let name = candidate;
    try {
      name = decodeURIComponent(candidate);
    } catch {}
    name = sanitizeName(name);
    if (name) return name;
  }
  return 'download';
}

/**
 * Counts the bytes that arrive and stops the download when a window passes with fewer than the minimum.
 * `restart` begins a new window (an answer arrived).
 */
function rateWatch(rate: MinimumRate, stop: () => void) {
  let received = 0;
  let timer: NodeJS.Timeout | undefined;
  const restart = () => {
    clearInterval(timer);
    received = 0;
    timer = setInterval(() => {
      if (received < rate.bytes) stop();
      received = 0;
    }, rate.windowMs);
  };
  restart();
  return {
    restart,
    counter: new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    }),
    end: () => clearInterval(timer),
  };
}

/**
 * Opens a download of a pasted link on the server: every hop (redirects are followed by hand, at most 5) is
 * checked by the SSRF guard and connected to the checked address; `headers` go to the link's origin only, until
 * a redirect leaves it; the answer must be 2xx and, when it says its length, within maxBytes. The time limit covers the redirects and the whole body; the minimum rate every
 * window of it, from the request on; the signal stops it at any point. A stopped download fails with its
 * reason.
 */
export async function openDownload(start: URL, options: DownloadOptions): Promise<Download> {
  const controller = new AbortController();
  let reason: Error | undefined;
  const stop = (why: Error) => {
    reason ??= why;
    controller.abort();
  };
  const timer = setTimeout(
    () => stop(new DownloadError(`The download did not finish within ${seconds(options.timeoutMs)} s.`, 504)),
    options.timeoutMs,
  );
  const watch = rateWatch(options.minRate, () => stop(new SlowDownloadError(options.minRate)));
  const cancel = () => stop(new DownloadCancelledError());
  options.signal?.addEventListener('abort', cancel);
  const end = () => {
    clearTimeout(timer);
    watch.end();
    options.signal?.removeEventListener('abort', cancel);
  };
  if (options.signal?.aborted) cancel();
  try {
    let url = start;
    let extra = options.headers ?? {};
    for (let hop = 0; ; hop += 1) {
      const target = await resolveTarget(url, options.allowHosts, options.lookup ?? systemLookup);
      let response: IncomingMessage;
      try {
        response = await get(url, target, controller.signal, extra);
      } catch (error) {
        throw reason ?? new DownloadError(`The link's server could not be reached (${errorMessage(error)}).`);
      }
      watch.restart();
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= MAX_REDIRECTS)
          throw new DownloadError(`The link redirects more than ${MAX_REDIRECTS} times.`);
        const next = new URL(response.headers.location, url);
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw new UrlRefusedError(
            `The link redirects to a ${next.protocol} address; only http and https are followed.`,
          );
        }
        if (next.origin !== url.origin) extra = {};
        url = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new DownloadError(
          `${`The link's server answered ${status} ${response.statusMessage ?? ''}`.trim()}.`,
          502,
          status,
        );
      }
      const length = Number(response.headers['content-length']);
      if (Number.isFinite(length) && length > options.maxBytes) {
        response.destroy();
        throw new DownloadError(
          `The linked file is ${length} bytes, more than the upload limit of ${options.maxBytes} bytes.`,
          413,
        );
      }
      response.on('close', end);
      return {
        stream: pipeline(response, watch.counter, () => {}),
        fileName: downloadFileName(url, response.headers['content-disposition']),
        contentType: String(response.headers['content-type'] ?? ''),
        finalUrl: url.toString(),
        stopReason: () => reason,
      };
    }
  } catch (error) {
    end();
    controller.abort();
    throw error;
  }
}
