import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatServer, startChatServer } from '../../../test/chat-server.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { waitUntil } from '../../../test/tasks.ts';
import { createPrompt, fund, uploadBatch } from '../../../test/uploads.ts';
import { startWorkerProcess, type WorkerProcess } from '../../../test/worker-process.ts';
import { batchItems } from '../../db/schema/index.ts';
import { batchItemJob } from './jobs.ts';

let t: TestApp;
let owner: Client;
let chats: ChatServer;
let dataDir: string;
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  chats = await startChatServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-batches-interrupted-'));
  t = await startTestApp({}, { URL_UPLOAD_ALLOW_HOSTS: chats.host, DATA_DIR: dataDir });
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
}, 120_000);
afterAll(async () => {
  await worker?.kill();
  await t?.close();
  await chats?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a worker lost mid-download of a bulk upload row', () => {
  it('is replaced within seconds: another worker downloads the row and makes its analysis, once', async () => {
    const projectId = await createProject(owner, 'Bulk');
    await fund(t, projectId);
    const promptId = await createPrompt(owner, projectId, 'Sales QA');
    chats.hold = true;
    worker = startWorkerProcess({
      DATABASE_URL: t.ctx.config.databaseUrl!,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://parley.test',
      URL_UPLOAD_ALLOW_HOSTS: chats.host,
      LOG_LEVEL: 'warn',
    });
    const batchId = await uploadBatch(owner, projectId, promptId, [`${chats.origin}/chats/1.json`], 'chat');
    // The worker is downloading the row (the file server holds its answer) when it is lost.
    await waitUntil(
      async () => chats.requests,
      (n) => n === 1,
      60_000,
    );
    await worker.kill();
    const lostAt = performance.now();
    chats.hold = false;

    await batchItemJob.work(t.ctx);
    const [item] = await waitUntil(
      () => t.ctx.db.select().from(batchItems).where(eq(batchItems.batchId, batchId)),
      ([row]) => row?.status === 'task_created',
      50_000,
    );
    // Taken over once its heartbeat was missed (10 s), not after a minute (the heartbeat it had).
    expect((performance.now() - lostAt) / 1000).toBeLessThan(45);
    expect(item!.attempts).toBe(2);
    expect(item!.taskId).not.toBeNull();
    expect(chats.requests).toBe(2);
  }, 120_000);
});
