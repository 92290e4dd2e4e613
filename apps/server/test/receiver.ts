import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a receiver got. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP receiver of webhooks and Slack posts (loopback: the test app allow-lists 127.0.0.1). It answers
 * the statuses pushed on `answers` in turn (200 when none is left), with `reply(status)` as the body; while
 * `hold` is set it answers nothing (a receiver that hangs) until the test answers a request of `waiting`.
 */
export async function startReceiver(reply: (status: number) => string) {
  const received: Received[] = [];
  const answers: number[] = [];
  /** The held requests, in the order they came: calling one answers it with the status given. */
  const waiting: Array<(status: number) => void> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const answer = (status: number) => {
        response.statusCode = status;
        response.end(reply(status));
      };
      if (receiver.hold) waiting.push(answer);
      else answer(answers.shift() ?? 200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answers,
    waiting,
    hold: false,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
  return receiver;
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
