import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  analysisRoutes,
  BLACKLIST_TEXTS,
  batchRoutes,
  blacklistRoutes,
  DEFAULT_PRIORITY,
  projectRoutes,
  SKIPPED_BLACKLISTED,
  taskError,
  uploadRoutes,
} from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../../test/fake-upstreams/anthropic.ts';
import { startFakeOpenAI } from '../../../test/fake-upstreams/openai.ts';
import type { FakeUpstream } from '../../../test/fake-upstreams/scripted.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
  usersSeeAll,
} from '../../../test/harness.ts';
import { createPrompt, fund, META, multipart, wavBytes } from '../../../test/uploads.ts';
import type { AppContext } from '../../context.ts';
import {
  batchItems,
  billingHolds,
  invoices,
  mediaFiles,
  projects,
  tasks,
  unitBundles,
  uploadBatches,
} from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { mediaDir } from '../../storage/index.ts';
import { batchItemJob } from '../batches/jobs.ts';
import { runTask } from '../pipeline/run.ts';
import { taskJobKey } from '../tasks/queue.ts';
import { ingest, validateUpload } from '../uploads/service.ts';
import { stageFile } from '../uploads/stage.ts';

let server: Server;
let port: number;
let dataDir: string;
let openai: FakeUpstream;
let anthropic: FakeUpstream;
let t: TestApp;
let owner: Client;
let member: Client;
let tone = 100;

