import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const CROSS_ORIGIN_MESSAGE =
  'This request came from another website, so it was refused to protect your account. ' +
  'Open Parley at its own address and try again.';

/** Whether an Origin header names the host the request was sent to, or the app's public address. */
function isOwnOrigin(origin: string, host: string, publicOrigin: string): boolean {
  if (!URL.canParse(origin)) return false; // includes the opaque origin "null"
  const url = new URL(origin);
  if (url.origin === publicOrigin) return true;
  // The Host header, read with the origin's scheme so a default port (:80, :443) compares equal.
  const served = `${url.protocol}//${host}`;
  return URL.canParse(served) && new URL(served).host === url.host;
}

/**
 * Like Go's http.CrossOriginProtection: a state-changing request authenticated by the session cookie must come
 * from the app's own pages. Browsers say where a request comes from in Sec-Fetch-Site (modern ones) or Origin;
 * a request with neither is not from a browser page. Bearer API key calls carry no ambient credentials, and a
 * page on another origin cannot add an Authorization header without a CORS preflight, which is never allowed.
 */
function isCrossOriginRequest(request: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.routeOptions.config?.route?.crossSite) return false;
  if (/^bearer\b/i.test(request.headers.authorization?.trim() ?? '')) return false;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return !isOwnOrigin(origin, request.host, publicOrigin);
}

/** Refuses state-changing requests from other origins with 403 cross_origin before anything else runs. */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (isCrossOriginRequest(request, publicOrigin)) throw forbidden(CROSS_ORIGIN_MESSAGE, 'cross_origin');
  });
}
