import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { buildApp } from './app.ts';

let t: TestApp;
let webDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await startTestApp();
  webDir = await mkdtemp(path.join(tmpdir(), 'parley-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
  app = await buildApp(t.ctx, { webDir });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('serving the web app', () => {
  it('answers client-side routes with index.html and files as files', async () => {
    const page = await app.inject({ method: 'GET', url: '/projects/5/billing' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="root"');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.body).toBe('console.log(1)');
  });

  it('serves files of a rebuild without a restart', async () => {
    await writeFile(path.join(webDir, 'assets', 'app-2.js'), 'console.log(2)');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(asset.body).toBe('console.log(2)');
  });

  it('keeps /api answers JSON', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/health' });
    expect(missing.json().status).toBe('ok');
    const unknown = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(unknown.statusCode).toBe(401);
  });
});
