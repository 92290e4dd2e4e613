import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { healthRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/client.ts';
import { signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))})`;

let t: TestApp;
let webDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;

/** A built web app as Vite and the compression step leave it: hashed assets with .br and .gz beside them. */
async function fixtureDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, '.build-stamp'), 'abc123');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, 'assets', 'app-1.js'), SCRIPT);
  await writeFile(path.join(dir, 'assets', 'app-1.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dir, 'assets', 'app-1.js.gz'), gzipSync(SCRIPT));
  return dir;
}

beforeAll(async () => {
  t = await startTestApp();
  webDir = await fixtureDist();
  app = await buildApp(t.ctx, { webDir });
});
afterAll(async () => {
  await app.close();
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('pages', () => {
  it.each(['/', '/some/client/route', '/projects/5/billing', '/dashboard/', '/login?next=%2F'])(
    'GET %s answers index.html, revalidated on every load',
    async (url) => {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('id="root"');
    },
  );

  it.each(['/', '/some/client/route'])('HEAD %s answers like GET without a body', async (url) => {
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body).toBe('');
  });

  it('keeps /api answers JSON', async () => {
    const health = await callRoute(app, healthRoutes.check);
    expect(health.json().status).toBe('ok');
    const anonymous = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/json');
    const client = await signUp(app);
    const missing = await client.request({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('answers other methods outside /api with a JSON 404', async () => {
    const post = await app.inject({ method: 'POST', url: '/some/client/route' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });
});

describe('files', () => {
  it('sends hashed assets precompressed by Accept-Encoding, cached for a year', async () => {
    const url = '/assets/app-1.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const answer of [br, gzip, plain]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('javascript');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toContain('accept-encoding');
    }
  });

  it('revalidates unhashed files', async () => {
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/assets/app-1.js.map', '/assets/gone-2.js', '/robots.txt', '/.build-stamp'])(
    'answers a missing or hidden file %s with a 404, not the page',
    async (url) => {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
    },
  );

  it('serves files of a rebuild without a restart', async () => {
    await writeFile(path.join(webDir, 'assets', 'app-2.js'), 'console.log(2)');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(asset.body).toBe('console.log(2)');
  });
});
