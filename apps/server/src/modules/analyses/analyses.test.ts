import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AnalysisMetrics,
  analysisRoutes,
  conversationMetrics,
  type StoredLva,
  taskError,
  uploadRoutes,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
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
import { insertPromptVersion } from '../../../test/prompt-versions.ts';
import { createPrompt, fund, META, multipart, wavBytes } from '../../../test/uploads.ts';
import {
  batchItems,
  mediaFiles,
  projects,
  tasks,
  unitBundles,
  uploadBatches,
} from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';

let t: TestApp;
let dataDir: string;
let owner: Client;
let user: Client;
let teamleader: Client;
let projectId: number;
let promptId: number;
let otherPromptId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-analyses-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  user = await signUp(t.app);
  teamleader = await signUp(t.app);
  projectId = await createProject(owner, 'Reads');
  await addMember(t, projectId, user, 'user');
  await usersSeeAll(t, projectId);
  await addMember(t, projectId, teamleader, 'teamleader');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'Sales QA');
  otherPromptId = await createPrompt(owner, projectId, 'Support QA');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

let tone = 200;
const nextTone = () => {
  tone += 7;
  return tone;
};
async function uploadOne(
  metadata: Record<string, string> = META,
  prompt = promptId,
  data = wavBytes(0.3, nextTone()),
) {
  const response = await user.call(uploadRoutes.file, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(prompt) },
      { name: 'metadata', value: JSON.stringify(metadata) },
      { name: 'file', filename: `call-${tone}.wav`, contentType: 'audio/wav', data },
    ]),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data as { task_id: number; audio: { id: number } };
}
const setTask = (id: number, values: Partial<typeof tasks.$inferInsert>) =>
  t.ctx.db.update(tasks).set(values).where(eq(tasks.id, id));
const get = (client: Client, url: string, headers: Record<string, string> = {}) =>
  client.request({ method: 'GET', url: `/api/projects/${projectId}${url}`, headers });

