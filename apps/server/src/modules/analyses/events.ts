import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { BATCH_EVENTS_CHANNEL, BatchEventMessage } from '../batches/notify.ts';
import { TASK_EVENTS_CHANNEL, TaskEventMessage } from '../tasks/notify.ts';

/** A change the live view passes on, named as its server-sent event. */
export type LiveEvent =
  | { name: 'task'; message: TaskEventMessage }
  | { name: 'batch'; message: BatchEventMessage };

const EVENT_NAMES: Record<string, LiveEvent['name']> = {
  [TASK_EVENTS_CHANNEL]: 'task',
  [BATCH_EVENTS_CHANNEL]: 'batch',
};

type Listener = (event: LiveEvent) => void;

/** Emitted to every subscriber when the LISTEN connection drops: notifications until it is back are lost. */
const LOST = 'lost';

/** A notification's payload as the event it announces (a payload of another shape throws). */
function liveEvent(name: LiveEvent['name'], payload: unknown): LiveEvent {
  return name === 'task'
    ? { name, message: TaskEventMessage.parse(payload) }
    : { name, message: BatchEventMessage.parse(payload) };
}

/**
 * One LISTEN connection per API process (task and batch changes), shared by all of its SSE clients and fanned
 * out by project.
 * It connects on the first subscriber and reconnects (with backoff) when the connection drops.
 */
export class TaskEventHub {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly emitter = new EventEmitter();
  private subscribers = 0;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;

  private readonly connection: pg.ClientConfig;
  private readonly logger: Logger;

  constructor(connection: pg.ClientConfig, logger: Logger) {
    this.connection = connection;
    this.logger = logger;
    this.emitter.setMaxListeners(0);
  }

  /**
   * Resolves once the hub listens, so an event notified after this is delivered. `onLost` is called when the
   * connection drops: the events until it is back are not delivered, so the subscriber must reload.
   */
  async subscribe(projectId: number, listener: Listener, onLost: () => void): Promise<() => void> {
    const name = `project:${projectId}`;
    this.emitter.on(name, listener);
    this.emitter.on(LOST, onLost);
    this.subscribers += 1;
    let active = true;
    const unsubscribe = () => {
      if (!active) return;
      active = false;
      this.emitter.off(name, listener);
      this.emitter.off(LOST, onLost);
      this.subscribers -= 1;
    };
    try {
      await this.ensureConnected();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  private ensureConnected(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    if (this.closed) throw new Error('The task event hub is closed');
    const client = new pg.Client({ ...this.connection, application_name: 'parley-task-events' });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'Task event connection failed; reconnecting');
      this.drop(client);
    });
    client.on('end', () => this.drop(client));
    client.on('notification', (message) => {
      const name = EVENT_NAMES[message.channel];
      if (!name || !message.payload) return;
      try {
        const event = liveEvent(name, JSON.parse(message.payload));
        this.emitter.emit(`project:${event.message.project_id}`, event);
      } catch (error) {
        this.logger.warn({ err: error }, 'Unreadable task event');
      }
    });
    await client.connect();
    for (const channel of Object.keys(EVENT_NAMES)) await client.query(`LISTEN ${channel}`);
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('The task event hub is closed');
    }
    this.client = client;
  }

  private drop(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.emitter.emit(LOST);
    this.scheduleRetry(1000);
  }

  private scheduleRetry(delayMs: number): void {
    if (this.closed || this.retryTimer || this.subscribers === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensureConnected().catch((error) => {
        this.logger.warn({ err: error }, 'Task event reconnect failed');
        this.scheduleRetry(Math.min(delayMs * 2, 30_000));
      });
    }, delayMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.emitter.removeAllListeners();
    const client = this.client;
    this.client = null;
    await this.connecting?.catch(() => {});
    await client?.end().catch(() => {});
  }
}

/** The hub of an app's database (its pool's connection settings). */
export function createTaskEventHub(db: Db, logger: Logger): TaskEventHub {
  return new TaskEventHub(db.$client.options, logger);
}
