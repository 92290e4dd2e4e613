import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { batchRoutes, type RouteQuery, repRoutes, SESSION_COOKIE } from '@parley/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
  usersSeeAll,
} from '../../../test/harness.ts';
import { waitUntil } from '../../../test/tasks.ts';
import { createPrompt, fund, multipart, wavBytes } from '../../../test/uploads.ts';
import { batchItems, tasks } from '../../db/schema/index.ts';
import { batchItemJob } from './jobs.ts';
import { notifyBatchEvent } from './notify.ts';
import { refreshBatchesOfTask } from './progress.ts';

let server: Server;
let port: number;
let dataDir: string;
let t: TestApp;
let base: string;
let admin: Client;
let user: Client;
let salesLeader: Client;
let supportLeader: Client;
let idleLeader: Client;
let projectId: number;
let promptId: number;
/** An admin's batch: rows of Sales, of Support (Bob, directly or through the rep mapping) and of nobody's team. */
let mixed: number;
/** An admin's batch of Support rows only. */
let supportOnly: number;
/** The Sales leader's own upload, of another team's rows. */
let salesOwn: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const match = /^\/calls\/(\d+)\.wav$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404);
      return response.end('no');
    }
    const wav = wavBytes(0.25, 300 + Number(match[1]));
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
    response.end(wav);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-batch-teams-'));
  t = await startTestApp({}, { DATA_DIR: dataDir, URL_UPLOAD_ALLOW_HOSTS: `127.0.0.1:${port}` });
  await signUp(t.app); // the super admin
  const owner = await signUp(t.app);
  [admin, user, salesLeader, supportLeader, idleLeader] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
  projectId = await createProject(owner, 'Teams');
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, user, 'user');
  await usersSeeAll(t, projectId);
  for (const leader of [salesLeader, supportLeader, idleLeader]) {
    await addMember(t, projectId, leader, 'teamleader');
  }
  await assign(salesLeader, { departments: ['sales'], representatives: [] });
  await assign(supportLeader, { departments: [], representatives: ['Bob'] });
  const mapping = await admin.call(repRoutes.createMapping, {
    params: { id: projectId },
    body: { identifier: 'ext 7', representative: 'Bob' },
  });
  expect(mapping.statusCode, mapping.body).toBe(201);
  await fund(t, projectId);
  promptId = await createPrompt(admin, projectId, 'Sales QA');
  mixed = await upload(admin, [
    [local('/calls/1.wav'), 'Ann', 'Sales'], // row 2: Sales
    [local('/missing.wav'), 'Ann', 'Sales'], // row 3: Sales, fails
    [local('/calls/2.wav'), 'Bob', 'Support'], // row 4: Support (Bob)
    [local('/missing.wav'), 'Cleo', 'Support'], // row 5: nobody's team
    [local('/calls/3.wav'), 'ext 7', 'Support'], // row 6: Support, Bob through the rep mapping
  ]);
  supportOnly = await upload(admin, [[local('/calls/4.wav'), 'Bob', 'Support']]);
  salesOwn = await upload(salesLeader, [[local('/calls/5.wav'), 'Cleo', 'Support']]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const local = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

async function assign(leader: Client, assignment: { departments: string[]; representatives: string[] }) {
  const response = await admin.call(repRoutes.setTeamLeader, {
    params: { id: projectId, userId: leader.userId },
    body: assignment,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function upload(client: Pick<Client, 'call'>, rows: Array<[string, string, string]>): Promise<number> {
  const csv = [
    'url,type,representative,department',
    ...rows.map((row) => `${row[0]},call,${row[1]},${row[2]}`),
  ];
  const response = await client.call(batchRoutes.create, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'file', filename: 'calls.csv', contentType: 'text/csv', data: Buffer.from(csv.join('\n')) },
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.batch_id;
}

interface ListedBatch {
  id: number;
  status: string;
  total_items: number;
  processed_items: number;
  failed_items: number;
}

async function batchesOf(client: Client): Promise<Map<number, ListedBatch>> {
  const response = await client.call(batchRoutes.list, { params: { id: projectId } });
  expect(response.statusCode, response.body).toBe(200);
  return new Map(response.json().data.map((batch: ListedBatch) => [batch.id, batch]));
}

/** The batch of the first batch event the caller's live stream sends after these batches changed, in order. */
async function firstBatchEvent(headers: Record<string, string>, changed: number[]): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/projects/${projectId}/analyses/events`, {
    headers,
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes(': connected')) text += (await reader.read()).value ?? '';
  for (const batchId of changed)
    await notifyBatchEvent(t.ctx.db, { project_id: projectId, batch_id: batchId });
  const batchEvent = /event: batch\ndata: (.*)\n/;
  while (!batchEvent.test(text)) text += (await reader.read()).value ?? '';
  controller.abort();
  return JSON.parse(text.match(batchEvent)![1]!).batch_id;
}

async function rowsOf(client: Client, batchId: number, query?: RouteQuery<typeof batchRoutes.items>) {
  const response = await client.call(batchRoutes.items, { params: { id: projectId, batchId }, query });
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json();
  return { ...data, rows: data.items.map((item: { row: number }) => item.row) };
}

/** What a batch counts, as [status, total, processed, failed]. */
const counts = (batch: ListedBatch | undefined) =>
  batch && [batch.status, batch.total_items, batch.processed_items, batch.failed_items];

describe("team leaders and bulk uploads: their teams' rows only", () => {
  it('before any download: each leader sees the batches with rows of their teams, counted for them', async () => {
    const sales = await batchesOf(salesLeader);
    expect([...sales.keys()].sort()).toEqual([mixed, salesOwn].sort());
    expect(counts(sales.get(mixed))).toEqual(['pending', 2, 0, 0]);
    const support = await batchesOf(supportLeader);
    expect([...support.keys()].sort()).toEqual([mixed, supportOnly].sort());
    expect(counts(support.get(mixed))).toEqual(['pending', 2, 0, 0]);
    // No assignment: no team, no batch of others.
    expect((await batchesOf(idleLeader)).size).toBe(0);

    expect((await rowsOf(salesLeader, mixed)).rows).toEqual([2, 3]);
    const supportRows = await rowsOf(supportLeader, mixed);
    expect(supportRows.rows).toEqual([4, 6]);
    expect(supportRows.total).toBe(2);
    expect(supportRows.batch).toMatchObject({ id: mixed, total_items: 2 });
  });

  it("answers 404 for a batch of only other teams' rows, as for another project's", async () => {
    for (const [leader, batchId] of [
      [salesLeader, supportOnly],
      [idleLeader, mixed],
      [supportLeader, salesOwn],
    ] as const) {
      const response = await leader.call(batchRoutes.items, { params: { id: projectId, batchId } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not_found', message: 'Batch not found.' });
    }
  });

  it('shows a leader the whole batch they uploaded themselves', async () => {
    const own = await rowsOf(salesLeader, salesOwn);
    expect(own.rows).toEqual([2]);
    expect(own.batch).toMatchObject({ total_items: 1 });
  });

  it('users, admins and owners see every batch and row', async () => {
    for (const client of [user, admin]) {
      const listed = await batchesOf(client);
      expect([...listed.keys()].sort()).toEqual([mixed, supportOnly, salesOwn].sort());
      expect(counts(listed.get(mixed))).toEqual(['pending', 5, 0, 0]);
      expect((await rowsOf(client, mixed)).rows).toEqual([2, 3, 4, 5, 6]);
    }
  });

  it("after the downloads: counts and status describe the leader's rows", async () => {
    await batchItemJob.work(t.ctx);
    const items = await waitUntil(
      () =>
        t.ctx.db
          .select()
          .from(batchItems)
          .where(inArray(batchItems.batchId, [mixed, supportOnly, salesOwn]))
          .orderBy(asc(batchItems.batchId), asc(batchItems.rowNumber)),
      (rows) => rows.every((row) => row.status !== 'pending' && row.status !== 'downloading'),
      30_000,
    );
    const mixedItems = items.filter((item) => item.batchId === mixed);
    expect(mixedItems.map((item) => item.status)).toEqual([
      'task_created',
      'failed',
      'task_created',
      'failed',
      'task_created',
    ]);
    // Sales' analysis completes.
    const salesTask = mixedItems[0]!.taskId!;
    await t.ctx.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, salesTask));
    await refreshBatchesOfTask(t.ctx, salesTask);

    expect(counts((await batchesOf(salesLeader)).get(mixed))).toEqual(['partially_completed', 2, 1, 1]);
    expect(counts((await batchesOf(supportLeader)).get(mixed))).toEqual(['processing', 2, 0, 0]);
    expect(counts((await batchesOf(admin)).get(mixed))).toEqual(['processing', 5, 1, 2]);
    const failed = await rowsOf(salesLeader, mixed, { status: 'failed' });
    expect(failed.rows).toEqual([3]);
    expect(failed.batch).toMatchObject({ status: 'partially_completed', failed_items: 1 });
  });

  it("puts a row linked to an earlier upload's analysis with that analysis's team", async () => {
    // Support's recording again, uploaded as Sales': the row is linked to Bob's analysis, and goes with it.
    const again = await upload(admin, [[local('/calls/4.wav'), 'Ann', 'Sales']]);
    const [item] = await waitUntil(
      () => t.ctx.db.select().from(batchItems).where(eq(batchItems.batchId, again)),
      (rows) => rows[0]?.status !== 'pending' && rows[0]?.status !== 'downloading',
      30_000,
    );
    expect(item!.status).toBe('duplicate');
    const bobs = await rowsOf(supportLeader, supportOnly);
    expect(item!.taskId).toBe(bobs.items[0].task_id);
    expect((await rowsOf(supportLeader, again)).rows).toEqual([2]);
    expect(
      (await salesLeader.call(batchRoutes.items, { params: { id: projectId, batchId: again } })).statusCode,
    ).toBe(404);
  });

  it("sends a leader the live events of the batches they see, never of others'", async () => {
    const leader = { cookie: `${SESSION_COOKIE}=${salesLeader.cookie}` };
    expect(await firstBatchEvent(leader, [supportOnly, mixed])).toBe(mixed);
    expect(await firstBatchEvent(leader, [supportOnly, salesOwn])).toBe(salesOwn);
  });
});
