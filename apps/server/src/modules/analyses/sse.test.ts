import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TaskEventHub } from './events.ts';
import { EventStreams } from './sse.ts';

describe('event streams', () => {
  it('send heartbeat comments, unsubscribe on disconnect and end on close', async () => {
    let subscribed = 0;
    const hub = {
      subscribe: async () => {
        subscribed += 1;
        return () => {
          subscribed -= 1;
        };
      },
    } as unknown as TaskEventHub;
    const streams = new EventStreams(hub, 30);
    const app = Fastify();
    app.get('/events', (request, reply) => streams.serve(1, request, reply));
    app.addHook('preClose', async () => streams.closeAll());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/events`;

    const controller = new AbortController();
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': heartbeat\n\n: heartbeat\n\n')) text += (await reader.read()).value ?? '';
    expect(subscribed).toBe(1);
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(subscribed).toBe(0);

    await fetch(url); // left open
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(subscribed).toBe(1);
    await app.close();
    expect(subscribed).toBe(0);
  });
});
