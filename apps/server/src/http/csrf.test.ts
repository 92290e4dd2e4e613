import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { createKey, keyClient } from '../../test/settings.ts';
import { apiKeys } from '../db/schema/index.ts';

let t: TestApp;
let owner: Client;
let projectId: number;

beforeAll(async () => {
  // PUBLIC_URL is http://parley.test; app.inject's Host is localhost:80.
  t = await startTestApp();
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'CSRF');
});
afterAll(async () => {
  await t?.close();
});

const isRevoked = async (keyId: number) =>
  (await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, keyId)))[0]!.revokedAt !== null;

/** A cookie-authenticated revoke of a fresh key with these browser headers. */
async function revokeWith(headers: Record<string, string>) {
  const { id } = await createKey(owner, projectId);
  const response = await owner.request({
    method: 'POST',
    url: `/api/projects/${projectId}/api-keys/${id}/revoke`,
    headers,
  });
  return { response, revoked: await isRevoked(id) };
}

describe('state-changing requests from another origin', () => {
  it.each([
    ['a page on another port of the same host', { origin: 'http://localhost:9999' }],
    ['another site', { origin: 'https://evil.example' }],
    ['an opaque origin (sandboxed page)', { origin: 'null' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    [
      'a same-site page of another origin',
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:9999' },
    ],
    [
      'another origin even when Origin is forged to match',
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' },
    ],
  ])('are refused with 403 cross_origin when cookie-authenticated: %s', async (_from, headers) => {
    const { response, revoked } = await revokeWith(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_origin');
    expect(response.json().error.message).toMatch(/another (web)?site/i);
    expect(revoked).toBe(false);
  });

  it.each([
    ['the serving host', { origin: 'http://localhost' }],
    ['PUBLIC_URL behind a proxy', { origin: 'http://parley.test' }],
    ['a same-origin fetch', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }],
    ['a user-initiated request', { 'sec-fetch-site': 'none' }],
    ['a program without browser headers', {}],
  ])('are served when they come from %s', async (_from, headers) => {
    const { response, revoked } = await revokeWith(headers);
    expect(response.statusCode).toBe(200);
    expect(revoked).toBe(true);
  });

  it('are served when authenticated with a Bearer API key', async () => {
    const { key } = await createKey(owner, projectId);
    const response = await keyClient(t.app, key).request({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Renamed by a program' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('leave safe methods alone', async () => {
    const response = await owner.request({
      method: 'GET',
      url: `/api/projects/${projectId}/api-keys`,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('also keep a cross-site page from signing someone in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: owner.email, password: 'correct horse' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_origin');
  });
});
