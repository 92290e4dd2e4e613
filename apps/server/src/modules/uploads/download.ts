import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
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

export interface DownloadOptions {
  allowHosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  lookup?: Lookup;
}

export interface Download {
  /** The body; it fails with an abort error when the time limit passes. */
  stream: IncomingMessage;
  fileName: string;
  contentType: string;
  finalUrl: string;
  timedOut: () => boolean;
}

/** A DNS lookup that always answers the address checked before: the connection cannot be re-pointed. */
function pinned(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

function get(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: pinned(target),
      signal,
      headers: { 'user-agent': 'Parley/1 (media download)', accept: '*/*', 'accept-encoding': 'identity' },
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
 * Opens a download of a pasted link on the server: every hop (redirects are followed by hand, at most 5) is
 * checked by the SSRF guard and connected to the checked address; the answer must be 2xx and, when it says
 * its length, within maxBytes. The time limit covers the redirects and the whole body.
 */
export async function openDownload(start: URL, options: DownloadOptions): Promise<Download> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  try {
    let url = start;
    for (let hop = 0; ; hop += 1) {
      const target = await resolveTarget(url, options.allowHosts, options.lookup ?? systemLookup);
      let response: IncomingMessage;
      try {
        response = await get(url, target, controller.signal);
      } catch (error) {
        if (timedOut) throw new DownloadError(`The download did not finish within ${seconds} s.`, 504);
        throw new DownloadError(`The link's server could not be reached (${(error as Error).message}).`);
      }
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
      response.on('close', () => clearTimeout(timer));
      return {
        stream: response,
        fileName: downloadFileName(url, response.headers['content-disposition']),
        contentType: String(response.headers['content-type'] ?? ''),
        finalUrl: url.toString(),
        timedOut: () => timedOut,
      };
    }
  } catch (error) {
    clearTimeout(timer);
    controller.abort();
    throw error;
  }
}
