import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { batchRoutes } from '@parley/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { waitUntil } from '../../../test/tasks.ts';
import { createPrompt, fund, uploadBatch, wavBytes } from '../../../test/uploads.ts';
import { batchItems, mediaFiles, prompts, tasks, uploadBatches } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { runTask } from '../pipeline/run.ts';
import { taskJobKey } from '../tasks/queue.ts';
import { DownloadError } from '../uploads/download.ts';
import { UrlRefusedError } from '../uploads/ssrf.ts';
import { batchItemJob, classifyItemFailure, processBatchItem } from './jobs.ts';
import { refreshBatchesOfTask } from './progress.ts';

let server: Server;
let port: number;
let dataDir: string;
let t: TestApp;
let owner: Client;
let projectId: number;
let promptId: number;
const served: string[] = [];
/** The held answers of /held/<n>.wav links: the first request of each waits until the test lets it go. */
const held: Array<() => void> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    served.push(url.pathname);
    const match = /^\/calls\/(\d+)\.wav$/.exec(url.pathname);
    if (match) {
      const wav = wavBytes(0.25, 200 + Number(match[1]));
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
      return response.end(wav);
    }
    const heldMatch = /^\/held\/(\d+)\.wav$/.exec(url.pathname);
    if (heldMatch) {
      const wav = wavBytes(0.25, 700 + Number(heldMatch[1]));
      const send = () => {
        response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
        response.end(wav);
      };
      if (served.filter((pathname) => pathname === url.pathname).length === 1) held.push(send);
      else send();
      return;
    }
    if (url.pathname === '/doc.pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      return response.end('%PDF-1.4 not audio');
    }
    response.writeHead(404);
    response.end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-batches-'));
  t = await startTestApp({}, { DATA_DIR: dataDir, URL_UPLOAD_ALLOW_HOSTS: `127.0.0.1:${port}` });
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Queue');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'Sales QA');
  await batchItemJob.work(t.ctx);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const local = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

const upload = (urls: string[], prompt = promptId) => uploadBatch(owner, projectId, prompt, urls);

