import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOAD_TEXTS, uploadRoutes } from '@parley/contracts';
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
import { createKey, keyClient } from '../../../test/settings.ts';
import { insertTextTask } from '../../../test/tasks.ts';
import { createPrompt, fund, META, multipart, type Part, wavBytes } from '../../../test/uploads.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { taskJobKey } from '../tasks/queue.ts';

let t: TestApp;
let dataDir: string;
let owner: Client;
let member: Client;
let projectId: number;
let promptId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-uploads-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  member = await signUp(t.app);
  projectId = await createProject(owner, 'Calls');
  await addMember(t, projectId, member, 'user');
  await usersSeeAll(t, projectId);
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'Sales QA');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const fieldsOf = (extra: Record<string, string> = {}, metadata: Record<string, string> = META): Part[] =>
  Object.entries({ prompt_id: String(promptId), metadata: JSON.stringify(metadata), ...extra }).map(
    ([name, value]) => ({ name, value }),
  );

async function upload(
  client: Pick<Client, 'call'>,
  file: { filename: string; data: Buffer; contentType?: string },
  options: {
    fields?: Record<string, string>;
    metadata?: Record<string, string>;
    fileFirst?: boolean;
    id?: number;
  } = {},
) {
  const fields = fieldsOf(options.fields, options.metadata);
  const filePart: Part = { name: 'file', ...file };
  const parts = options.fileFirst ? [filePart, ...fields] : [...fields, filePart];
  return client.call(uploadRoutes.file, { params: { id: options.id ?? projectId }, form: multipart(parts) });
}

const storedFiles = async () =>
  (await readdir(path.join(dataDir, 'media', 'projects', String(projectId))).catch(() => [])).sort();
