import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local receiver of webhook deliveries for the webhooks spec. The server refuses webhooks to private addresses
 * (the SSRF guard of link uploads) unless URL_UPLOAD_ALLOW_HOSTS names them, and reads that list once at start:
 * so global setup reserves a port of 127.0.0.1 (`reserveWebhookReceiverPort`), puts exactly that host:port on
 * the list, and tells the workers through E2E_WEBHOOK_RECEIVER_PORT; the spec then listens on it.
 */

const PORT_ENV = 'E2E_WEBHOOK_RECEIVER_PORT';

/** Finds a free port of 127.0.0.1 for the receiver and tells the workers; answers the allow-list entry. */
export async function reserveWebhookReceiverPort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  process.env[PORT_ENV] = String(port);
  return `127.0.0.1:${port}`;
}

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
}

export interface WebhookReceiver {
  /** The URL of a path on the receiver, e.g. url('/crm'). */
  url: (path: string) => string;
  /** The requests received so far on a path. */
  received: (path: string) => ReceivedWebhook[];
  close: () => Promise<void>;
}

/** Listens on the reserved port; every POST is recorded and answered 200 with a short text. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const port = Number(process.env[PORT_ENV]);
  if (!port) throw new Error(`${PORT_ENV} is not set: global setup reserves the receiver's port`);
  const log: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      log.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received: (path) => log.filter((entry) => entry.path === path),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
