import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SESSION_COOKIE } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { insertTextTask } from '../../test/tasks.ts';
import { createPrompt } from '../../test/uploads.ts';
import { tasks } from '../db/schema/index.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

let t: TestApp;
let dataDir: string;
let owner: Client;
let projectId: number;
let textTaskId: number;
let base: string;
/** A chat of about 6 KB: a compressible type, over the threshold, so only the route keeps it as it is. */
const CHAT = 'Agent: Hello, how can I help you today?\nCustomer: My order has not arrived yet.\n'.repeat(80);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-compression-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Compressed');
  const promptId = await createPrompt(owner, projectId, 'Sales QA');
  for (let i = 0; i < 40; i += 1) {
    const id = await insertTextTask(t, projectId, promptId, CHAT);
    await t.ctx.db
      .update(tasks)
      .set({
        status: 'completed',
        title: `Call ${i} about the delayed order`,
        representative: `Rep ${i % 7}`,
      })
      .where(eq(tasks.id, id));
    textTaskId = id;
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  owner.request({ method: 'GET', url, headers });

/** A real HTTP request (no client-side decoding): the status, headers and the raw bytes in their chunks. */
function fetchRaw(url: string, headers: Record<string, string>, stopAfterFirstChunk = false) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; chunks: Buffer[] }>(
    (resolve, reject) => {
      const request = http.get(
        `${base}${url}`,
        { headers: { cookie: `${SESSION_COOKIE}=${owner.cookie}`, ...headers } },
        (response) => {
          const chunks: Buffer[] = [];
          const done = () => resolve({ status: response.statusCode!, headers: response.headers, chunks });
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            if (stopAfterFirstChunk) {
              request.destroy();
              done();
            }
          });
          response.on('end', done);
        },
      );
      request.on('error', reject);
    },
  );
}

describe('API answers', () => {
  const listUrl = () => `/api/projects/${projectId}/analyses?page_size=50`;

  it('come compressed with brotli or gzip when the client accepts it, and decode to the same JSON', async () => {
    const plain = await get(listUrl());
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES * 4);

    // A browser's header: brotli is preferred.
    const br = await get(listUrl(), { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get(listUrl(), { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('under the threshold go as they are', async () => {
    const small = await get(`/api/projects/${projectId}`, { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.id).toBe(projectId);
  });
});

describe('never compressed', () => {
  it('media: a whole file keeps its length, a range its bytes (206)', async () => {
    const media = `/api/projects/${projectId}/analyses/${textTaskId}/media`;
    const whole = await get(media, { 'accept-encoding': 'br, gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(Buffer.byteLength(CHAT)));
    expect(whole.body).toBe(CHAT);

    const part = await get(media, { 'accept-encoding': 'br, gzip', range: 'bytes=100-2099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-2099/${Buffer.byteLength(CHAT)}`);
    expect(part.body).toBe(CHAT.slice(100, 2100));
  });

  it('the live event stream', async () => {
    const events = await fetchRaw(
      `/api/projects/${projectId}/analyses/events`,
      { 'accept-encoding': 'br, gzip' },
      true,
    );
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toContain('text/event-stream');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(Buffer.concat(events.chunks).toString()).toContain(': connected');
  });
});

describe('the analyses export', () => {
  it('streams compressed (chunked, no length known ahead) and decodes to the same file', async () => {
    const url = `/api/projects/${projectId}/analyses/export?format=csv`;
    const plain = await fetchRaw(url, {});
    expect(plain.status).toBe(200);
    const compressed = await fetchRaw(url, { 'accept-encoding': 'br' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['transfer-encoding']).toBe('chunked');
    expect(compressed.headers['content-length']).toBeUndefined();
    const csv = Buffer.concat(plain.chunks).toString();
    expect(csv.split('\n').length).toBeGreaterThan(40);
    expect(brotliDecompressSync(Buffer.concat(compressed.chunks)).toString()).toBe(csv);
  });
});
