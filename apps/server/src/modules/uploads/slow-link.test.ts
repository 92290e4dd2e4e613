import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE, uploadRoutes } from '@parley/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { waitUntil } from '../../../test/tasks.ts';
import { createPrompt, fund, META, uploadBatch, wavBytes } from '../../../test/uploads.ts';
import { batchItems, mediaFiles, tasks } from '../../db/schema/index.ts';
import { processBatchItem } from '../batches/jobs.ts';

/** The rate the app enforces here: at least 1,000 bytes in every 2 s. */
const MIN_BYTES = 1000;
const WINDOW_MS = 2000;
const TOO_SLOW = 'The link sent its file too slowly: less than 1000 bytes arrived in 2 s.';

let server: Server;
let port: number;
let dataDir: string;
let t: TestApp;
let base: string;
let owner: Client;
let projectId: number;
let promptId: number;
/** Called when a request for the path arrives, and when its connection closes. */
const arrivals = new Map<string, () => void>();
const closes = new Map<string, () => void>();
const nextArrival = (pathname: string) => new Promise<void>((resolve) => arrivals.set(pathname, resolve));
const nextClose = (pathname: string) => new Promise<void>((resolve) => closes.set(pathname, resolve));

beforeAll(async () => {
  server = createServer((request, response) => {
    const pathname = request.url ?? '/';
    arrivals.get(pathname)?.();
    let timer: NodeJS.Timeout | undefined;
    response.on('close', () => {
      clearInterval(timer);
      closes.get(pathname)?.();
    });
    switch (pathname) {
      case '/trickle.wav': // a WAV header, then 1 byte a second, never ending
        response.writeHead(200, { 'content-type': 'audio/wav' });
        response.write(wavBytes(0.1).subarray(0, 44));
        timer = setInterval(() => response.write(Buffer.alloc(1)), 1000);
        return;
      case '/steady.wav': // 80 KB a second, never ending: fast enough, only its client can stop it
        response.writeHead(200, { 'content-type': 'audio/wav' });
        response.write(wavBytes(0.1).subarray(0, 44));
        timer = setInterval(() => response.write(Buffer.alloc(8192)), 100);
        return;
      case '/silent.wav': // never answers
        return;
      default:
        response.writeHead(404);
        response.end('no');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-slow-link-'));
  t = await startTestApp(
    {},
    {
      DATA_DIR: dataDir,
      URL_UPLOAD_ALLOW_HOSTS: `127.0.0.1:${port}`,
      URL_DOWNLOAD_MIN_BYTES: String(MIN_BYTES),
      URL_DOWNLOAD_RATE_WINDOW_MS: String(WINDOW_MS),
    },
  );
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Slow links');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'P');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const local = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;
const fromUrl = (url: string) =>
  owner.call(uploadRoutes.url, {
    params: { id: projectId },
    body: { url, prompt_id: promptId, metadata: META },
  });
/** Files being written to storage that are not complete yet. */
const partialFiles = () => readdir(path.join(dataDir, 'media', '.tmp')).catch(() => [] as string[]);
const rowsOf = async (table: typeof tasks | typeof mediaFiles) =>
  (await t.ctx.db.select({ n: count() }).from(table).where(eq(table.projectId, projectId)))[0]!.n;

describe('link downloads that stall the server', () => {
  it('stop when the client closes its upload request: the partial file is removed, nothing is created', async () => {
    const arrived = nextArrival('/steady.wav');
    const closed = nextClose('/steady.wav');
    const client = new AbortController();
    const upload = fetch(`${base}/api/projects/${projectId}/uploads/url`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${owner.cookie}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: local('/steady.wav'), prompt_id: promptId, metadata: META }),
      signal: client.signal,
    }).catch((error: Error) => error);
    await arrived;
    await waitUntil(partialFiles, (files) => files.length > 0, 10_000);
    client.abort();
    expect(await upload).toMatchObject({ name: 'AbortError' });

    // Without the abort the link would stream for the whole time limit (600 s).
    await closed;
    await waitUntil(partialFiles, (files) => files.length === 0, 10_000);
    expect(await rowsOf(mediaFiles)).toBe(0);
    expect(await rowsOf(tasks)).toBe(0);
    expect(t.logs.filter((line) => line.msg === 'Request failed')).toEqual([]);
  });

  it('fail a link that sends too slowly, long before the time limit', async () => {
    const closed = nextClose('/trickle.wav');
    const response = await fromUrl(local('/trickle.wav'));
    expect(response.statusCode).toBe(504);
    expect(response.json().error).toEqual({ code: 'download_too_slow', message: TOO_SLOW });
    await closed;
    await waitUntil(partialFiles, (files) => files.length === 0, 10_000);
    expect(await rowsOf(mediaFiles)).toBe(0);
  });

  it('fail a link whose server does not answer within the window', async () => {
    const response = await fromUrl(local('/silent.wav'));
    expect(response.statusCode).toBe(504);
    expect(response.json().error).toEqual({ code: 'download_too_slow', message: TOO_SLOW });
  });

  it('fail a bulk row whose link sends too slowly, with the reason on the row', async () => {
    const batchId = await uploadBatch(owner, projectId, promptId, [local('/trickle.wav')]);
    const [item] = await t.ctx.db.select().from(batchItems).where(eq(batchItems.batchId, batchId));
    await processBatchItem(t.ctx, item!.id, { lastAttempt: true });
    const [row] = await t.ctx.db.select().from(batchItems).where(eq(batchItems.id, item!.id));
    expect(row).toMatchObject({ status: 'failed', error: TOO_SLOW, taskId: null });
  });
});