const taskRow = async (id: number) => (await t.ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const jobsOf = (taskId: number) =>
  t.ctx.boss.findJobs<{ taskId: number }>(QUEUES.analysis, { key: taskJobKey(taskId) });

describe('single upload', () => {
  it('stores a WAV, records it, queues its analysis and answers the task id', async () => {
    const wav = wavBytes(0.5, 440);
    const response = await upload(
      member,
      { filename: 'call.wav', data: wav, contentType: 'audio/wav' },
      {
        fields: { priority: '0', scheduled_at: '2020-01-01T10:00:00Z' },
        metadata: { Department: 'Sales', Representative: ' Ann ', TITLE: 'First call', Region: 'EU' },
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    const taskId = body.data.task_id;
    expect(body.message).toBe(`Upload successful! Task ID: ${taskId}`);
    expect(body.data.audio.id).toBeGreaterThan(0);

    const task = await taskRow(taskId);
    expect(task).toMatchObject({
      projectId,
      mediaId: body.data.audio.id,
      promptId,
      createdBy: member.userId,
      status: 'queued',
      priority: 0,
      title: 'First call',
      representative: 'Ann',
      department: 'Sales',
      metadata: { Department: 'Sales', Representative: ' Ann ', TITLE: 'First call', Region: 'EU' },
    });
    expect(task.scheduledAt?.toISOString()).toBe('2020-01-01T10:00:00.000Z');
    const [media] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, body.data.audio.id));
    expect(media).toMatchObject({
      fileName: 'call.wav',
      kind: 'audio',
      contentType: 'audio/wav',
      sizeBytes: wav.length,
      sha256: createHash('sha256').update(wav).digest('hex'),
    });
    expect(media!.storageKey).toMatch(new RegExp(`^projects/${projectId}/[0-9a-f-]{36}\\.wav$`));
    expect(await readFile(path.join(dataDir, 'media', media!.storageKey))).toEqual(wav);

    const jobs = await jobsOf(taskId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      data: { taskId },
      priority: 2,
      state: 'created',
      singletonKey: `task-${taskId}`,
    });
  });

  it('takes the file before the fields too, and maps normal and low priority below high', async () => {
    const response = await upload(
      owner,
      { filename: 'late-fields.mp3', data: wavBytes(0.3, 300) },
      {
        fileFirst: true,
        fields: { priority: '2' },
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const taskId = response.json().data.task_id;
    expect((await jobsOf(taskId))[0]!.priority).toBe(0);
    expect((await taskRow(taskId)).priority).toBe(2);
    const normal = await upload(
      owner,
      { filename: 'normal.wav', data: wavBytes(0.3, 310) },
      {
        fields: { scheduled_at: '2099-05-01T08:00:00+02:00' },
      },
    );
    const [job] = await jobsOf(normal.json().data.task_id);
    expect(job!.priority).toBe(1);
    // A scheduled upload waits in the queue until its time.
    expect(job!.startAfter.toISOString()).toBe('2099-05-01T06:00:00.000Z');
  });

  it('accepts text conversations as kind text', async () => {
    const chat = Buffer.from(JSON.stringify([{ from: 'agent', text: 'Hello' }]));
    const response = await upload(member, {
      filename: 'chat.json',
      data: chat,
      contentType: 'application/json',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [media] = await t.ctx.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.id, response.json().data.audio.id));
    expect(media).toMatchObject({ kind: 'text', contentType: 'application/json' });
    const txt = await upload(member, {
      filename: 'chat.txt',
      data: Buffer.from('Agent: hi\nClient: hello\n'),
    });
    expect(txt.statusCode, txt.body).toBe(201);
  });

  it('refuses unsupported types and renamed files, keeping nothing', async () => {
    const before = await storedFiles();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
    for (const file of [
      { filename: 'notes.pdf', data: pdf, contentType: 'application/pdf' },
      { filename: 'renamed.mp3', data: pdf, contentType: 'audio/mpeg' },
      { filename: 'renamed.wav', data: Buffer.from('MZ\x90\x00 a program'), contentType: 'audio/wav' },
      { filename: 'binary.txt', data: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]) },
      { filename: 'not-json.json', data: Buffer.from('hello') },
      { filename: 'empty.wav', data: Buffer.alloc(0) },
    ]) {
      const response = await upload(member, file);
      expect({ file: file.filename, status: response.statusCode }).toEqual({
        file: file.filename,
        status: 400,
      });
      expect(response.json().error).toEqual({
        code: 'unsupported_file',
        message: UPLOAD_TEXTS.unsupportedFile,
      });
    }
    expect(await storedFiles()).toEqual(before);
    expect(await readdir(path.join(dataDir, 'media', '.tmp'))).toEqual([]);
  });

  it('requires the prompt, a prompt of this project and its metadata', async () => {
    const wav = wavBytes(0.2, 500);
    const missing = await upload(member, { filename: 'a.wav', data: wav }, { metadata: { Department: ' ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(
      'Please fill in the required metadata field(s): Department, Representative.',
    );
    const custom = await createPrompt(owner, projectId, 'With team', [
      'Department',
      'Representative',
      'Team',
    ]);
    const team = await upload(
      member,
      { filename: 'a.wav', data: wav },
      { fields: { prompt_id: String(custom) } },
    );
    expect(team.json().error.message).toBe('Please fill in the required metadata field(s): Team.');
    // File first: checked after reading, and the file is not kept.
    const late = await upload(member, { filename: 'a.wav', data: wav }, { fileFirst: true, metadata: {} });
    expect(late.statusCode).toBe(400);

    const otherProject = await createProject(owner, 'Other');
    const foreignPrompt = await createPrompt(owner, otherProject, 'Foreign');
    const foreign = await upload(
      member,
      { filename: 'a.wav', data: wav },
      { fields: { prompt_id: String(foreignPrompt) } },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('prompt_not_found');
    const none = await member.call(uploadRoutes.file, {
      params: { id: projectId },
      form: multipart([{ name: 'file', filename: 'a.wav', data: wav }]),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ field: 'prompt_id', message: 'Prompt ID is required.' });
    const noFile = await member.call(uploadRoutes.file, {
      params: { id: projectId },
      form: multipart(fieldsOf()),
    });
    expect(noFile.json().error).toEqual({ code: 'invalid_input', message: UPLOAD_TEXTS.invalidInput });
    const json = await member.call(uploadRoutes.file, {
      unchecked: true,
      params: { id: projectId },
      body: {},
    });
    expect(json.statusCode).toBe(400);
    const badMeta = await upload(member, { filename: 'a.wav', data: wav }, { fields: { metadata: '[1,2]' } });
    expect(badMeta.json().error).toMatchObject({
      field: 'metadata',
      message: 'Metadata must be a JSON object of names and values.',
    });
    expect(
      await t.ctx.db
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.sha256, createHash('sha256').update(wav).digest('hex'))),
    ).toEqual([]);
  });

  it('refuses with 402 when the balance cannot cover one unit', async () => {
    const poor = await createProject(owner, 'Poor');
    const prompt = await createPrompt(owner, poor, 'P');
    const response = await upload(
      owner,
      { filename: 'a.wav', data: wavBytes(0.2, 600) },
      {
        id: poor,
        fields: { prompt_id: String(prompt) },
      },
    );
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toEqual({
      code: 'insufficient_funds',
      message: UPLOAD_TEXTS.insufficientFunds,
    });
  });

  it('refuses a file above MAX_UPLOAD_BYTES with 413', async () => {
    const small = await startTestApp({}, { DATA_DIR: dataDir, MAX_UPLOAD_BYTES: '1000' });
    try {
      const admin = await signUp(small.app);
      const id = await createProject(admin, 'Small');
      await fund(small, id);
      const prompt = await createPrompt(admin, id, 'P', ['Department', 'Representative']);
      const response = await admin.call(uploadRoutes.file, {
        params: { id },
        form: multipart([
          { name: 'prompt_id', value: String(prompt) },
          { name: 'metadata', value: JSON.stringify(META) },
          { name: 'file', filename: 'big.wav', data: wavBytes(1) },
        ]),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('file_too_large');
    } finally {
      await small.close();
    }
  });
});

describe('duplicates', () => {
  it('answers in_progress, then duplicate, and restarts with force; the bytes are not kept twice', async () => {
    const wav = wavBytes(0.4, 700);
    const first = await upload(member, { filename: 'dup.wav', data: wav });
    const taskId = first.json().data.task_id;
    const files = await storedFiles();

    const again = await upload(member, { filename: 'dup-again.wav', data: wav });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      data: { in_progress: true, existing_task_id: taskId },
      message: UPLOAD_TEXTS.inProgressTitle,
      analysis_url: `/projects/${projectId}/analysis/${taskId}`,
    });

    // A running task is reset and queued again, with the new request's prompt and metadata.
    const other = await createPrompt(owner, projectId, 'Second opinion');
    await t.ctx.db
      .update(tasks)
      .set({ status: 'processing', stage: 'transcription', progress: 40 })
      .where(eq(tasks.id, taskId));
    const restart = await upload(
      member,
      { filename: 'dup.wav', data: wav },
      {
        fields: { force: 'true', prompt_id: String(other) },
      },
    );
    expect(restart.statusCode).toBe(201);
    expect(restart.json()).toMatchObject({
      data: { restarted: true, task_id: taskId },
      message: `Force reanalysis started! Task ID: ${taskId}`,
    });
    expect(await taskRow(taskId)).toMatchObject({
      status: 'queued',
      stage: null,
      progress: 0,
      promptId: other,
    });
    const jobs = await jobsOf(taskId);
    expect(jobs.map((job) => job.state).sort()).toEqual(['cancelled', 'created']);

    await t.ctx.db
      .update(tasks)
      .set({ status: 'completed', stage: 'done', progress: 100 })
      .where(eq(tasks.id, taskId));
    const duplicate = await upload(member, { filename: 'dup.wav', data: wav });
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.json()).toEqual({
      data: { duplicate: true, existing_task_id: taskId },
      message: 'File Already Analyzed',
      analysis_url: `/projects/${projectId}/analysis/${taskId}`,
    });

    // A finished analysis: force makes a new analysis of the same stored file.
    const forced = await upload(
      member,
      { filename: 'dup.wav', data: wav },
      { fileFirst: true, fields: { force: 'true' } },
    );
    expect(forced.statusCode).toBe(201);
    const newId = forced.json().data.task_id;
    expect(newId).not.toBe(taskId);
    expect(forced.json().message).toBe(`Force reanalysis started! Task ID: ${newId}`);
    expect((await taskRow(newId)).mediaId).toBe((await taskRow(taskId)).mediaId);
    expect(await storedFiles()).toEqual(files);

    // A failed analysis does not block a new upload of the same file.
    await t.ctx.db.update(tasks).set({ status: 'failed' }).where(eq(tasks.id, newId));
    const afterFailure = await upload(member, { filename: 'dup.wav', data: wav });
    expect(afterFailure.statusCode).toBe(201);
    expect(afterFailure.json().data.audio.id).toBe((await taskRow(taskId)).mediaId);
    expect(await storedFiles()).toEqual(files);
  });

  it("a media key never gets nor restarts an analysis it can't read: the same bytes are analysed anew", async () => {
    const wav = wavBytes(0.4, 720);
    const first = await upload(member, { filename: 'shared.wav', data: wav });
    const memberTask = first.json().data.task_id;
    const mediaKey = keyClient(t.app, (await createKey(owner, projectId, 'media')).key);

    const viaKey = await upload(mediaKey, { filename: 'shared.wav', data: wav });
    expect(viaKey.statusCode).toBe(201);
    const keyTask = viaKey.json().data.task_id;
    expect(keyTask).not.toBe(memberTask);
    expect((await taskRow(keyTask)).mediaId).toBe((await taskRow(memberTask)).mediaId);

    // Its own running analysis is a duplicate for the key; force restarts that one, not the member's.
    const again = await upload(mediaKey, { filename: 'shared.wav', data: wav });
    expect(again.json().data).toEqual({ in_progress: true, existing_task_id: keyTask });
    const forced = await upload(
      mediaKey,
      { filename: 'shared.wav', data: wav },
      { fields: { force: 'true' } },
    );
    expect(forced.json().data).toMatchObject({ restarted: true, task_id: keyTask });
    // The member (who sees every analysis) still gets the newest one as the duplicate.
    const byMember = await upload(member, { filename: 'shared.wav', data: wav });
    expect(byMember.json().data).toEqual({ in_progress: true, existing_task_id: keyTask });
  });

  it('treats the same bytes in another project as new', async () => {
    const wav = wavBytes(0.4, 710);
    expect((await upload(owner, { filename: 'x.wav', data: wav })).statusCode).toBe(201);
    const other = await createProject(owner, 'Twin');
    await fund(t, other);
    const prompt = await createPrompt(owner, other, 'P');
    const response = await upload(
      owner,
      { filename: 'x.wav', data: wav },
      { id: other, fields: { prompt_id: String(prompt) } },
    );
    expect(response.statusCode).toBe(201);
  });
});