const taskOf = async (id: number) => (await t.ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;

const batchRow = async (id: number) =>
  (await t.ctx.db.select().from(uploadBatches).where(eq(uploadBatches.id, id)))[0]!;

/** Waits until the queue has taken every item of the batch to a final state. */
async function settled(batchId: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const items = await t.ctx.db
      .select()
      .from(batchItems)
      .where(eq(batchItems.batchId, batchId))
      .orderBy(batchItems.rowNumber);
    if (items.every((item) => item.status !== 'pending' && item.status !== 'downloading')) return items;
    if (Date.now() > deadline) throw new Error(`items still open: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the pipeline does when a task ends: the task's status changes, then its batches are refreshed. */
async function finishTasks(taskIds: number[], status: 'completed' | 'failed' | 'skipped') {
  await t.ctx.db.update(tasks).set({ status }).where(inArray(tasks.id, taskIds));
  for (const id of taskIds) await refreshBatchesOfTask(t.ctx, id);
}

describe('batch items through the queue', () => {
  it('downloads each link, stores it and queues its analysis; one bad link fails only its row', async () => {
    const batchId = await upload([
      local('/calls/1.wav'),
      'http://10.0.0.1/private.wav', // a private address: refused by the SSRF guard
      local('/calls/2.wav'),
      local('/missing.wav'),
      local('/doc.pdf'),
      local('/calls/1.wav'), // the same file again: linked to the first row's analysis
    ]);
    const items = await settled(batchId);
    // Rows are downloaded side by side: of the two rows with the same file, the one stored first makes the
    // analysis and the other is linked to it.
    const sameFile = [items[0]!.status, items[5]!.status].sort();
    expect(sameFile).toEqual(['duplicate', 'task_created']);
    expect(items.map((item) => [item.rowNumber, item.status]).slice(1, 5)).toEqual([
      [3, 'failed'],
      [4, 'task_created'],
      [5, 'failed'],
      [6, 'failed'],
    ]);
    expect(items[1]!.error).toBe(
      'The link points to a private or local network address (10.0.0.1); only links to public servers can be uploaded.',
    );
    expect(items[3]!.error).toBe("The link's server answered 404 Not Found.");
    expect(items[4]!.error).toMatch(/supported audio or video file/);
    expect(items[5]!.taskId).toBe(items[0]!.taskId);

    // The analyses are real tasks with the row's metadata, queued with the batch's priority.
    const [task] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, items[0]!.taskId!));
    expect(task).toMatchObject({
      projectId,
      promptId,
      status: 'queued',
      createdBy: owner.userId,
      metadata: { Representative: 'Ann', Department: 'Sales', type: 'call' },
      representative: 'Ann',
    });
    const [media] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, task!.mediaId));
    expect(media).toMatchObject({ fileName: '1.wav', sourceUrl: local('/calls/1.wav'), kind: 'audio' });
    const jobs = await t.ctx.boss.findJobs(QUEUES.analysis, { key: taskJobKey(task!.id) });
    expect(jobs).toHaveLength(1);

    // Three rows failed, three wait for their two analyses.
    expect(await batchRow(batchId)).toMatchObject({
      status: 'processing',
      processedItems: 0,
      failedItems: 3,
    });
    const response = await owner.call(batchRoutes.items, {
      params: { id: projectId, batchId },
      query: { status: 'failed' },
    });
    expect(response.json().data.total).toBe(3);
    expect(response.json().data.items[0]).toMatchObject({ row: 3, status: 'failed', task_id: null });

    await finishTasks([items[0]!.taskId!, items[2]!.taskId!], 'completed');
    expect(await batchRow(batchId)).toMatchObject({
      status: 'partially_completed',
      processedItems: 3,
      failedItems: 3,
    });
    const all = await owner.call(batchRoutes.items, { params: { id: projectId, batchId } });
    expect(all.json().data.items[0]).toMatchObject({ status: items[0]!.status, task_status: 'completed' });
  });

  it('keeps a row as the attempt that settled it left it: the late attempt of a cut-off worker relabels nothing', async () => {
    const batchId = await upload([local('/held/1.wav')]);
    // The queue's attempt is downloading (its answer held, as if its worker were cut off) when another attempt
    // takes the row over and makes its analysis.
    await waitUntil(
      async () => held.length,
      (n) => n === 1,
      20_000,
    );
    const [item] = await t.ctx.db.select().from(batchItems).where(eq(batchItems.batchId, batchId));
    await processBatchItem(t.ctx, item!.id, { lastAttempt: false });
    const rowOf = async () =>
      (await t.ctx.db.select().from(batchItems).where(eq(batchItems.id, item!.id)))[0]!;
    const taken = await rowOf();
    expect(taken).toMatchObject({ status: 'task_created', attempts: 2 });

    // The late attempt's download ends: it finds that analysis in progress and leaves the row alone.
    held.shift()!();
    await waitUntil(
      () => t.ctx.boss.findJobs(QUEUES.batchItems, { data: { itemId: item!.id } }),
      (jobs) => jobs.length === 1 && jobs[0]!.state === 'completed',
      20_000,
    );
    expect(await rowOf()).toMatchObject({ status: 'task_created', taskId: taken.taskId, attempts: 2 });
    expect(await t.ctx.db.select().from(tasks).where(eq(tasks.id, taken.taskId!))).toHaveLength(1);
  });

  it('settles a row whose attempt made its analysis and stopped before saying so, without downloading again', async () => {
    const batchId = await upload([local('/calls/31.wav')]);
    const [done] = await settled(batchId);
    expect(done).toMatchObject({ status: 'task_created' });
    // As a worker cut off right after the analysis's transaction leaves the row: linked, still downloading.
    await t.ctx.db.update(batchItems).set({ status: 'downloading' }).where(eq(batchItems.id, done!.id));
    const downloads = served.length;
    await processBatchItem(t.ctx, done!.id, { lastAttempt: false });
    const [row] = await t.ctx.db.select().from(batchItems).where(eq(batchItems.id, done!.id));
    expect(row).toMatchObject({ status: 'task_created', taskId: done!.taskId });
    expect(served.length).toBe(downloads);
    expect(
      await t.ctx.db
        .select()
        .from(tasks)
        .where(eq(tasks.mediaId, (await taskOf(done!.taskId!)).mediaId)),
    ).toHaveLength(1);
  });

  it('completes when every analysis completes, fails when every row fails', async () => {
    const good = await upload([local('/calls/11.wav'), local('/calls/12.wav')]);
    const items = await settled(good);
    expect(await batchRow(good)).toMatchObject({ status: 'processing', processedItems: 0, failedItems: 0 });
    await finishTasks([items[0]!.taskId!], 'completed');
    expect(await batchRow(good)).toMatchObject({ status: 'processing', processedItems: 1 });
    await finishTasks([items[1]!.taskId!], 'skipped');
    expect(await batchRow(good)).toMatchObject({ status: 'completed', processedItems: 2, failedItems: 0 });

    const bad = await upload(['http://169.254.169.254/latest/meta-data/', local('/nothing.wav')]);
    await settled(bad);
    expect(await batchRow(bad)).toMatchObject({ status: 'failed', processedItems: 0, failedItems: 2 });
  });

  it("counts a failed analysis as a failed row, through the pipeline's failure path", async () => {
    const prompt = await createPrompt(owner, projectId, 'Short-lived');
    const batchId = await upload([local('/calls/21.wav'), local('/calls/22.wav')], prompt);
    const items = await settled(batchId);
    await finishTasks([items[0]!.taskId!], 'completed');
    // The prompt is gone before the second analysis runs: the pipeline fails the task at once.
    await t.ctx.db.delete(prompts).where(eq(prompts.id, prompt));
    expect(await runTask(t.ctx, items[1]!.taskId!, { lastAttempt: false })).toBe('failed');
    expect(await batchRow(batchId)).toMatchObject({
      status: 'partially_completed',
      processedItems: 1,
      failedItems: 1,
    });
  });

  it('moves a row from failed to processed when its failed analysis is retried and completes', async () => {
    const batchId = await upload([local('/calls/31.wav'), local('/calls/32.wav')]);
    const items = await settled(batchId);
    await finishTasks([items[0]!.taskId!, items[1]!.taskId!], 'failed');
    expect(await batchRow(batchId)).toMatchObject({ status: 'failed', processedItems: 0, failedItems: 2 });
    await finishTasks([items[0]!.taskId!], 'completed');
    expect(await batchRow(batchId)).toMatchObject({
      status: 'partially_completed',
      processedItems: 1,
      failedItems: 1,
    });
  });

  it('counts a row once however many refreshes of it run at the same time', async () => {
    const batchId = await upload([local('/calls/41.wav'), local('/calls/42.wav')]);
    const items = await settled(batchId);
    const taskId = items[0]!.taskId!;
    await t.ctx.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, taskId));
    await Promise.all(Array.from({ length: 6 }, () => refreshBatchesOfTask(t.ctx, taskId)));
    expect(await batchRow(batchId)).toMatchObject({
      status: 'processing',
      processedItems: 1,
      failedItems: 0,
    });
  });

  it('retries passing download failures, never refused links', () => {
    expect(classifyItemFailure(new UrlRefusedError('private')).retryable).toBe(false);
    expect(classifyItemFailure(new DownloadError('timeout', 504)).retryable).toBe(true);
    expect(classifyItemFailure(new DownloadError('unreachable')).retryable).toBe(true);
    expect(classifyItemFailure(new DownloadError('503', 502, 503)).retryable).toBe(true);
    expect(classifyItemFailure(new DownloadError('429', 502, 429)).retryable).toBe(true);
    expect(classifyItemFailure(new DownloadError('404', 502, 404)).retryable).toBe(false);
    expect(classifyItemFailure(new DownloadError('too big', 413)).retryable).toBe(false);
  });
});
