import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoutes, TEXTS } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../../test/client.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { uploadCall } from '../../../test/settings.ts';
import { createPrompt, fund } from '../../../test/uploads.ts';

let t: TestApp;
let superAdmin: Client;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-projects-'));
  t = await startTestApp({}, { DATA_DIR: dataDir, DEEPGRAM_API_KEY: 'dg-projects-test' });
  superAdmin = await signUp(t.app); // the first account
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const storedFiles = async (projectId: number) =>
  readdir(path.join(dataDir, 'media', 'projects', String(projectId))).catch(() => []);

describe('projects', () => {
  it('creates a project with the defaults, trimmed, and makes the creator its owner', async () => {
    const owner = await signUp(t.app);
    const response = await owner.call(projectRoutes.create, {
      body: { name: '  Sales calls  ', description: ' Q3 ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Sales calls',
      description: 'Q3',
      role: 'Sales',
      timezone: 'UTC',
      my_role: 'owner',
    });
    const list = await owner.call(projectRoutes.list);
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Sales calls']);
  });

  it('validates name, role and timezone', async () => {
    const owner = await signUp(t.app);
    const blank = await owner.call(projectRoutes.create, { body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Project name is required');
    const role = await owner.call(projectRoutes.create, {
      unchecked: true,
      body: { name: 'x', role: 'Boss' },
    });
    expect(role.statusCode).toBe(400);
    const zone = await owner.call(projectRoutes.create, {
      unchecked: true,
      body: { name: 'x', timezone: 'Mars/Olympus' },
    });
    expect(zone.statusCode).toBe(400);
  });

  it('updates only the fields sent', async () => {
    const owner = await signUp(t.app);
    const id = (
      await owner.call(projectRoutes.create, { body: { name: 'A', description: 'keep me', role: 'Support' } })
    ).json().data.id;
    const updated = await owner.call(projectRoutes.update, {
      params: { id },
      body: { timezone: 'Europe/Kyiv' },
    });
    expect(updated.json().data).toMatchObject({
      name: 'A',
      description: 'keep me',
      role: 'Support',
      timezone: 'Europe/Kyiv',
    });
  });

  it('keeps a transcription provider and model the server can use, or null for the server default', async () => {
    const owner = await signUp(t.app);
    const id = await createProject(owner, 'Calls');
    const put = (transcription: unknown) =>
      owner.call(projectRoutes.update, { unchecked: true, params: { id }, body: { transcription } });
    expect((await owner.call(projectRoutes.get, { params: { id } })).json().data.transcription).toBeNull();

    const chosen = await put({ provider: 'deepgram', model: 'nova-2' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.transcription).toEqual({ provider: 'deepgram', model: 'nova-2' });

    // No key for AssemblyAI or OpenAI on this server; Deepgram has no nova-9.
    for (const refused of [
      { provider: 'assemblyai', model: 'universal' },
      { provider: 'openai', model: 'whisper-1' },
      { provider: 'deepgram', model: 'nova-9' },
    ]) {
      const response = await put(refused);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'transcription_unavailable' });
    }
    expect((await put({ provider: 'azure', model: 'x' })).statusCode).toBe(400);
    expect((await owner.call(projectRoutes.get, { params: { id } })).json().data.transcription).toEqual({
      provider: 'deepgram',
      model: 'nova-2',
    });

    const reset = await put(null);
    expect(reset.json().data.transcription).toBeNull();
  });

  it('keeps the representative channel of stereo calls: left by default, admins change it', async () => {
    const owner = await signUp(t.app);
    const id = await createProject(owner, 'Stereo');
    const member = await signUp(t.app);
    await addMember(t, id, member, 'user');
    const read = async () =>
      (await member.call(projectRoutes.get, { params: { id } })).json().data.representative_channel;
    const put = (client: Client, channel: unknown) =>
      client.call(projectRoutes.update, {
        unchecked: true,
        params: { id },
        body: { representative_channel: channel },
      });
    expect(await read()).toBe('left');
    expect((await put(member, 'right')).statusCode).toBe(403);
    const right = await put(owner, 'right');
    expect(right.statusCode).toBe(200);
    expect(right.json().data.representative_channel).toBe('right');
    expect(await read()).toBe('right');
    expect((await put(owner, 'centre')).statusCode).toBe(400);
    expect(await read()).toBe('right');
  });

  it('lets members read, admins edit, and only owners delete', async () => {
    const owner = await signUp(t.app);
    const id = await createProject(owner, 'Team');
    const member = await signUp(t.app);
    const admin = await signUp(t.app);
    await addMember(t, id, member, 'teamleader');
    await addMember(t, id, admin, 'admin');

    const read = await member.call(projectRoutes.get, { params: { id } });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.my_role).toBe('teamleader');
    const memberEdit = await member.call(projectRoutes.update, { params: { id }, body: { name: 'x' } });
    expect(memberEdit.statusCode).toBe(403);
    const adminEdit = await admin.call(projectRoutes.update, { params: { id }, body: { name: 'Renamed' } });
    expect(adminEdit.statusCode).toBe(200);
    expect((await admin.call(projectRoutes.remove, { params: { id } })).statusCode).toBe(403);
    const unconfirmed = await owner.call(projectRoutes.remove, { params: { id } });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.code).toBe('confirmation_mismatch');
    const wrong = await owner.call(projectRoutes.remove, {
      params: { id },
      body: { confirm_name: 'Renamed!' },
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await owner.call(projectRoutes.remove, {
      params: { id },
      body: { confirm_name: ' Renamed ' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await owner.call(projectRoutes.get, { params: { id } })).statusCode).toBe(404);
  });

  it('deleting a project removes its stored recordings too', async () => {
    const owner = await signUp(t.app);
    const id = await createProject(owner, 'Recorded');
    const kept = await createProject(owner, 'Kept');
    for (const projectId of [id, kept]) {
      await fund(t, projectId);
      const promptId = await createPrompt(owner, projectId, 'QA');
      await uploadCall(owner, projectId, promptId, { Department: 'Sales', Representative: 'Ann' });
      await uploadCall(owner, projectId, promptId, { Department: 'Sales', Representative: 'Bob' });
    }
    expect(await storedFiles(id)).toHaveLength(2);
    const deleted = await owner.call(projectRoutes.remove, {
      params: { id },
      body: { confirm_name: 'Recorded' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storedFiles(id)).toEqual([]);
    expect(await storedFiles(kept)).toHaveLength(2);
  });

  it("hides other users' projects: 404 with the guard's text, never listed", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const id = await createProject(owner, 'Secret');
    for (const { method, by } of [
      prepare(projectRoutes.get, { params: { id } }),
      prepare(projectRoutes.update, { params: { id }, body: { name: 'hijack' } }),
      prepare(projectRoutes.remove, { params: { id } }),
    ]) {
      const response = await by(stranger);
      expect({ method, status: response.statusCode }).toEqual({ method, status: 404 });
      expect(response.json().error.message).toBe(TEXTS.guard.notFound);
    }
    const missing = await stranger.call(projectRoutes.get, { params: { id: 999999 } });
    expect(missing.json().error.message).toBe(TEXTS.guard.notFound);
    expect((await stranger.call(projectRoutes.list)).json().data).toEqual([]);
    expect((await owner.call(projectRoutes.get, { params: { id } })).json().data.name).toBe('Secret');
  });

  it('gives the super admin admin access to any project', async () => {
    const owner = await signUp(t.app);
    const id = await createProject(owner, 'Watched');
    const response = await superAdmin.call(projectRoutes.get, { params: { id } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.my_role).toBe('admin');
  });
});
