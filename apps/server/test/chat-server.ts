import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local file server of chats for link downloads (bulk uploads): `/chats/<n>.json` is a short chat of two
 * speakers, a different one for each n. It listens on `address` (127.0.0.1 unless another local address is
 * given); while `hold` is set it answers nothing (a server that hangs), and `requests` counts what it got.
 */
export async function startChatServer(address = '127.0.0.1') {
  const server = createServer((request, response) => {
    chats.requests += 1;
    if (chats.hold) return;
    const match = /^\/chats\/(\d+)\.json$/.exec(request.url ?? '');
    if (!match) return response.writeHead(404).end();
    const body = JSON.stringify([
      { speaker: 'Agent', text: `Hello, this is call ${match[1]}. How can I help?` },
      { speaker: 'Customer', text: 'I would like a quote for solar panels.' },
    ]);
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const { port } = server.address() as AddressInfo;
  const chats = {
    /** `address:port`, for URL_UPLOAD_ALLOW_HOSTS. */
    host: `${address}:${port}`,
    origin: `http://${address}:${port}`,
    requests: 0,
    hold: false,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
  return chats;
}

export type ChatServer = Awaited<ReturnType<typeof startChatServer>>;