beforeAll(async () => {
  server = createServer((request, response) => {
    const match = /^\/calls\/(\d+)\.wav$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404);
      return response.end();
    }
    const wav = wavBytes(0.25, Number(match[1]));
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
    response.end(wav);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  [openai, anthropic] = await Promise.all([startFakeOpenAI(), startFakeAnthropic()]);
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-blacklist-'));
  t = await startTestApp(
    {},
    {
      DATA_DIR: dataDir,
      URL_UPLOAD_ALLOW_HOSTS: `127.0.0.1:${port}`,
      OPENAI_API_KEY: 'sk-openai-test',
      OPENAI_BASE_URL: `${openai.origin}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    },
  );
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  member = await signUp(t.app);
  await batchItemJob.work(t.ctx);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([openai, anthropic].map((fake) => fake?.close()));
  await new Promise((resolve) => server.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  // No transcription and no LLM call was made for any skipped conversation.
  expect(openai.requests).toEqual([]);
  expect(anthropic.requests).toEqual([]);
});

async function newProject(settings: Record<string, unknown> = {}) {
  const projectId = await createProject(owner, `Calls ${tone}`);
  await addMember(t, projectId, member, 'user');
  await usersSeeAll(t, projectId);
  await fund(t, projectId);
  if (Object.keys(settings).length > 0) {
    const response = await owner.call(projectRoutes.update, { params: { id: projectId }, body: settings });
    expect(response.statusCode, response.body).toBe(200);
  }
  const promptId = await createPrompt(owner, projectId, 'QA');
  return { projectId, promptId };
}

const blacklist = (projectId: number, phone: string) =>
  owner.call(blacklistRoutes.create, { body: { project_id: projectId, phone_number: phone } });

function upload(
  projectId: number,
  promptId: number,
  metadata: Record<string, string>,
  options: { data?: Buffer; force?: boolean } = {},
) {
  tone += 10;
  return member.call(uploadRoutes.file, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'metadata', value: JSON.stringify({ ...META, ...metadata }) },
      ...(options.force ? [{ name: 'force', value: 'true' }] : []),
      {
        name: 'file',
        filename: 'call.wav',
        contentType: 'audio/wav',
        data: options.data ?? wavBytes(0.25, tone),
      },
    ]),
  });
}

const taskRow = async (id: number) => (await t.ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const mediaRow = async (id: number) =>
  (await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, id)))[0]!;
const stored = (key: string) => existsSync(path.join(mediaDir(t.ctx.config), key));
const charges = (projectId: number) =>
  t.ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), eq(invoices.reference, 'analysis')));
const unitsLeft = async (projectId: number) =>
  (await t.ctx.db.select().from(unitBundles).where(eq(unitBundles.projectId, projectId)))[0]!.leftMilli;

const CUT_OFF = 'The worker was cut off';

/** The context of a worker that is cut off once its first transaction commits: every later query fails. */
function cutOffAfterFirstCommit(ctx: AppContext): AppContext {
  let cut = false;
  const db = new Proxy(ctx.db, {
    get(target, property) {
      if (cut) throw new Error(CUT_OFF);
      if (property === 'transaction') {
        return async (...args: Parameters<typeof target.transaction>) => {
          try {
            return await target.transaction(...args);
          } finally {
            cut = true;
          }
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...ctx, db };
}

describe('blacklist enforcement at upload', () => {
  it('skips a blacklisted number: task skipped, nothing queued, not charged, media deleted', async () => {
    const { projectId, promptId } = await newProject();
    expect((await blacklist(projectId, '+1 555 123 4567')).statusCode).toBe(201);
    const response = await upload(projectId, promptId, { Phone: '(555) 123-4567' });
    expect(response.statusCode, response.body).toBe(201);
    const { data, message } = response.json();
    expect(data).toMatchObject({
      skipped: true,
      task_id: expect.any(Number),
      audio: { id: expect.any(Number) },
    });
    expect(message).toBe(BLACKLIST_TEXTS.uploadSkipped(data.task_id));
    expect(await taskRow(data.task_id)).toMatchObject({
      status: 'skipped',
      errorReason: taskError('blacklisted'),
    });
    expect(await t.ctx.boss.findJobs(QUEUES.analysis, { key: taskJobKey(data.task_id) })).toEqual([]);
    const media = await mediaRow(data.audio.id);
    expect(media.removedAt).not.toBeNull();
    expect(stored(media.storageKey)).toBe(false);
    expect(await charges(projectId)).toEqual([]);

    // The analyses list shows it as skipped, with the reason.
    const list = await member.call(analysisRoutes.list, { params: { id: projectId } });
    expect(list.json().data.items[0]).toMatchObject({
      id: data.task_id,
      status: 'skipped',
      error: SKIPPED_BLACKLISTED,
      error_reason: { code: 'blacklisted', params: {} },
    });

    // Another number is analysed as usual.
    const other = await upload(projectId, promptId, { phone: '+1 555 000 1111' });
    expect(other.json().data.skipped).toBeUndefined();
    expect(await taskRow(other.json().data.task_id)).toMatchObject({ status: 'queued' });
  });

  it('keeps the media when the project says so, and takes the file back for a forced new analysis', async () => {
    const { projectId, promptId } = await newProject({ keep_skipped_media: true });
    await blacklist(projectId, '+44 20 7946 0958');
    const data = wavBytes(0.25, 999);
    const kept = (await upload(projectId, promptId, { PHONE: '0044 20 7946 0958' }, { data })).json().data;
    // '0044…' normalises to +0044…, which is not the listed number: not skipped.
    expect(kept.skipped).toBeUndefined();
    await t.ctx.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, kept.task_id));

    const skipped = (await upload(projectId, promptId, { phone: '+44 (20) 7946-0958' })).json().data;
    expect(skipped.skipped).toBe(true);
    const media = await mediaRow(skipped.audio.id);
    expect(media.removedAt).toBeNull();
    expect(stored(media.storageKey)).toBe(true);

    // Without keeping: the bytes go; a forced re-upload (number no longer listed) stores them again.
    await owner.call(projectRoutes.update, {
      params: { id: projectId },
      body: { keep_skipped_media: false },
    });
    const bytes = wavBytes(0.25, 777);
    const gone = (await upload(projectId, promptId, { phone: '+442079460958' }, { data: bytes })).json().data;
    expect(stored((await mediaRow(gone.audio.id)).storageKey)).toBe(false);
    const entries = (await owner.call(blacklistRoutes.list, { query: { project_id: projectId } })).json().data
      .data;
    await owner.call(blacklistRoutes.remove, { params: { id: entries[0].ID } });
    const again = await upload(projectId, promptId, { phone: '+442079460958' }, { data: bytes, force: true });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ restarted: true, audio: { id: gone.audio.id } });
    const back = await mediaRow(gone.audio.id);
    expect(back.removedAt).toBeNull();
    expect(stored(back.storageKey)).toBe(true);
  });

  it('skips in the transaction that records the analysis: a worker cut off right after leaves no task queued', async () => {
    const { projectId, promptId } = await newProject();
    await blacklist(projectId, '+1 555 987 6543');
    const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    const access = { project: project!, role: 'user' as const };
    const metadata = { ...META, Phone: '(555) 987-6543' };
    const input = { prompt_id: promptId, priority: DEFAULT_PRIORITY, metadata, force: false };
    const valid = await validateUpload(t.ctx, access, input);
    const staged = await stageFile(t.ctx, projectId, Readable.from(wavBytes(0.25, 4321)), {
      fileName: 'call.wav',
      declaredType: 'audio/wav',
      maxBytes: t.ctx.config.uploads.maxBytes,
    });

    await expect(ingest(cutOffAfterFirstCommit(t.ctx), access, null, valid, staged)).rejects.toThrow(CUT_OFF);
    const made = await t.ctx.db.select().from(tasks).where(eq(tasks.projectId, projectId));
    expect(made).toMatchObject([{ status: 'skipped', errorReason: taskError('blacklisted') }]);
    const taskId = made[0]!.id;
    expect(await t.ctx.boss.findJobs(QUEUES.analysis, { key: taskJobKey(taskId) })).toEqual([]);
    expect(await t.ctx.db.select().from(billingHolds).where(eq(billingHolds.taskId, taskId))).toEqual([]);
  });

  it("reads the project's phone field (any case); other fields are not checked", async () => {
    const { projectId, promptId } = await newProject({ phone_metadata_field: 'Caller Number' });
    const project = await owner.call(projectRoutes.get, { params: { id: projectId } });
    expect(project.json().data).toMatchObject({
      phone_metadata_field: 'Caller Number',
      keep_skipped_media: false,
    });
    await blacklist(projectId, '5551234567');
    const byPhone = (await upload(projectId, promptId, { phone: '5551234567' })).json().data;
    expect(byPhone.skipped).toBeUndefined();
    const byField = (await upload(projectId, promptId, { 'caller number': '+1 (555) 123-4567' })).json().data;
    expect(byField.skipped).toBe(true);
    // Blank resets to the default; only admins and owners change settings.
    const reset = await owner.call(projectRoutes.update, {
      params: { id: projectId },
      body: { phone_metadata_field: '  ' },
    });
    expect(reset.json().data.phone_metadata_field).toBeNull();
    const denied = await member.call(projectRoutes.update, {
      params: { id: projectId },
      body: { keep_skipped_media: true },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('blacklist enforcement at the start of processing', () => {
  it('skips a task whose number was listed after the upload: no provider call, no charge, media deleted', async () => {
    const { projectId, promptId } = await newProject();
    const response = await upload(projectId, promptId, { Phone: '+1 555 222 3333' });
    const { task_id: taskId, audio } = response.json().data;
    expect(await taskRow(taskId)).toMatchObject({ status: 'queued' });
    const before = await unitsLeft(projectId);
    await blacklist(projectId, '(555) 222-3333');

    expect(await runTask(t.ctx, taskId, { lastAttempt: false })).toBe('skipped');
    expect(await taskRow(taskId)).toMatchObject({
      status: 'skipped',
      errorReason: taskError('blacklisted'),
      attempts: 0,
      unitsChargedMilli: null,
    });
    expect(await charges(projectId)).toEqual([]);
    expect(await unitsLeft(projectId)).toBe(before);
    const media = await mediaRow(audio.id);
    expect(media.removedAt).not.toBeNull();
    expect(stored(media.storageKey)).toBe(false);
    // Running it again changes nothing.
    expect(await runTask(t.ctx, taskId, { lastAttempt: false })).toBe('already_done');
  });

  it('counts skipped rows of a batch as processed', async () => {
    const { projectId, promptId } = await newProject();
    await blacklist(projectId, '+1 555 444 0001');
    const csv = [
      'url,type,representative,department,phone',
      `http://127.0.0.1:${port}/calls/301.wav,call,Ann,Sales,555-444-0001`, // listed before the upload
      `http://127.0.0.1:${port}/calls/302.wav,call,Ann,Sales,555-444-0002`, // listed while it waits
    ].join('\n');
    const created = await member.call(batchRoutes.create, {
      params: { id: projectId },
      form: multipart([
        { name: 'prompt_id', value: String(promptId) },
        { name: 'file', filename: 'calls.csv', data: Buffer.from(csv) },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const batchId = created.json().data.batch_id;
    const deadline = Date.now() + 20_000;
    let items = await t.ctx.db.select().from(batchItems).where(eq(batchItems.batchId, batchId));
    while (items.some((item) => item.status === 'pending' || item.status === 'downloading')) {
      if (Date.now() > deadline) throw new Error('batch items did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
      items = await t.ctx.db.select().from(batchItems).where(eq(batchItems.batchId, batchId));
    }
    items.sort((a, b) => a.rowNumber - b.rowNumber);
    expect(await taskRow(items[0]!.taskId!)).toMatchObject({
      status: 'skipped',
      errorReason: taskError('blacklisted'),
    });
    expect(await taskRow(items[1]!.taskId!)).toMatchObject({ status: 'queued' });
    const [midway] = await t.ctx.db.select().from(uploadBatches).where(eq(uploadBatches.id, batchId));
    expect(midway).toMatchObject({ status: 'processing', processedItems: 1, failedItems: 0 });

    await blacklist(projectId, '+15554440002');
    expect(await runTask(t.ctx, items[1]!.taskId!, { lastAttempt: false })).toBe('skipped');
    const [done] = await t.ctx.db.select().from(uploadBatches).where(eq(uploadBatches.id, batchId));
    expect(done).toMatchObject({ status: 'completed', processedItems: 2, failedItems: 0 });
    const listed = await member.call(batchRoutes.items, { params: { id: projectId, batchId } });
    expect(
      listed
        .json()
        .data.items.map((item: { task_status: string; error: string }) => [item.task_status, item.error]),
    ).toEqual([
      ['skipped', SKIPPED_BLACKLISTED],
      ['skipped', SKIPPED_BLACKLISTED],
    ]);
    expect(await charges(projectId)).toEqual([]);
  });
});
