import { type PromptField, type PromptVersionSummary, promptRoutes, TEXTS } from '@parley/contracts';
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
import { createKey, keyClient } from '../../../test/settings.ts';

let t: TestApp;
let owner: Client;
let projectId: number;
const members: Record<'user' | 'teamleader' | 'admin', Client> = {} as never;

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin, so the accounts below are ordinary
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Versions');
  for (const role of ['user', 'teamleader', 'admin'] as const) {
    members[role] = await signUp(t.app);
    await addMember(t, projectId, members[role], role);
  }
});
afterAll(() => t.close());

const greeting = (explanation: string): PromptField[] => [
  { key: 'Greeting', type: 'ok', explanation, includeInScore: true },
];

async function newPrompt(name: string, explanation = 'Said hello?'): Promise<number> {
  const response = await owner.call(promptRoutes.create, {
    params: { id: projectId },
    body: { scriptName: name, content: greeting(explanation) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function versions(promptId: number, client: Client = owner): Promise<PromptVersionSummary[]> {
  const response = await client.call(promptRoutes.listVersions, { params: { id: projectId, promptId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const explanationOf = (content: PromptField[]) => content.find((f) => f.key === 'Greeting')?.explanation;

async function saveDraft(promptId: number, name: string, explanation: string, client: Client = owner) {
  return client.call(promptRoutes.saveDraft, {
    params: { id: projectId, promptId },
    body: { scriptName: name, content: greeting(explanation) },
  });
}

describe('prompt versions', () => {
  it('numbers every saved change, with its author; an unchanged save makes no version', async () => {
    const promptId = await newPrompt('Numbered');
    const save = (explanation: string) =>
      owner.call(promptRoutes.update, {
        params: { id: projectId, promptId },
        body: { scriptName: 'Numbered', content: greeting(explanation) },
      });
    expect((await save('Greets by name?')).statusCode).toBe(200);
    expect((await save('Greets by name?')).statusCode).toBe(200);
    const list = await versions(promptId);
    expect(list.map((v) => [v.number, v.state])).toEqual([
      [2, 'published'],
      [1, 'superseded'],
    ]);
    expect(list[0]!.author).toEqual({ user_id: owner.userId, name: expect.any(String), api_key: null });
    expect(list[0]!.published_at).not.toBeNull();

    const one = await owner.call(promptRoutes.getVersion, {
      params: { id: projectId, promptId, versionId: list[1]!.id },
    });
    expect(one.statusCode).toBe(200);
    expect(explanationOf(one.json().data.prompt.content)).toBe('Said hello?');
  });

  it('keeps a draft beside the published version until it is published; editing edits the draft', async () => {
    const promptId = await newPrompt('Drafted');
    const first = await saveDraft(promptId, 'Drafted', 'Draft one');
    expect(first.statusCode, first.body).toBe(200);
    const again = await saveDraft(promptId, 'Drafted', 'Draft two');
    expect(again.json().data).toMatchObject({ id: first.json().data.id, number: 2, state: 'draft' });
    expect(explanationOf(again.json().data.prompt.content)).toBe('Draft two');

    // The prompt itself (what analyses use) is still the published version.
    const prompt = await owner.call(promptRoutes.get, { params: { id: projectId, promptId } });
    expect(explanationOf(prompt.json().data.content)).toBe('Said hello?');
    expect((await versions(promptId)).map((v) => [v.number, v.state])).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);

    const published = await members.admin.call(promptRoutes.publishVersion, {
      params: { id: projectId, promptId, versionId: first.json().data.id },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ number: 2, state: 'published' });
    expect(published.json().data.author.user_id).toBe(members.admin.userId);
    const after = await owner.call(promptRoutes.get, { params: { id: projectId, promptId } });
    expect(explanationOf(after.json().data.content)).toBe('Draft two');
    expect((await versions(promptId)).map((v) => v.state)).toEqual(['published', 'superseded']);

    const twice = await owner.call(promptRoutes.publishVersion, {
      params: { id: projectId, promptId, versionId: first.json().data.id },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('version_not_draft');
  });

  it('a save while a draft exists publishes what was edited as that draft', async () => {
    const promptId = await newPrompt('Saved over');
    await saveDraft(promptId, 'Saved over', 'In the draft');
    const saved = await owner.call(promptRoutes.update, {
      params: { id: projectId, promptId },
      body: { scriptName: 'Saved over', content: greeting('Saved') },
    });
    expect(saved.statusCode).toBe(200);
    const list = await versions(promptId);
    expect(list.map((v) => [v.number, v.state])).toEqual([
      [2, 'published'],
      [1, 'superseded'],
    ]);
  });

  it('restores an old version as a new draft, once at a time; a draft can be discarded', async () => {
    const promptId = await newPrompt('Restored', 'Old wording');
    await owner.call(promptRoutes.update, {
      params: { id: projectId, promptId },
      body: { scriptName: 'Restored', content: greeting('New wording') },
    });
    const [, oldest] = await versions(promptId);
    const restored = await owner.call(promptRoutes.restoreVersion, {
      params: { id: projectId, promptId, versionId: oldest!.id },
    });
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json().data).toMatchObject({ number: 3, state: 'draft' });
    expect(explanationOf(restored.json().data.prompt.content)).toBe('Old wording');

    const second = await owner.call(promptRoutes.restoreVersion, {
      params: { id: projectId, promptId, versionId: oldest!.id },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('draft_exists');

    const discarded = await owner.call(promptRoutes.discardDraft, { params: { id: projectId, promptId } });
    expect(discarded.statusCode).toBe(200);
    expect((await versions(promptId)).map((v) => v.state)).toEqual(['published', 'superseded']);
    const none = await owner.call(promptRoutes.discardDraft, { params: { id: projectId, promptId } });
    expect(none.statusCode).toBe(404);
  });

  it('checks a draft as a save is: the name cannot change', async () => {
    const promptId = await newPrompt('Checked');
    const renamed = await saveDraft(promptId, 'Other name', 'x');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.code).toBe('prompt_name_immutable');
  });

  it('records the API key a version was saved with', async () => {
    const promptId = await newPrompt('By key');
    const { key } = await createKey(owner, projectId, 'full', 'CI sync');
    const client = keyClient(t.app, key);
    const response = await client.call(promptRoutes.saveDraft, {
      params: { id: projectId, promptId },
      body: { scriptName: 'By key', content: greeting('From CI') },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.author).toMatchObject({ user_id: owner.userId, api_key: 'CI sync' });
    const listed = await client.call(promptRoutes.listVersions, { params: { id: projectId, promptId } });
    expect(listed.statusCode).toBe(200);
  });
});

describe('who may read and change versions', () => {
  let promptId: number;
  let versionId: number;

  beforeAll(async () => {
    promptId = await newPrompt('Access');
    versionId = (await versions(promptId))[0]!.id;
  });

  it('lets every member read the versions', async () => {
    for (const client of Object.values(members)) {
      expect((await versions(promptId, client)).length).toBe(1);
      const one = await client.call(promptRoutes.getVersion, {
        params: { id: projectId, promptId, versionId },
      });
      expect(one.statusCode).toBe(200);
    }
  });

  it('answers 403 to users and team leaders on drafts, publishing, restoring and discarding', async () => {
    const params = { id: projectId, promptId };
    const writes = [
      prepare(promptRoutes.saveDraft, { params, body: { scriptName: 'Access' } }),
      prepare(promptRoutes.discardDraft, { params }),
      prepare(promptRoutes.publishVersion, { params: { ...params, versionId } }),
      prepare(promptRoutes.restoreVersion, { params: { ...params, versionId } }),
    ];
    for (const role of ['user', 'teamleader'] as const) {
      for (const write of writes) {
        const response = await write.by(members[role]);
        expect({ role, url: write.url, status: response.statusCode }).toEqual({
          role,
          url: write.url,
          status: 403,
        });
      }
    }
    expect((await versions(promptId)).map((v) => v.state)).toEqual(['published']);
  });

  it('lists the versions a page at a time, newest first, with a bounded page size', async () => {
    const promptId = await newPrompt('Paged');
    for (const explanation of ['two', 'three', 'four', 'five']) {
      const saved = await owner.call(promptRoutes.update, {
        params: { id: projectId, promptId },
        body: { scriptName: 'Paged', content: greeting(explanation) },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const page = (query: { before?: number; limit?: number }) =>
      members.user.call(promptRoutes.listVersions, { params: { id: projectId, promptId }, query });
    const first = (await page({ limit: 2 })).json();
    expect(first.data.map((v: PromptVersionSummary) => v.number)).toEqual([5, 4]);
    expect(first.next_before).toBe(4);
    const second = (await page({ limit: 2, before: first.next_before })).json();
    expect(second.data.map((v: PromptVersionSummary) => v.number)).toEqual([3, 2]);
    const last = (await page({ limit: 2, before: second.next_before })).json();
    expect(last.data.map((v: PromptVersionSummary) => v.number)).toEqual([1]);
    expect(last.next_before).toBeNull();
    expect((await page({})).json()).toMatchObject({ next_before: null });
    for (const limit of [0, 101]) expect((await page({ limit })).statusCode).toBe(400);
  });

  it('answers 404 to non-members, for another project, and for a version of another prompt', async () => {
    const stranger = await signUp(t.app);
    const params = { id: projectId, promptId };
    const requests = [
      prepare(promptRoutes.listVersions, { params }),
      prepare(promptRoutes.getVersion, { params: { ...params, versionId } }),
      prepare(promptRoutes.saveDraft, { unchecked: true, params, body: { invalid: true } }),
      prepare(promptRoutes.publishVersion, { params: { ...params, versionId } }),
      prepare(promptRoutes.restoreVersion, { params: { ...params, versionId } }),
    ];
    for (const request of requests) {
      const response = await request.by(stranger);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(TEXTS.guard.notFound);
    }

    // The owner of another project asks for this prompt through their own project: not found.
    const otherProject = await createProject(stranger, 'Elsewhere');
    const through = { id: otherProject, promptId };
    expect((await stranger.call(promptRoutes.listVersions, { params: through })).statusCode).toBe(404);
    expect(
      (await stranger.call(promptRoutes.getVersion, { params: { ...through, versionId } })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.call(promptRoutes.restoreVersion, { params: { ...through, versionId } })).statusCode,
    ).toBe(404);

    // A version id of another prompt of the same project.
    const other = await newPrompt('Access other');
    const mixed = await owner.call(promptRoutes.getVersion, {
      params: { id: projectId, promptId: other, versionId },
    });
    expect(mixed.statusCode).toBe(404);

    // An API key of another project.
    const { key } = await createKey(stranger, otherProject, 'full');
    const foreign = await keyClient(t.app, key).call(promptRoutes.listVersions, { params });
    expect(foreign.statusCode).toBe(404);
  });
});
