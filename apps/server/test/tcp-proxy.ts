import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Like a stopped server: open connections drop, new ones are refused (ECONNREFUSED). */
  cut: () => Promise<void>;
  /** Accepts and forwards connections again, on the same port. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A TCP proxy on `listenHost` (127.0.0.1 unless another local address is given) to `host:port` that a test can
 * cut and restore (a database outage).
 */
export async function startTcpProxy(host: string, port: number, listenHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const listen = async (listenPort: number): Promise<Server> => {
    const server = createServer((client) => {
      const upstream = connect(port, host);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    server.listen(listenPort, listenHost);
    await once(server, 'listening');
    return server;
  };
  let server: Server | null = await listen(0);
  const proxyPort = (server.address() as { port: number }).port;
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  return {
    port: proxyPort,
    cut,
    restore: async () => {
      server ??= await listen(proxyPort);
    },
    close: cut,
  };
}
