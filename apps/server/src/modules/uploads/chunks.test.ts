import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uploadRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createPrompt, fund, META, multipart, wavBytes } from '../../../test/uploads.ts';
import { loadConfig } from '../../config.ts';
import { mediaFiles } from '../../db/schema/index.ts';
import { removeStaleUploads } from './chunks.ts';

const CHUNK = 16 * 1024;

let t: TestApp;
let dataDir: string;
let owner: Client;
let projectId: number;
let promptId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-chunks-'));
  const base = loadConfig({});
  t = await startTestApp({ uploads: { ...base.uploads, chunkSize: CHUNK } }, { DATA_DIR: dataDir });
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Chunks');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'P');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newUploadId = () => `up_${randomBytes(8).toString('hex')}`;
const setDir = (uploadId: string) => path.join(dataDir, 'uploads', String(projectId), uploadId);

function sendChunk(
  uploadId: string,
  index: number,
  total: number,
  data: Buffer,
  options: {
    fileFirst?: boolean;
    filename?: string;
    contentType?: string;
    extra?: Record<string, string>;
  } = {},
) {
  const fields = Object.entries({
    prompt_id: String(promptId),
    metadata: JSON.stringify(META),
    upload_id: uploadId,
    chunk_index: String(index),
    chunk_total: String(total),
    ...options.extra,
  }).map(([name, value]) => ({ name, value }));
  const file = {
    name: 'file',
    filename: options.filename ?? 'long-call.wav',
    contentType: options.contentType ?? 'audio/wav',
    data,
  };
  return owner.call(uploadRoutes.chunk, {
    params: { id: projectId },
    form: multipart(options.fileFirst ? [file, ...fields] : [...fields, file]),
  });
}

const split = (data: Buffer) =>
  Array.from({ length: Math.ceil(data.length / CHUNK) }, (_, i) => data.subarray(i * CHUNK, (i + 1) * CHUNK));

describe('chunked upload', () => {
  it('assembles three chunks in order into one file and queues it', async () => {
    const wav = wavBytes(2.2, 440); // ~35 KB: three chunks of 16 KB
    const chunks = split(wav);
    expect(chunks).toHaveLength(3);
    const uploadId = newUploadId();
    const first = await sendChunk(uploadId, 0, 3, chunks[0]!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { received: 1, total: 3 } });
    // A retried chunk replaces its earlier copy (here a broken one).
    expect((await sendChunk(uploadId, 1, 3, Buffer.alloc(chunks[1]!.length, 1))).json().data.received).toBe(
      2,
    );
    expect((await sendChunk(uploadId, 1, 3, chunks[1]!, { fileFirst: true })).json().data.received).toBe(2);
    const last = await sendChunk(uploadId, 2, 3, chunks[2]!);
    expect(last.statusCode, last.body).toBe(201);
    const { task_id: taskId, audio } = last.json().data;
    expect(last.json().message).toBe(`Upload successful! Task ID: ${taskId}`);
    const [media] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, audio.id));
    expect(media).toMatchObject({ fileName: 'long-call.wav', sizeBytes: wav.length, kind: 'audio' });
    expect(await readFile(path.join(dataDir, 'media', media!.storageKey))).toEqual(wav);
    // Parts are gone; a retried last chunk gets the same answer.
    expect((await readdir(setDir(uploadId))).sort()).toEqual(['done.json', 'meta.json']);
    const retried = await sendChunk(uploadId, 2, 3, chunks[2]!);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.task_id).toBe(taskId);
  });

  it('accepts chunks out of order when the last one comes last', async () => {
    const wav = wavBytes(2.2, 523);
    const chunks = split(wav);
    const uploadId = newUploadId();
    expect((await sendChunk(uploadId, 1, 3, chunks[1]!)).statusCode).toBe(200);
    expect((await sendChunk(uploadId, 0, 3, chunks[0]!)).statusCode).toBe(200);
    const last = await sendChunk(uploadId, 2, 3, chunks[2]!);
    expect(last.statusCode, last.body).toBe(201);
  });

  it('refuses a set that does not add up, and removes its parts', async () => {
    const wav = wavBytes(2.2, 600);
    const chunks = split(wav);

    const beyond = await sendChunk(newUploadId(), 3, 3, chunks[0]!);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error.message).toBe(
      'Chunk upload failed: chunk index 3 is not below the chunk total 3.',
    );

    const inconsistent = newUploadId();
    expect((await sendChunk(inconsistent, 0, 3, chunks[0]!)).statusCode).toBe(200);
    const changed = await sendChunk(inconsistent, 1, 4, chunks[1]!);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.message).toMatch(/says the upload has 4 chunks, earlier chunks said 3/);
    await expect(readdir(setDir(inconsistent))).rejects.toThrow();

    const gap = newUploadId();
    expect((await sendChunk(gap, 0, 3, chunks[0]!)).statusCode).toBe(200);
    const missing = await sendChunk(gap, 2, 3, chunks[2]!);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(
      'Chunk upload failed: chunk(s) 1 of 3 never arrived; please upload the file again.',
    );
    await expect(readdir(setDir(gap))).rejects.toThrow();
    expect(await readdir(path.join(dataDir, 'uploads', String(projectId), '.incoming'))).toEqual([]);
  });

  it('refuses a chunk above the chunk size, a bad upload id and a set that is not media', async () => {
    const big = await sendChunk(newUploadId(), 0, 2, randomBytes(CHUNK + 1));
    expect(big.statusCode).toBe(413);
    const badId = await sendChunk('../../etc', 0, 2, randomBytes(10));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toMatchObject({ field: 'upload_id', message: 'Upload ID is invalid.' });
    const pdf = newUploadId();
    expect((await sendChunk(pdf, 0, 2, Buffer.from('%PDF-1.4 ......'))).statusCode).toBe(200);
    const end = await sendChunk(pdf, 1, 2, Buffer.from('more'));
    expect(end.statusCode).toBe(400);
    expect(end.json().error.code).toBe('unsupported_file');
    await expect(readdir(setDir(pdf))).rejects.toThrow();
    const named = await sendChunk(newUploadId(), 0, 2, randomBytes(10), {
      filename: 'blob',
      contentType: 'application/octet-stream',
    });
    expect(named.json().error.code).toBe('unsupported_file');
    const byField = await sendChunk(newUploadId(), 0, 2, randomBytes(10), {
      filename: 'blob',
      contentType: 'application/octet-stream',
      extra: { file_name: 'call.mp3' },
    });
    expect(byField.statusCode).toBe(200);
  });

  it('sweeps sets untouched for a day', async () => {
    const stale = newUploadId();
    const fresh = newUploadId();
    expect((await sendChunk(stale, 0, 2, randomBytes(100))).statusCode).toBe(200);
    expect((await sendChunk(fresh, 0, 2, randomBytes(100))).statusCode).toBe(200);
    const past = new Date(Date.now() - 2 * 86_400_000);
    for (const name of await readdir(setDir(stale))) await utimes(path.join(setDir(stale), name), past, past);
    await utimes(setDir(stale), past, past);
    await removeStaleUploads(t.ctx.config, 86_400_000);
    await expect(readdir(setDir(stale))).rejects.toThrow();
    expect((await readdir(setDir(fresh))).sort()).toEqual(['0', 'meta.json']);
  });
});
