import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A local webhook receiver as a customer would write one: it verifies every request's signature with the
 * `standardwebhooks` package (not Parley's signing code), then answers the status `answer` chooses (400 to a
 * bad signature). It records, by `webhook-id`, when each event was first answered 2xx and how many times.
 */
export interface WebhookReceiver {
  name: string;
  url: string;
  /** The endpoint's signing secret (set once the endpoint exists). */
  secret: string;
  /** When each webhook-id was first answered 2xx (ms, Date.now()). */
  firstSuccess: Map<string, number>;
  /** 2xx answers by webhook-id: more than one is a duplicate the receiver drops. */
  successes: Map<string, number>;
  requests: number;
  badSignatures: number;
  /** Stops listening: connections are refused until `listen`. */
  close(): Promise<void>;
  /** Listens (again) on its port. */
  listen(): Promise<void>;
}

export async function startWebhookReceiver(name: string, answer: () => number): Promise<WebhookReceiver> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      receiver.requests += 1;
      const id = String(request.headers['webhook-id']);
      try {
        new Webhook(receiver.secret).verify(body, request.headers as Record<string, string>);
      } catch {
        receiver.badSignatures += 1;
        response.writeHead(400).end();
        return;
      }
      const status = answer();
      if (status < 300) {
        if (!receiver.firstSuccess.has(id)) receiver.firstSuccess.set(id, Date.now());
        receiver.successes.set(id, (receiver.successes.get(id) ?? 0) + 1);
      }
      response.writeHead(status).end();
    });
  });
  const listenOn = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listenOn(0);
  const { port } = server.address() as AddressInfo;
  const receiver: WebhookReceiver = {
    name,
    url: `http://127.0.0.1:${port}/hooks/${name}`,
    secret: '',
    firstSuccess: new Map(),
    successes: new Map(),
    requests: 0,
    badSignatures: 0,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    listen: () => listenOn(port),
  };
  return receiver;
}

/** A seeded pseudo-random number in [0, 1) per call (mulberry32): the same failures on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
