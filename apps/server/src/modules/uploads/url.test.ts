import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOAD_TEXTS, uploadRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createPrompt, fund, META, wavBytes } from '../../../test/uploads.ts';
import { mediaFiles } from '../../db/schema/index.ts';

const MAX = 200_000;
const wav = wavBytes(0.5, 440);

let server: Server;
let port: number;
let dataDir: string;
let t: TestApp;
let owner: Client;
let projectId: number;
let promptId: number;
const open = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/call.wav':
        response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
        return response.end(wav);
      case '/download':
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename*=UTF-8''Kundengespr%C3%A4ch.wav`,
        });
        return response.end(wavBytes(0.5, 220));
      case '/redirect':
        response.writeHead(302, { location: '/call-2.wav' });
        return response.end();
      case '/call-2.wav':
        response.writeHead(200, { 'content-type': 'audio/wav' });
        return response.end(wavBytes(0.5, 330));
      case '/to-private':
        response.writeHead(302, { location: 'http://10.0.0.1/a.wav' });
        return response.end();
      case '/to-metadata':
        response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
        return response.end();
      case '/to-other-port':
        response.writeHead(301, { location: 'http://127.0.0.1:1/a.wav' });
        return response.end();
      case '/to-file':
        response.writeHead(302, { location: 'file:///etc/passwd' });
        return response.end();
      case '/loop':
        response.writeHead(302, { location: '/loop' });
        return response.end();
      case '/big':
        response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': MAX + 1 });
        return response.end(Buffer.alloc(MAX + 1));
      case '/big-chunked': {
        response.writeHead(200, { 'content-type': 'audio/wav' });
        response.write(wav.subarray(0, 44));
        for (let i = 0; i < 10; i += 1) response.write(Buffer.alloc(30_000));
        return response.end();
      }
      case '/slow':
        response.writeHead(200, { 'content-type': 'audio/wav' });
        response.write(wav.subarray(0, 100));
        open.add(response); // never ends
        return;
      case '/doc.pdf':
        response.writeHead(200, { 'content-type': 'application/pdf' });
        return response.end('%PDF-1.4 not audio');
      case '/renamed.mp3':
        response.writeHead(200, { 'content-type': 'audio/mpeg' });
        return response.end('%PDF-1.4 not audio');
      default:
        response.writeHead(404);
        return response.end('no');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-url-'));
  t = await startTestApp(
    {},
    {
      DATA_DIR: dataDir,
      URL_UPLOAD_ALLOW_HOSTS: `127.0.0.1:${port}`,
      MAX_UPLOAD_BYTES: String(MAX),
      URL_DOWNLOAD_TIMEOUT_MS: '800',
    },
  );
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Links');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'P');
});
afterAll(async () => {
  for (const response of open) response.destroy();
  await t.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const fromUrl = (url: string, extra: Record<string, unknown> = {}) =>
  owner.call(uploadRoutes.url, {
    params: { id: projectId },
    body: { url, prompt_id: promptId, metadata: META, ...extra },
  });
const local = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

describe('upload from a link', () => {
  it('downloads from an allowlisted server and queues the analysis', async () => {
    const response = await fromUrl(local('/call.wav'));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe(`Upload successful! Task ID: ${body.data.task_id}`);
    const [media] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, body.data.audio.id));
    expect(media).toMatchObject({
      fileName: 'call.wav',
      kind: 'audio',
      sizeBytes: wav.length,
      sourceUrl: local('/call.wav'),
    });
    const again = await fromUrl(local('/call.wav'));
    expect(again.json().data.in_progress).toBe(true);
  });

  it('follows redirects on the allowed host and names the file from Content-Disposition', async () => {
    expect((await fromUrl(local('/redirect'))).statusCode).toBe(201);
    const named = await fromUrl(local('/download'));
    expect(named.statusCode, named.body).toBe(201);
    const [media] = await t.ctx.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.id, named.json().data.audio.id));
    expect(media!.fileName).toBe('Kundengespräch.wav');
  });

  it('refuses redirects to private addresses, other ports and other schemes, and endless redirects', async () => {
    for (const [pathname, message] of [
      ['/to-private', /private or local network address \(10\.0\.0\.1\)/],
      ['/to-metadata', /private or local network address \(169\.254\.169\.254\)/],
      ['/to-other-port', /private or local network address \(127\.0\.0\.1\)/],
      ['/to-file', /only http and https are followed/],
    ] as const) {
      const response = await fromUrl(local(pathname));
      expect({ pathname, status: response.statusCode }).toEqual({ pathname, status: 400 });
      expect(response.json().error.code).toBe('url_not_allowed');
      expect(response.json().error.message).toMatch(message);
    }
    const loop = await fromUrl(local('/loop'));
    expect(loop.statusCode).toBe(502);
    expect(loop.json().error.message).toBe('The link redirects more than 5 times.');
  });

  it('refuses links to this machine and non-http schemes without the allowlist', async () => {
    for (const url of [
      `http://localhost:${port}/call.wav`,
      `http://[::1]:${port}/call.wav`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/a.wav',
      'file:///etc/passwd',
      'ftp://example.com/a.mp3',
      'javascript:alert(1)',
    ]) {
      const response = await fromUrl(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json().error.code).toBe('url_not_allowed');
    }
  });

  it('enforces the size limit, declared or not, and the time limit', async () => {
    const declared = await fromUrl(local('/big'));
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error.message).toBe(
      `The linked file is ${MAX + 1} bytes, more than the upload limit of ${MAX} bytes.`,
    );
    const streamed = await fromUrl(local('/big-chunked'));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.code).toBe('file_too_large');
    const started = Date.now();
    const slow = await fromUrl(local('/slow'));
    expect(slow.statusCode).toBe(504);
    expect(slow.json().error).toEqual({
      code: 'download_timeout',
      message: 'The download did not finish within 0.8 s.',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers the server errors and wrong types readably', async () => {
    const missing = await fromUrl(local('/nothing.wav'));
    expect(missing.statusCode).toBe(502);
    expect(missing.json().error).toEqual({
      code: 'download_failed',
      message: "The link's server answered 404 Not Found.",
    });
    const pdf = await fromUrl(local('/doc.pdf'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe(UPLOAD_TEXTS.unsupportedFile);
    const renamed = await fromUrl(local('/renamed.mp3'));
    expect(renamed.json().error.code).toBe('unsupported_file');
    const refused = await fromUrl(local('/call.wav'), { prompt_id: 999999 });
    expect(refused.json().error.code).toBe('prompt_not_found');
  });
});