describe('analysis list', () => {
  let ids: number[];
  beforeAll(async () => {
    await t.ctx.db.update(projects).set({ timezone: 'Europe/Kyiv' }).where(eq(projects.id, projectId));
    const a = await uploadOne({ Department: 'Sales', Representative: 'Ann' });
    const b = await uploadOne({ Department: 'Support', Representative: 'Bob' }, otherPromptId);
    const c = await uploadOne({ Department: 'sales', Representative: 'Cid', Title: 'Refund request' });
    ids = [a.task_id, b.task_id, c.task_id];
    await setTask(a.task_id, {
      conversationAt: new Date('2026-03-01T22:30:00Z'), // 00:30 on 2 March in Kyiv (UTC+2)
      status: 'completed',
      finalScore: 80,
      result: { score: { mode: 'percent', score: 80 } },
      scoreMode: 'percent',
      title: 'Pricing call',
      transcriptText: 'The customer asked about the premium pricing plan',
    });
    await setTask(b.task_id, {
      conversationAt: new Date('2026-03-05T10:00:00Z'),
      status: 'failed',
      errorReason: taskError('other', { message: 'Transcription failed' }),
      finalScore: null,
    });
    await setTask(c.task_id, {
      conversationAt: new Date('2026-03-10T10:00:00Z'),
      status: 'completed',
      finalScore: 45.5,
      transcriptText: 'I want my money back, the refund never arrived',
    });
  });

  const list = async (query: string, client = user) => {
    const response = await get(client, `/analyses?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { items: Array<{ id: number } & Record<string, unknown>>; total: number };
  };

  it('pages newest first with the list fields', async () => {
    const page1 = await list('page=1&page_size=2&from=2026-03-01&to=2026-03-31');
    expect(page1.total).toBe(3);
    expect(page1.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    const page2 = await list('page=2&page_size=2&from=2026-03-01&to=2026-03-31');
    expect(page2.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(page2.items[0]).toMatchObject({
      title: 'Pricing call',
      representative: 'Ann',
      department: 'Sales',
      prompt_id: promptId,
      prompt_name: 'Sales QA',
      final_score: 80,
      score_mode: 'percent',
      status: 'completed',
      progress: 0,
      file_name: expect.stringMatching(/^call-\d+\.wav$/),
      duration_seconds: null,
    });
  });

  it('filters by days of the project time zone, prompt, people, status and score', async () => {
    expect((await list('from=2026-03-02&to=2026-03-02')).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await list('from=2026-03-01&to=2026-03-01')).total).toBe(0);
    expect((await list(`prompt_id=${otherPromptId}`)).items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await list('department=SALES&from=2026-03-01')).items.map((i) => i.id)).toEqual([ids[2], ids[0]]);
    expect((await list('representative=bob')).items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await list('status=failed')).items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await list('score_min=50')).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await list('score_min=40&score_max=50')).items.map((i) => i.id)).toEqual([ids[2]]);
  });

  it('searches titles and transcripts (web search syntax)', async () => {
    expect((await list('q=refund')).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await list('q=pricing')).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await list('q=premium plan')).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await list('q="plan premium"')).total).toBe(0);
    expect((await list('q=refund -money')).total).toBe(0);
    expect((await list('q=nothing-like-this')).total).toBe(0);
  });

  it('refuses invalid filters', async () => {
    expect((await get(user, '/analyses?status=lost')).statusCode).toBe(400);
    expect((await get(user, '/analyses?page_size=1000')).statusCode).toBe(400);
  });
});

describe('analysis detail and media', () => {
  it('shows task, media, prompt, transcript, result and charge', async () => {
    const { task_id: id, audio } = await uploadOne({ ...META, Title: 'Upsell' });
    const queued = (await get(user, `/analyses/${id}`)).json().data;
    expect(queued).toMatchObject({
      id,
      project_id: projectId,
      status: 'queued',
      stage: null,
      title: 'Upsell',
      metadata: { ...META, Title: 'Upsell' },
      units_charged: null,
      prompt: { id: promptId, name: 'Sales QA', source: 'current' },
      media: {
        id: audio.id,
        kind: 'audio',
        content_type: 'audio/wav',
        has_video: false,
        url: `/api/projects/${projectId}/analyses/${id}/media`,
      },
      transcript: null,
      result: null,
    });
    expect(queued.prompt.data.scriptName).toBe('Sales QA');

    const metrics = conversationMetrics(
      [
        { start: 0, end: 1.5, text: 'Hello', speaker: 'A' },
        { start: 1.5, end: 3, text: 'Hi there', speaker: null },
      ],
      3,
    );
    const lva: StoredLva = { status: 'not_configured', option: 'emlo' };
    await setTask(id, {
      status: 'completed',
      stage: 'done',
      progress: 100,
      promptVersionId: await insertPromptVersion(t.ctx.db, {
        projectId,
        promptId,
        data: { id: promptId, projectId, scriptName: 'Sales QA (as run)', content: [] },
        hash: 'as run',
      }),
      transcript: [
        { start: 0, end: 1.5, text: 'Hello', speaker: 'A' },
        { start_ms: 1500, end_ms: 3000, text: 'Hi there' },
      ],
      transcriptText: 'Hello\nHi there',
      result: { Summary: 'Greeting', 'Final Score': 7 },
      metrics,
      lva,
      finalScore: 7,
      unitsChargedMilli: 1250,
    });
    await t.ctx.db
      .update(mediaFiles)
      .set({ durationMs: 3000, channels: 1 })
      .where(eq(mediaFiles.id, audio.id));
    const done = (await get(user, `/analyses/${id}`)).json().data;
    expect(done).toMatchObject({
      status: 'completed',
      progress: 100,
      final_score: 7,
      units_charged: 1.25,
      prompt: { source: 'snapshot', name: 'Sales QA', data: { scriptName: 'Sales QA (as run)' } },
      transcript: [
        { start: 0, end: 1.5, text: 'Hello', speaker: 'A' },
        { start: 1.5, end: 3, text: 'Hi there', speaker: null },
      ],
      result: { Summary: 'Greeting', 'Final Score': 7 },
      metrics,
      lva,
      media: { duration_seconds: 3, channels: 1 },
    });

    // Stored metrics or voice analysis of another shape (older rows; no writer writes it) are left out
    // rather than passed on.
    await setTask(id, {
      metrics: { talk_ratio: 0.5 } as unknown as AnalysisMetrics,
      lva: { status: 'unknown' } as unknown as StoredLva,
    });
    expect((await get(user, `/analyses/${id}`)).json().data).toMatchObject({ metrics: null, lva: null });
    expect((await get(user, '/analyses/999999')).statusCode).toBe(404);
  });

  it('streams the media whole and by byte ranges', async () => {
    const data = wavBytes(0.3, 999);
    const { task_id: id } = await uploadOne(META, promptId, data);
    const whole = await get(user, `/analyses/${id}/media`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe(String(data.length));
    expect(whole.rawPayload).toEqual(data);

    const part = await get(user, `/analyses/${id}/media`, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${data.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload).toEqual(data.subarray(10, 20));

    const open = await get(user, `/analyses/${id}/media`, { range: `bytes=${data.length - 4}-` });
    expect(open.rawPayload).toEqual(data.subarray(data.length - 4));
    const suffix = await get(user, `/analyses/${id}/media`, { range: 'bytes=-6' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload).toEqual(data.subarray(data.length - 6));
    const clamped = await get(user, `/analyses/${id}/media`, { range: 'bytes=0-99999999' });
    expect(clamped.headers['content-range']).toBe(`bytes 0-${data.length - 1}/${data.length}`);

    const outside = await get(user, `/analyses/${id}/media`, { range: `bytes=${data.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${data.length}`);
    const several = await get(user, `/analyses/${id}/media`, { range: 'bytes=0-1,4-5' });
    expect(several.statusCode).toBe(200);
  });
});

describe('reanalysis', () => {
  it('analyses the same file again with another prompt', async () => {
    const { task_id: id, audio } = await uploadOne();
    await setTask(id, { status: 'completed' });
    const response = await user.call(analysisRoutes.reanalyze, {
      params: { id: projectId, taskId: id },
      body: { prompt_id: otherPromptId },
    });
    expect(response.statusCode, response.body).toBe(201);
    const newId = response.json().data.task_id;
    expect(response.json()).toMatchObject({
      data: { restarted: true, task_id: newId, audio: { id: audio.id } },
      message: `Force reanalysis started! Task ID: ${newId}`,
    });
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, newId));
    expect(row).toMatchObject({
      mediaId: audio.id,
      promptId: otherPromptId,
      status: 'queued',
      metadata: META,
    });
    expect(await t.ctx.boss.findJobs(QUEUES.analysis, { key: `task-${newId}` })).toHaveLength(1);

    const foreignProject = await createProject(owner, 'Foreign');
    const foreignPrompt = await createPrompt(owner, foreignProject, 'X');
    const foreign = await user.call(analysisRoutes.reanalyze, {
      params: { id: projectId, taskId: id },
      body: { prompt_id: foreignPrompt },
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('failed tasks', () => {
  it('are listed, retried and deleted by admins and owners only', async () => {
    const first = await uploadOne();
    const second = await uploadOne();
    const healthy = await uploadOne();
    await setTask(first.task_id, {
      status: 'failed',
      stage: 'transcription',
      errorReason: taskError('provider_failed', { message: 'Provider down' }),
      attempts: 5,
    });
    await setTask(second.task_id, {
      status: 'failed',
      stage: 'media',
      errorReason: taskError('media_no_audio'),
    });

    for (const client of [user, teamleader]) {
      expect((await get(client, '/failed-tasks')).statusCode).toBe(403);
      const retry = await client.call(analysisRoutes.retry, {
        params: { id: projectId },
        body: { task_ids: [first.task_id] },
      });
      expect(retry.statusCode).toBe(403);
      const del = await client.call(analysisRoutes.deleteFailed, {
        params: { id: projectId, taskId: first.task_id },
      });
      expect(del.statusCode).toBe(403);
    }

    // A bulk row whose link failed has no task: the list counts it and sends to the bulk upload page.
    const [batch] = await t.ctx.db
      .insert(uploadBatches)
      .values({ projectId, fileName: 'calls.csv', totalItems: 2 })
      .returning();
    await t.ctx.db.insert(batchItems).values([
      { batchId: batch!.id, rowNumber: 2, url: 'https://a.example/1.wav', type: 'call', status: 'failed' },
      { batchId: batch!.id, rowNumber: 3, url: 'https://a.example/2.wav', type: 'call', status: 'pending' },
    ]);

    const listed = (await get(owner, '/failed-tasks')).json().data;
    expect(listed.failed_batch_rows).toBe(1);
    const mine = listed.items.filter((item: { id: number }) =>
      [first.task_id, second.task_id].includes(item.id),
    );
    expect(mine).toHaveLength(2);
    expect(mine.find((item: { id: number }) => item.id === first.task_id)).toMatchObject({
      stage: 'transcription',
      error: 'Provider down',
      error_reason: { code: 'provider_failed', params: { message: 'Provider down' } },
      attempts: 5,
      prompt_name: 'Sales QA',
      file_name: expect.stringMatching(/\.wav$/),
    });
    // The English text as before codes, and the code for a text in the reader's language.
    expect(mine.find((item: { id: number }) => item.id === second.task_id)).toMatchObject({
      error: 'The file has no audio track.',
      error_reason: { code: 'media_no_audio', params: {} },
    });

    const retried = await owner.call(analysisRoutes.retry, {
      params: { id: projectId },
      body: { task_ids: [first.task_id, healthy.task_id, 999999] },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ data: { retried: 1 } });
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, first.task_id));
    // A retry resumes: the failed stage is kept, the error and attempts are cleared.
    expect(row).toMatchObject({ status: 'queued', stage: 'transcription', errorReason: null, attempts: 0 });
    const jobs = await t.ctx.boss.findJobs(QUEUES.analysis, { key: `task-${first.task_id}` });
    expect(jobs.filter((job) => job.state === 'created')).toHaveLength(1);

    // Deleting the only task of a file removes the file too.
    const [media] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, second.audio.id));
    const mediaRoot = path.join(dataDir, 'media');
    const stored = path.join(mediaRoot, media!.storageKey);
    expect(await readdir(path.dirname(stored))).toContain(path.basename(stored));
    expect(
      (await owner.call(analysisRoutes.deleteFailed, { params: { id: projectId, taskId: healthy.task_id } }))
        .statusCode,
    ).toBe(404);
    const deleted = await owner.call(analysisRoutes.deleteFailed, {
      params: { id: projectId, taskId: second.task_id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(tasks).where(eq(tasks.id, second.task_id))).toEqual([]);
    expect(await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, second.audio.id))).toEqual([]);
    expect(await readdir(path.dirname(stored))).not.toContain(path.basename(stored));
  });

  it('keeps a file another analysis still uses', async () => {
    const { task_id: id, audio } = await uploadOne();
    await setTask(id, { status: 'completed' });
    const again = await owner.call(analysisRoutes.reanalyze, {
      params: { id: projectId, taskId: id },
      body: { prompt_id: promptId },
    });
    const failedId = again.json().data.task_id;
    await setTask(failedId, { status: 'failed', errorReason: taskError('other', { message: 'x' }) });
    expect(
      (await owner.call(analysisRoutes.deleteFailed, { params: { id: projectId, taskId: failedId } }))
        .statusCode,
    ).toBe(200);
    expect(await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, audio.id))).toHaveLength(1);
    expect((await get(user, `/analyses/${id}/media`)).statusCode).toBe(200);
  });

  it('refuses a retry the balance cannot cover', async () => {
    const { task_id: id } = await uploadOne();
    await setTask(id, { status: 'failed', errorReason: taskError('other', { message: 'x' }) });
    await t.ctx.db.update(unitBundles).set({ leftMilli: 0 }).where(eq(unitBundles.projectId, projectId));
    try {
      const response = await owner.call(analysisRoutes.retry, {
        params: { id: projectId },
        body: { task_ids: [id] },
      });
      expect(response.statusCode).toBe(402);
      expect(response.json().error.code).toBe('insufficient_funds');
      const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, id));
      expect(row!.status).toBe('failed');
    } finally {
      await fund(t, projectId);
    }
  });
});
