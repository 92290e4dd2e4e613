import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { pinned } from '../uploads/download.ts';
import {
  isAllowlisted,
  type Lookup,
  type ResolvedAddress,
  resolveTarget,
  systemLookup,
  UrlRefusedError,
} from '../uploads/ssrf.ts';

/** How long a call to an identity provider (discovery, keys, token, metadata) may take. */
const IDP_TIMEOUT_MS = 15_000;

/** The most an identity provider's answer may be (metadata, keys, tokens are far smaller). */
const IDP_BODY_MAX_BYTES = 1_000_000;

/**
 * fetch for identity-provider addresses an administrator typed: the same SSRF guard as link uploads (no private or
 * local network address unless the host is on URL_UPLOAD_ALLOW_HOSTS), and like them connected to the address
 * that was checked (a second DNS answer cannot re-point it: rebinding); https unless allow-listed, no redirects
 * followed, answers up to IDP_BODY_MAX_BYTES. A refused address is a 422 naming why.
 */
export function idpFetch(ctx: Pick<AppContext, 'config'>, lookup: Lookup = systemLookup) {
  const allowHosts = ctx.config.uploads.urlAllowHosts;
  return async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isAllowlisted(url, allowHosts))) {
      throw unreachable(`${url.origin} must use https://.`);
    }
    let target: ResolvedAddress;
    try {
      target = await resolveTarget(url, allowHosts, lookup);
    } catch (error) {
      if (error instanceof UrlRefusedError) throw unreachable(error.message.replace("The link's", 'The'));
      throw error;
    }
    return pinnedRequest(url, target, init);
  };
}

function requestBody(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('An identity provider request body must be a string or URLSearchParams.');
}

/** One HTTP exchange with the checked address, answered as a fetch Response (redirects are not followed). */
async function pinnedRequest(url: URL, target: ResolvedAddress, init: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(IDP_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const headers = Object.fromEntries(new Headers(init.headers));
  const client = url.protocol === 'https:' ? https : http;
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(url, {
      method: init.method ?? 'GET',
      agent: false,
      lookup: pinned(target),
      signal,
      headers: { ...headers, 'accept-encoding': 'identity' },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end(requestBody(init.body));
  });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IDP_BODY_MAX_BYTES) {
      answer.destroy();
      throw unreachable(`${url.origin} answered more than ${IDP_BODY_MAX_BYTES} bytes.`);
    }
    chunks.push(chunk);
  }
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const each of [value ?? []].flat()) responseHeaders.append(name, each);
  }
  const status = answer.statusCode ?? 502;
  const noBody = status === 204 || status === 205 || status === 304;
  return new Response(noBody ? null : Buffer.concat(chunks), {
    status,
    statusText: answer.statusMessage,
    headers: responseHeaders,
  });
}

/** Whether http:// may be used for an address (only hosts on the allow-list, for tests and private setups). */
export function insecureAllowed(ctx: Pick<AppContext, 'config'>, url: URL): boolean {
  return url.protocol === 'http:' && isAllowlisted(url, ctx.config.uploads.urlAllowHosts);
}

export function unreachable(reason: string): AppError {
  return new AppError('unprocessable', 'idp_unreachable', `The identity provider cannot be used: ${reason}`);
}
