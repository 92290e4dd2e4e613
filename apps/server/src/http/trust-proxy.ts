import { isIP } from 'node:net';

import type { FastifyServerOptions } from 'fastify';

/**
 * The TRUST_PROXY setting: false (the default: X-Forwarded-* are ignored and request.ip is the peer's
 * address), the number of proxy hops every connection comes through, or the proxies' addresses and ranges.
 */
export type TrustProxy = false | number | string[];

/** Names proxy-addr understands for well-known ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export const TRUST_PROXY_HINT =
  'must be a number of proxy hops (e.g. 1) or comma-separated proxy addresses or CIDR ranges ' +
  '(e.g. 10.0.0.0/8,::1 or loopback); leave it empty when clients connect directly';

/**
 * Reads TRUST_PROXY: empty or 0 trusts no proxy, a number trusts that many hops, otherwise the listed
 * addresses and ranges. null when the text is none of these.
 */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return entries.length > 0 && entries.every(isAddressOrRange) ? entries : null;
}

/**
 * Fastify's trustProxy for the setting. Fastify ignores a bare hop count (it cannot check the peer), so hops
 * become a function trusting that many addresses from the socket's end, as Express counts them.
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
