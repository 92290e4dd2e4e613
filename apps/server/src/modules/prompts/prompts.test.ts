import {
  DEFAULT_FIELD_EXPLANATIONS,
  PROMPT_MESSAGES,
  type PromptField,
  type PromptInput,
  promptRoutes,
  TEXTS,
  type UiLanguage,
  userRoutes,
  validatePrompt,
} from '@parley/contracts';
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

let t: TestApp;
let owner: Client;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin, so the accounts below are ordinary
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Calls');
});
afterAll(async () => {
  await t.close();
});

const field = (key: string, type: PromptField['type'] = 'string', extra: Partial<PromptField> = {}) => ({
  key,
  type,
  explanation: '',
  includeInScore: false,
  ...extra,
});

async function create(client: Client, payload: PromptInput, id = projectId) {
  return client.call(promptRoutes.create, { params: { id }, body: payload });
}

async function createOk(payload: PromptInput, id = projectId) {
  const response = await create(owner, payload, id);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('prompts CRUD', () => {
  it('creates a prompt with the spec defaults and the automatic fields, and reads it back', async () => {
    const created = await createOk({ scriptName: '  Sales QA  ', content: [field('Greeting', 'ok')] });
    expect(created).toMatchObject({
      projectId,
      scriptName: 'Sales QA',
      role: 'Sales',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      responseLanguage: 'English',
      finalScore: 'sum',
      LVA: 'none',
      maxScore: null,
      transcriptionTask: 'translate',
      transcriptionLanguage: 'auto',
      metadataFields: ['Department', 'Representative'],
      isClassification: false,
      units: 1,
    });
    expect(created.content.map((f: PromptField) => f.key)).toEqual([
      'Summary',
      'Title',
      'Greeting',
      'Final Score',
    ]);

    const byId = await owner.call(promptRoutes.get, { params: { id: projectId, promptId: created.id } });
    expect(byId.json().data).toEqual(created);
    const byName = await owner.call(promptRoutes.getByName, {
      params: { id: projectId },
      query: { name: 'Sales QA' },
    });
    expect(byName.json().data).toEqual(created);
    const list = await owner.call(promptRoutes.list, { params: { id: projectId } });
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(created.id);
  });

  it('lists by name and only the prompts of the project', async () => {
    const other = await createProject(owner, 'Other');
    await createOk({ scriptName: 'Zeta' }, other);
    await createOk({ scriptName: 'Alpha' }, other);
    const list = await owner.call(promptRoutes.list, { params: { id: other } });
    expect(list.json().data.map((p: { scriptName: string }) => p.scriptName)).toEqual(['Alpha', 'Zeta']);
  });

  it('replaces a prompt on PUT, keeping nested fields, and leaves Final Score out when scoring is off', async () => {
    const created = await createOk({ scriptName: 'Replace me' });
    const nested = field('Call', 'object', {
      content: [
        field('Opening', 'marks', {
          marks: [
            { value: 0, explanation: 'none' },
            { value: 2, explanation: 'good' },
          ],
        }),
      ],
    });
    const response = await owner.call(promptRoutes.update, {
      params: { id: projectId, promptId: created.id },
      body: {
        scriptName: 'Replace me',
        finalScore: 'no',
        maxScore: 12.5,
        responseLanguage: 'German',
        content: [field('Summary'), field('Title'), nested],
        metadataFields: ['Department', 'Representative', 'Region'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json().data;
    expect(updated).toMatchObject({ finalScore: 'no', maxScore: 12.5, responseLanguage: 'German' });
    expect(updated.content.map((f: PromptField) => f.key)).toEqual(['Summary', 'Title', 'Call']);
    expect(updated.content[2].content[0].marks).toEqual([
      { value: 0, explanation: 'none' },
      { value: 2, explanation: 'good' },
    ]);
    expect(updated.metadataFields).toEqual(['Department', 'Representative', 'Region']);
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
  });

  it('explains the default fields it adds in the language of the account that saves', async () => {
    const setLanguage = (language: UiLanguage) =>
      owner.call(userRoutes.updateLanguage, { body: { language } });
    expect((await setLanguage('uk')).statusCode).toBe(200);
    try {
      const created = await createOk({
        scriptName: 'Ukrainian defaults',
        content: [field('Title', 'string', { explanation: 'Own title' }), field('Greeting', 'bool')],
      });
      expect(created.content.map((f: PromptField) => [f.key, f.explanation])).toEqual([
        ['Summary', DEFAULT_FIELD_EXPLANATIONS.uk.summary],
        ['Title', 'Own title'],
        ['Greeting', ''],
        ['Final Score', DEFAULT_FIELD_EXPLANATIONS.uk.finalScore],
      ]);
    } finally {
      await setLanguage('en');
    }
    const english = await createOk({ scriptName: 'English defaults' });
    expect(english.content[0].explanation).toBe('Provide a concise summary of the conversation');
  });

  it('deletes a prompt', async () => {
    const created = await createOk({ scriptName: 'Delete me' });
    const deleted = await owner.call(promptRoutes.remove, {
      params: { id: projectId, promptId: created.id },
    });
    expect(deleted.json()).toEqual({ data: { ok: true } });
    const gone = await owner.call(promptRoutes.get, { params: { id: projectId, promptId: created.id } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Prompt not found.');
  });

  it('answers 404 for a prompt of another project, even to its admin', async () => {
    const other = await createProject(owner, 'Elsewhere');
    const elsewhere = await createOk({ scriptName: 'Elsewhere prompt' }, other);
    const params = { id: projectId, promptId: elsewhere.id };
    for (const call of [
      prepare(promptRoutes.get, { params }),
      prepare(promptRoutes.update, { params, body: { scriptName: 'Elsewhere prompt' } }),
      prepare(promptRoutes.remove, { params }),
    ]) {
      const response = await call.by(owner);
      expect(response.statusCode).toBe(404);
    }
    const byName = await owner.call(promptRoutes.getByName, {
      params: { id: projectId },
      query: { name: 'Elsewhere prompt' },
    });
    expect(byName.statusCode).toBe(404);
  });
});

describe('validation', () => {
  const invalid: Array<[string, PromptInput]> = [
    ['blank name', { scriptName: '   ' }],
    ['missing metadata', { scriptName: 'm', metadataFields: ['Department'] }],
    ['empty key', { scriptName: 'k', content: [field(' ')] }],
    ['duplicate key', { scriptName: 'd', content: [field('A'), field('A')] }],
    [
      'nested duplicate',
      {
        scriptName: 'n',
        content: [field('Call', 'object', { content: [field('Intro'), field('Intro')] })],
      },
    ],
    ['dot in key', { scriptName: 'dot', content: [field('a.b')] }],
    ['quote in key', { scriptName: 'quote', content: [field('a"b')] }],
    [
      'option without value',
      { scriptName: 'o', content: [field('O', 'option', { options: [{ value: '', explanation: '' }] })] },
    ],
    ['marks missing', { scriptName: 'mk', content: [field('M', 'marks', { marks: [] })] }],
    ['empty object', { scriptName: 'obj', content: [field('Group', 'object', { content: [] })] }],
  ];

  it.each(invalid)('refuses %s with the same message as the form', async (_name, payload) => {
    const response = await create(owner, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_prompt');
    const formProblem = validatePrompt({
      scriptName: payload.scriptName.trim(),
      projectId,
      metadataFields: payload.metadataFields ?? ['Department', 'Representative'],
      content: (payload.content ?? []) as PromptField[],
    });
    expect(response.json().error.message).toBe(formProblem?.message);
  });

  it('uses the exact spec texts', async () => {
    expect((await create(owner, { scriptName: '' })).json().error.message).toBe(
      PROMPT_MESSAGES.requiredFields,
    );
    expect((await create(owner, { scriptName: 'x', content: [field('')] })).json().error.message).toBe(
      'Empty key found in prompt fields. All fields must have a key.',
    );
  });

  it('refuses marks that are not whole numbers of 0 or more', async () => {
    for (const value of [1.5, -1]) {
      const response = await create(owner, {
        scriptName: 'marks',
        content: [field('M', 'marks', { marks: [{ value, explanation: '' }] })],
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('refuses a model its provider retired, naming the successor', async () => {
    const response = await create(owner, {
      scriptName: 'Old model',
      provider: 'anthropic',
      model: 'claude-3-7-sonnet-20250219',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'model_retired',
      message:
        'The model claude-3-7-sonnet-20250219 is retired: its provider no longer serves it. Choose another model, such as claude-sonnet-4-5-20250929.',
    });
  });

  it('keeps names unique per project', async () => {
    await createOk({ scriptName: 'Unique' });
    const again = await create(owner, { scriptName: 'Unique' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A prompt with this name already exists in this project.');
    const other = await createProject(owner, 'Same name elsewhere');
    await createOk({ scriptName: 'Unique' }, other);
  });

  it('refuses to rename, drop or retype a locked field instead of adding it back beside its new name', async () => {
    const created = await createOk({ scriptName: 'Locked fields', content: [field('Greeting', 'ok')] });
    const keys = created.content.map((f: PromptField) => f.key);
    expect(keys).toEqual(['Summary', 'Title', 'Greeting', 'Final Score']);
    const put = (content: PromptField[], finalScore: PromptInput['finalScore'] = 'sum') =>
      owner.call(promptRoutes.update, {
        params: { id: projectId, promptId: created.id },
        body: { scriptName: 'Locked fields', finalScore, content },
      });
    const renamed = (from: string, to: Partial<PromptField>) =>
      created.content.map((f: PromptField) => (f.key === from ? { ...f, ...to } : f));

    for (const [content, key] of [
      [renamed('Summary', { key: 'Synopsis' }), 'Summary'],
      [renamed('Final Score', { key: 'Overall', type: 'string' }), 'Final Score'],
      [renamed('Title', { type: 'int' }), 'Title'],
    ] as const) {
      const response = await put(content);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toEqual({
        code: 'locked_field',
        field: 'content',
        message: `"${key}" is a locked field: Summary, Title and Final Score keep their keys and types (their explanations can change).`,
      });
    }
    const stored = await owner.call(promptRoutes.get, { params: { id: projectId, promptId: created.id } });
    expect(stored.json().data.content.map((f: PromptField) => f.key)).toEqual(keys);

    // Their explanations can change; Final Score goes when scoring is turned off.
    const explained = await put(renamed('Summary', { explanation: 'Two sentences.' }));
    expect(explained.statusCode, explained.body).toBe(200);
    expect(explained.json().data.content[0]).toMatchObject({ key: 'Summary', explanation: 'Two sentences.' });
    const unscored = await put(
      created.content.filter((f: PromptField) => f.key !== 'Final Score'),
      'no',
    );
    expect(unscored.statusCode, unscored.body).toBe(200);
    expect(unscored.json().data.content.map((f: PromptField) => f.key)).toEqual([
      'Summary',
      'Title',
      'Greeting',
    ]);
    // Content without any of them gets them added, as a new prompt's does; no prompt gives them another type.
    const bare = await put([field('Greeting', 'ok')]);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data.content.map((f: PromptField) => f.key)).toEqual(keys);
    expect(
      (await create(owner, { scriptName: 'Retyped', content: [field('Final Score', 'int')] })).statusCode,
    ).toBe(400);
  });

  it('does not let PUT change the name', async () => {
    const created = await createOk({ scriptName: 'Fixed name' });
    const response = await owner.call(promptRoutes.update, {
      params: { id: projectId, promptId: created.id },
      body: { scriptName: 'New name' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The name of an existing prompt cannot be changed.');
  });
});

describe('classification prompts', () => {
  const classifier = (promptId: string | number, promptName = 'x') => ({
    key: 'Classification',
    type: 'classification' as const,
    classificationOptions: [{ promptId, promptName, description: 'when it fits' }],
  });

  it('point at prompts of the same project and take their current names', async () => {
    const target = await createOk({ scriptName: 'Support flow' });
    const created = await createOk({
      scriptName: 'Router',
      isClassification: true,
      content: [classifier(target.id, 'old name')],
    });
    const classification = created.content.find((f: PromptField) => f.type === 'classification');
    expect(classification.classificationOptions).toEqual([
      { promptId: String(target.id), promptName: 'Support flow', description: 'when it fits' },
    ]);
  });

  it('refuses a target in another project, a missing one, or the prompt itself', async () => {
    const other = await createProject(owner, 'Foreign');
    const foreign = await createOk({ scriptName: 'Foreign flow' }, other);
    for (const promptId of [foreign.id, 999999, 'abc']) {
      const response = await create(owner, {
        scriptName: `Router ${promptId}`,
        isClassification: true,
        content: [classifier(promptId)],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/must point at another prompt of this project/);
    }
    const router = await createOk({ scriptName: 'Self router' });
    const self = await owner.call(promptRoutes.update, {
      params: { id: projectId, promptId: router.id },
      body: { scriptName: 'Self router', isClassification: true, content: [classifier(router.id)] },
    });
    expect(self.statusCode).toBe(400);
  });
});

describe('units', () => {
  it('are the model units from the catalog plus the LVA surcharge, exactly', async () => {
    const cases: Array<[PromptInput, number]> = [
      [{ scriptName: 'u1', provider: 'google', model: 'gemini-2.5-pro', LVA: 'emlo' }, 1.4],
      [{ scriptName: 'u2', provider: 'openai', model: 'gpt-4o-mini', LVA: 'emlo-telesales' }, 4.5],
      [{ scriptName: 'u3', provider: 'groq', model: 'llama-3.1-8b-instant', LVA: 'emlo' }, 0.3],
      [
        { scriptName: 'u4', provider: 'anthropic', model: 'claude-opus-4-1-20250805', LVA: 'emlo-callrisk' },
        13,
      ],
      [{ scriptName: 'u5', provider: 'openai', model: 'not-in-the-catalog', LVA: 'emlo-pme' }, 6],
    ];
    for (const [payload, units] of cases) {
      expect((await createOk(payload)).units).toBe(units);
    }
  });
});

describe('roles', () => {
  let prompt: { id: number };
  const members: Record<string, Client> = {};

  beforeAll(async () => {
    prompt = await createOk({ scriptName: 'Role check' });
    for (const role of ['user', 'teamleader', 'admin'] as const) {
      members[role] = await signUp(t.app);
      await addMember(t, projectId, members[role]!, role);
    }
  });

  it('lets every member read', async () => {
    for (const client of Object.values(members)) {
      expect((await client.call(promptRoutes.list, { params: { id: projectId } })).statusCode).toBe(200);
      expect(
        (await client.call(promptRoutes.get, { params: { id: projectId, promptId: prompt.id } })).statusCode,
      ).toBe(200);
    }
  });

  it('answers 403 to user and teamleader on writes and generation', async () => {
    for (const role of ['user', 'teamleader']) {
      const client = members[role]!;
      const params = { id: projectId };
      const writes = [
        prepare(promptRoutes.create, { params, body: { scriptName: `by ${role}` } }),
        prepare(promptRoutes.update, {
          params: { ...params, promptId: prompt.id },
          body: { scriptName: 'Role check' },
        }),
        prepare(promptRoutes.remove, { params: { ...params, promptId: prompt.id } }),
        prepare(promptRoutes.generate, { params, body: { taskDescription: 'x' } }),
      ];
      for (const write of writes) {
        const response = await write.by(client);
        expect({ role, url: write.url, status: response.statusCode }).toEqual({
          role,
          url: write.url,
          status: 403,
        });
      }
    }
  });

  it('lets an admin write', async () => {
    const response = await create(members.admin!, { scriptName: 'By admin' });
    expect(response.statusCode).toBe(201);
  });

  it('answers 404 to non-members whatever they send', async () => {
    const stranger = await signUp(t.app);
    const params = { id: projectId };
    const requests = [
      prepare(promptRoutes.list, { params }),
      prepare(promptRoutes.getByName, { unchecked: true, params }),
      prepare(promptRoutes.create, { unchecked: true, params, body: { invalid: true } }),
      prepare(promptRoutes.generate, { unchecked: true, params, body: {} }),
    ];
    for (const request of requests) {
      const response = await request.by(stranger);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(TEXTS.guard.notFound);
    }
  });
});
