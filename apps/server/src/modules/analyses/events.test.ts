import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { batchRoutes, SESSION_COOKIE, uploadRoutes } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createPrompt, fund, META, multipart, wavBytes } from '../../../test/uploads.ts';
import { batchItems } from '../../db/schema/index.ts';
import { notifyBatchEvent } from '../batches/notify.ts';
import { refreshBatchItem } from '../batches/progress.ts';
import { notifyTaskEvent } from '../tasks/notify.ts';

let t: TestApp;
let dataDir: string;
let owner: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-events-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Live');
  otherProjectId = await createProject(owner, 'Elsewhere');
  await fund(t, projectId);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close(); // would hang if an event stream kept the server open
  await rm(dataDir, { recursive: true, force: true });
});

/** Reads server-sent events as text, block by block. */
async function openEvents(client: Client, id = projectId) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/projects/${id}/analyses/events`, {
    headers: { cookie: `${SESSION_COOKIE}=${client.cookie}` },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<string> => {
    while (!buffer.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
    const end = buffer.indexOf('\n\n');
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    return block;
  };
  /** The data of the next `event: <name>` block. */
  const nextOf = async (name: 'task' | 'batch') => {
    for (;;) {
      const block = await next();
      if (block.startsWith(`event: ${name}\n`)) return JSON.parse(block.split('\ndata: ')[1]!);
    }
  };
  const nextTask = () => nextOf('task');
  return { response, next, nextOf, nextTask, close: () => controller.abort() };
}

describe('task events', () => {
  it("streams this project's task changes, from any process, over PostgreSQL", async () => {
    const events = await openEvents(owner);
    expect(events.response.status).toBe(200);
    expect(events.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await events.next()).toBe('retry: 3000\n: connected');

    // Another project's event is not sent here; the worker's notifications are.
    await notifyTaskEvent(t.ctx.db, {
      project_id: otherProjectId,
      task_id: 1,
      status: 'queued',
      stage: null,
      progress: 0,
    });
    await notifyTaskEvent(t.ctx.db, {
      project_id: projectId,
      task_id: 42,
      status: 'processing',
      stage: 'transcription',
      progress: 35,
    });
    expect(await events.nextTask()).toEqual({
      task_id: 42,
      status: 'processing',
      stage: 'transcription',
      progress: 35,
    });

    // Inside a transaction the event waits for the commit.
    await t.ctx.db.transaction(async (tx) => {
      await notifyTaskEvent(tx, {
        project_id: projectId,
        task_id: 43,
        status: 'failed',
        stage: 'media',
        progress: 5,
      });
    });
    expect((await events.nextTask()).task_id).toBe(43);

    // An upload announces its queued task.
    const prompt = await createPrompt(owner, projectId, 'P');
    const upload = await owner.call(uploadRoutes.file, {
      params: { id: projectId },
      form: multipart([
        { name: 'prompt_id', value: String(prompt) },
        { name: 'metadata', value: JSON.stringify(META) },
        { name: 'file', filename: 'live.wav', data: wavBytes(0.2) },
      ]),
    });
    const taskId = upload.json().data.task_id;
    expect(await events.nextTask()).toEqual({ task_id: taskId, status: 'queued', stage: null, progress: 0 });
    events.close();
  });

  it('ends the streams when its database connection drops, so that browsers reconnect and reload', async () => {
    const events = await openEvents(owner);
    await events.next();
    await t.ctx.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'parley-task-events' AND datname = current_database()`,
    );
    await expect(events.next()).rejects.toThrow('stream ended');

    // The browser's next stream gets the events again.
    const again = await openEvents(owner);
    await again.next();
    await notifyTaskEvent(t.ctx.db, {
      project_id: projectId,
      task_id: 8,
      status: 'completed',
      stage: 'done',
      progress: 100,
    });
    expect((await again.nextTask()).task_id).toBe(8);
    again.close();
  });

  it('serves several listeners and survives their disconnects', async () => {
    const a = await openEvents(owner);
    const b = await openEvents(owner);
    await a.next();
    await b.next();
    a.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await notifyTaskEvent(t.ctx.db, {
      project_id: projectId,
      task_id: 7,
      status: 'completed',
      stage: 'done',
      progress: 100,
    });
    expect((await b.nextTask()).task_id).toBe(7);
    // b stays open: closing the app must end it.
  });

  it("streams this project's batch changes: a row's change and its batch's counts", async () => {
    const events = await openEvents(owner);
    await events.next();
    await notifyBatchEvent(t.ctx.db, { project_id: otherProjectId, batch_id: 1 });

    const prompt = await createPrompt(owner, projectId, 'Bulk');
    const created = await owner.call(batchRoutes.create, {
      params: { id: projectId },
      form: multipart([
        { name: 'prompt_id', value: String(prompt) },
        {
          name: 'file',
          filename: 'calls.csv',
          contentType: 'text/csv',
          data: Buffer.from(
            'url,type,representative,department\nhttps://media.example.com/1.mp3,call,Ann,Sales\n',
          ),
        },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const batchId: number = created.json().data.batch_id;
    const [item] = await t.ctx.db.select().from(batchItems).where(eq(batchItems.batchId, batchId));

    // A row that starts downloading changes no count but is announced (when its transaction commits).
    await refreshBatchItem(t.ctx, item!.id, (tx) =>
      tx.update(batchItems).set({ status: 'downloading' }).where(eq(batchItems.id, item!.id)),
    );
    expect(await events.nextOf('batch')).toEqual({ batch_id: batchId });
    // A row that fails is counted and announced.
    await refreshBatchItem(t.ctx, item!.id, (tx) =>
      tx.update(batchItems).set({ status: 'failed', error: 'gone' }).where(eq(batchItems.id, item!.id)),
    );
    expect(await events.nextOf('batch')).toEqual({ batch_id: batchId });
    // Nothing changed: nothing is announced (the next batch event is a later one).
    await refreshBatchItem(t.ctx, item!.id);
    await notifyBatchEvent(t.ctx.db, { project_id: projectId, batch_id: 999 });
    expect(await events.nextOf('batch')).toEqual({ batch_id: 999 });
    events.close();
  });

  it('answers 404 to a non-member without opening a stream', async () => {
    const response = await fetch(`${base}/api/projects/${projectId}/analyses/events`, {
      headers: { cookie: `${SESSION_COOKIE}=${stranger.cookie}` },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
