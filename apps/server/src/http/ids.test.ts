import { analysisRoutes, billingRoutes, blacklistRoutes, projectRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPrompt } from '../../test/uploads.ts';

// Issue 30, item 15: ids are decimal digits only. `0x10`, `1e0`, `01` and `1.0` all meant 1 or 16, and
// `DELETE …/prompts/0x10` deleted prompt 16.

let t: TestApp;
let owner: Client;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  projectId = await createProject(owner);
  // Prompt 16 exists (a fresh database numbers them from 1).
  for (let id = 0; id < 16; ) id = await createPrompt(owner, projectId);
});
afterAll(() => t?.close());

const prompts = () => `/api/projects/${projectId}/prompts`;

describe('an id in a path', () => {
  it('is refused unless it is decimal digits, and nothing is deleted: DELETE …/prompts/0x10', async () => {
    const response = await owner.request({ method: 'DELETE', url: `${prompts()}/0x10` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_error', field: 'promptId' });
    expect(response.json().error.message).toMatch(/^Prompt ID must be/);
    expect((await owner.request({ method: 'GET', url: `${prompts()}/16` })).statusCode).toBe(200);
  });

  it('never means another id: 1e0, 01, 1.0, +1 and 16.0 are not ids', async () => {
    for (const loose of ['1e0', '01', '1.0', '%2B1', '16.0', '0', '-1']) {
      const response = await owner.request({ method: 'GET', url: `${prompts()}/${loose}` });
      expect({ loose, status: response.statusCode }).toEqual({ loose, status: 400 });
    }
    expect((await owner.request({ method: 'GET', url: `${prompts()}/1` })).statusCode).toBe(200);
  });

  it("answers 400, not 500, beyond PostgreSQL's integer", async () => {
    for (const big of ['2147483648', '99999999999999999999']) {
      const response = await owner.request({ method: 'GET', url: `${prompts()}/${big}` });
      expect({ big, status: response.statusCode }).toEqual({ big, status: 400 });
    }
  });

  it('answers 404 for a project id that is not one (the access check runs before validation)', async () => {
    for (const loose of ['0x1', `0${projectId}`, `${projectId}.0`, '2147483648']) {
      const response = await owner.call(projectRoutes.get, { params: { id: loose } });
      expect({ loose, status: response.statusCode }).toEqual({ loose, status: 404 });
    }
  });
});

describe('an id in a query or a body', () => {
  it('is read the same way', async () => {
    const list = await owner.call(analysisRoutes.list, {
      params: { id: projectId },
      query: { prompt_id: '0x10' },
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().error.field).toBe('prompt_id');
    const topUp = await owner.call(billingRoutes.requestTopUp, {
      body: { project_id: 2147483648, amount: 10 },
    });
    expect(topUp.statusCode).toBe(400);
    expect(topUp.json().error.field).toBe('project_id');
    const blacklist = await owner.call(blacklistRoutes.list, { query: { project_id: `0${projectId}` } });
    expect(blacklist.statusCode).toBe(404);
  });
});
