import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveEvent, TaskEventHub } from './events.ts';

export const HEARTBEAT_MS = 15_000;

/** Open event streams of one app, ended when it closes (else close would wait for them forever). */
export class EventStreams {
  private readonly open = new Set<ServerResponse>();

  private readonly hub: TaskEventHub;
  private readonly heartbeatMs: number;

  constructor(hub: TaskEventHub, heartbeatMs = HEARTBEAT_MS) {
    this.hub = hub;
    this.heartbeatMs = heartbeatMs;
  }

  /**
   * Serves text/event-stream to one client: an `event: task` per change of a task of this project (data: the
   * TaskEvent JSON) and an `event: batch` per change of one of its batches (BatchEvent), a comment every 15 s
   * so proxies keep the connection, until the client disconnects. With `visible`, only the events it accepts
   * are sent (in their order). When the hub loses its database connection the stream ends: the browser opens
   * it again (after `retry`) and reloads what it shows, as events in between are lost.
   */
  async serve(
    projectId: number,
    request: FastifyRequest,
    reply: FastifyReply,
    visible?: (event: LiveEvent) => Promise<boolean>,
  ): Promise<void> {
    const res = reply.raw;
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.open.add(res);
    let unsubscribe: (() => void) | null = null;
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), this.heartbeatMs);
    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe?.();
      this.open.delete(res);
    };
    res.on('close', cleanup);
    request.raw.on('close', () => {
      if (!res.writableEnded) res.end();
    });
    try {
      const send = ({ name, message }: LiveEvent) => {
        if (res.writableEnded) return;
        const { project_id: _project, ...data } = message;
        res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      let queue = Promise.resolve();
      const stop = await this.hub.subscribe(
        projectId,
        (event: LiveEvent) => {
          if (!visible) return send(event);
          queue = queue.then(async () => {
            if (await visible(event).catch(() => false)) send(event);
          });
        },
        () => res.end(),
      );
      if (res.destroyed || res.writableEnded) stop();
      else unsubscribe = stop;
      res.write('retry: 3000\n: connected\n\n');
    } catch (error) {
      request.log.warn({ err: error }, 'Task events unavailable');
      res.end('event: error\ndata: {"message":"Live updates are unavailable right now."}\n\n');
    }
  }

  closeAll(): void {
    for (const res of this.open) res.end();
    this.open.clear();
  }
}
