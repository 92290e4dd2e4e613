import http from 'node:http';
import https from 'node:https';
import { WEBHOOKS } from '@parley/contracts';
import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../../context.ts';
import { pinned } from '../uploads/download.ts';
import { webhookTarget } from './target.ts';

/** What one attempt got: the receiver's status (null when none came) and what it said, or why it failed. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  body: string;
  durationMs: number;
}

/** The signing secrets valid now: the current one, and the previous one during its 24 h after a rotation. */
export function validSecrets(
  endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null },
  now = new Date(),
): string[] {
  const previous =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? [endpoint.previousSecret]
      : [];
  return [endpoint.secret, ...previous];
}

/** The Standard Webhooks headers: the body signed with every valid secret, space-separated. */
export function signedHeaders(eventId: string, body: string, secrets: string[], now = new Date()) {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, now, body)).join(' '),
  };
}

/** Reads at most WEBHOOKS.responseBodyMaxBytes of an answer, then lets the rest go. */
function firstBytes(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () =>
      resolve(Buffer.concat(chunks).subarray(0, WEBHOOKS.responseBodyMaxBytes).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= WEBHOOKS.responseBodyMaxBytes) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

/**
 * POSTs a JSON body with the SSRF guard of link uploads (target.ts). A 2xx answer within `timeoutMs` is a
 * success; any other status (redirects are not followed), a refused address, a network error or the time
 * running out is a failure.
 */
export async function guardedPost(
  ctx: Pick<AppContext, 'config'>,
  target: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number = WEBHOOKS.timeoutMs,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const address = await webhookTarget(ctx, url);
    const client = url.protocol === 'https:' ? https : http;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = client.request(url, {
        method: 'POST',
        agent: false,
        lookup: pinned(address),
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Parley-Webhooks/1',
          ...headers,
        },
      });
      request.on('response', resolve);
      request.on('error', reject);
      request.end(body);
    });
    const text = await firstBytes(response);
    const status = response.statusCode ?? 0;
    const ok = status >= 200 && status < 300 && !signal.aborted;
    return { ok, status, body: text, durationMs: elapsed() };
  } catch (error) {
    const reason = signal.aborted
      ? `No answer within ${timeoutMs / 1000} s.`
      : error instanceof Error
        ? error.message
        : String(error);
    return {
      ok: false,
      status: null,
      body: reason.slice(0, WEBHOOKS.responseBodyMaxBytes),
      durationMs: elapsed(),
    };
  }
}

/** POSTs one event signed with every valid secret (guardedPost). */
export function postEvent(
  ctx: Pick<AppContext, 'config'>,
  target: { url: string; secrets: string[] },
  eventId: string,
  body: string,
): Promise<AttemptResult> {
  return guardedPost(ctx, target.url, body, signedHeaders(eventId, body, target.secrets));
}