describe('upload prompts', () => {
  it("lists the project's prompts with their required metadata for any member", async () => {
    const response = await member.call(uploadRoutes.prompts, { params: { id: projectId } });
    expect(response.statusCode).toBe(200);
    const prompts = response.json().data;
    expect(prompts).toContainEqual({
      id: promptId,
      name: 'Sales QA',
      project_id: projectId,
      metadataFields: ['Department', 'Representative'],
      last_analysis_at: expect.toBeOneOf([null, expect.any(String)]),
    });
    expect(prompts.every((p: { project_id: number }) => p.project_id === projectId)).toBe(true);
  });

  it("tells when each prompt's newest completed analysis was made (pages open on that prompt)", async () => {
    const project = await createProject(owner, 'Opening prompt');
    const older = await createPrompt(owner, project, 'Older with data');
    const newer = await createPrompt(owner, project, 'Newer without data');
    const unfinished = await createPrompt(owner, project, 'Only queued');
    const at = new Date('2026-03-04T05:06:07.000Z');
    const done = await insertTextTask(t, project, older, 'Rep: hello');
    await t.ctx.db.update(tasks).set({ status: 'completed', createdAt: at }).where(eq(tasks.id, done));
    await insertTextTask(t, project, unfinished, 'Rep: hi');
    const response = await owner.call(uploadRoutes.prompts, { params: { id: project } });
    const byId = new Map(
      response
        .json()
        .data.map((p: { id: number; last_analysis_at: string | null }) => [p.id, p.last_analysis_at]),
    );
    expect(Object.fromEntries(byId)).toEqual({
      [older]: '2026-03-04T05:06:07.000Z',
      [newer]: null,
      [unfinished]: null,
    });
  });
});
