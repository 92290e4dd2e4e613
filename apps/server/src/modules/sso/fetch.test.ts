import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Lookup } from '../uploads/ssrf.ts';
import { idpFetch } from './fetch.ts';

let server: Server;
let port: number;
const seen: Array<{ method: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', body });
      if (request.url === '/huge') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('x'.repeat(1_100_000));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', 'x-idp': 'yes' });
      response.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const HOST = 'idp.rebind.test';
const context = (allowHosts: string[]) =>
  ({ config: { uploads: { urlAllowHosts: allowHosts } } }) as unknown as Pick<AppContext, 'config'>;

/** A resolver that answers `address` once, then something else: a rebinding DNS server. */
function rebinding(address: string) {
  const calls: string[] = [];
  const lookup: Lookup = async (host) => {
    calls.push(host);
    return [{ address: calls.length === 1 ? address : '169.254.169.254', family: 4 }];
  };
  return { lookup, calls };
}

describe('idpFetch', () => {
  it('connects to the address it checked, not a second DNS answer (rebinding)', async () => {
    const dns = rebinding('127.0.0.1');
    const fetch = idpFetch(context([`${HOST}:${port}`]), dns.lookup);
    // The name resolves nowhere else: the answer can only come from the pinned, checked address.
    const response = await fetch(`http://${HOST}:${port}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-idp')).toBe('yes');
    expect(await response.json()).toEqual({ ok: true });
    expect(dns.calls).toEqual([HOST]);
    expect(seen.at(-1)).toEqual({ method: 'POST', body: 'grant_type=authorization_code' });
  });

  it('refuses a name that resolves to a private address, and http for hosts not allow-listed', async () => {
    const dns = rebinding('10.0.0.5');
    const fetch = idpFetch(context([]), dns.lookup);
    const privateAddress = await fetch('https://idp.example/.well-known/openid-configuration').catch(
      (error: unknown) => error,
    );
    expect(privateAddress).toBeInstanceOf(AppError);
    expect((privateAddress as AppError).code).toBe('idp_unreachable');
    expect((privateAddress as AppError).message).toContain('10.0.0.5');
    const plain = await fetch(`http://${HOST}:${port}/`).catch((error: unknown) => error);
    expect((plain as AppError).message).toContain('must use https://');
  });

  it('stops reading an answer larger than it allows', async () => {
    const fetch = idpFetch(context([`${HOST}:${port}`]), rebinding('127.0.0.1').lookup);
    const huge = await fetch(`http://${HOST}:${port}/huge`).catch((error: unknown) => error);
    expect((huge as AppError).code).toBe('idp_unreachable');
    expect((huge as AppError).message).toContain('more than');
  });
});
