import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createPrompt, fund, META, wavBytes } from '../../../test/uploads.ts';

let t: TestApp;
let dataDir: string;
let owner: Client;
let stranger: Client;
let projectId: number;
let promptId: number;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-http-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'HTTP');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'P');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close(); // would hang on a connection stalled by an unread body
  await rm(dataDir, { recursive: true, force: true });
});

const big = Buffer.concat([wavBytes(0.1), Buffer.alloc(40 * 1024 * 1024)]);

function send(client: Client, fields: Record<string, string>, fileName = 'big.wav', type = 'audio/wav') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([big], { type }), fileName);
  return fetch(`${base}/api/projects/${projectId}/uploads`, {
    method: 'POST',
    body: form,
    headers: { cookie: `${SESSION_COOKIE}=${client.cookie}` },
  });
}

describe('uploads over HTTP', () => {
  it('answers refusals before the body is read, and the server stays usable', async () => {
    const wrongPrompt = await send(owner, { prompt_id: '999999', metadata: JSON.stringify(META) });
    expect(wrongPrompt.status).toBe(400);
    expect(wrongPrompt.headers.get('connection')).toBe('close');
    expect(((await wrongPrompt.json()) as { error: { code: string } }).error.code).toBe('prompt_not_found');

    const wrongType = await send(
      owner,
      { prompt_id: String(promptId), metadata: JSON.stringify(META) },
      'big.pdf',
      'application/pdf',
    );
    expect(wrongType.status).toBe(400);

    const notMember = await send(stranger, { prompt_id: String(promptId) });
    expect(notMember.status).toBe(404);

    const anonymous = await fetch(`${base}/api/projects/${projectId}/uploads`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(anonymous.status).toBe(401);

    const ok = await send(owner, { prompt_id: String(promptId), metadata: JSON.stringify(META) });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('connection')).not.toBe('close');
  });
});
