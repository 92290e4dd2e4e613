import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webhookRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { type Receiver, startReceiver } from '../../../test/receiver.ts';
import { waitUntil } from '../../../test/tasks.ts';
import { startWorkerProcess, type WorkerProcess } from '../../../test/worker-process.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { webhookDeliveryJob } from './jobs.ts';

let t: TestApp;
let owner: Client;
let receiver: Receiver;
let dataDir: string;
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  receiver = await startReceiver(() => 'thanks');
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-webhooks-interrupted-'));
  t = await startTestApp({}, { URL_UPLOAD_ALLOW_HOSTS: '127.0.0.1', DATA_DIR: dataDir });
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
}, 120_000);
afterAll(async () => {
  await worker?.kill();
  await t?.close();
  await receiver?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a worker killed mid-delivery', () => {
  it('is replaced within seconds: the attempt is made again (same webhook-id), not after 15 minutes', async () => {
    const projectId = await createProject(owner, 'Hooks');
    const created = await owner.call(webhookRoutes.create, {
      params: { id: projectId },
      body: { url: `${receiver.origin}/hook`, events: ['analysis.completed'] },
    });
    const params = { id: projectId, endpointId: created.json().data.id };
    receiver.hold = true;
    worker = startWorkerProcess({
      DATABASE_URL: t.ctx.config.databaseUrl!,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://parley.test',
      URL_UPLOAD_ALLOW_HOSTS: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    const deliveryId: number = (await owner.call(webhookRoutes.test, { params })).json().data.id;
    await waitUntil(
      async () => receiver.received.length,
      (n) => n === 1,
      60_000,
    );
    await worker.kill();
    receiver.hold = false;

    await webhookDeliveryJob.work(t.ctx);
    const delivery = await waitUntil(
      async () =>
        (await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))[0]!,
      (row) => row.status === 'succeeded',
      40_000,
    );
    expect(delivery.attempts).toBe(2);
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([delivery.eventId, delivery.eventId]);
  }, 120_000);
});
