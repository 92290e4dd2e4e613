import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { healthRoutes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';

let t: TestApp;
let web: FastifyInstance;
let https: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp();
  const webDir = await mkdtemp(path.join(tmpdir(), 'parley-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'assets', 'index-Abc123.js'), 'console.log(1);');
  web = await buildApp(t.ctx, { webDir });
  https = await buildApp(
    { ...t.ctx, config: { ...t.ctx.config, publicUrl: 'https://parley.example.com' } },
    { webDir: null },
  );
});
afterAll(async () => {
  await web?.close();
  await https?.close();
  await t?.close();
});

/** The directives of a Content-Security-Policy header by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it.each([
    ['a page of the web app', 'GET', '/login'],
    ['an API answer', 'GET', '/api/health'],
    ['an API error', 'GET', '/api/projects'],
    ['an unknown API route', 'POST', '/api/nothing-here'],
  ] as const)('are on %s', async (_what, method, url) => {
    const response = await web.inject({ method, url });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it("are on the app's hashed files too, narrowed to what applies to a file", async () => {
    const response = await web.inject({ method: 'GET', url: '/assets/index-Abc123.js' });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-xss-protection']).toBeUndefined();
  });

  it('ask for HTTPS only when PUBLIC_URL is https', async () => {
    const response = await callRoute(https, healthRoutes.check);
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });

  it('let the API docs load their own scripts and the OpenAPI document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>/);
    expect(directives(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().openapi).toMatch(/^3\./);
  });
});
