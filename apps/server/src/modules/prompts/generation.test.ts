import type { ProviderId } from '@parley/contracts';
import {
  DEFAULT_FIELD_EXPLANATIONS,
  PromptInput,
  promptRoutes,
  type UiLanguage,
  userRoutes,
  validatePrompt,
} from '@parley/contracts';
import { desc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forcedTool, startFakeAnthropic } from '../../../test/fake-upstreams/anthropic.ts';
import { geminiModel, startFakeGemini } from '../../../test/fake-upstreams/gemini.ts';
import { startFakeOpenAI } from '../../../test/fake-upstreams/openai.ts';
import { answer, type FakeUpstream, failure, rawText, slow } from '../../../test/fake-upstreams/scripted.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { aiUsage } from '../../db/schema/index.ts';

const SECRETS = {
  ANTHROPIC_API_KEY: 'sk-ant-fake-secret-1',
  OPENAI_API_KEY: 'sk-openai-fake-secret-2',
  GOOGLE_GENERATIVE_AI_API_KEY: 'google-fake-secret-3',
};

/** A structured answer as a model would give it, with things the server must normalise. */
const GENERATED = {
  scriptName: 'Sales call quality',
  role: 'Sales',
  basicInstruction: 'You review outbound sales calls and judge how well the representative sells.',
  transcribeInstructions: 'Speakers: representative and customer.',
  companyDetails: 'Acme sells solar panels.',
  responseLanguage: 'English',
  finalScore: 'sum',
  maxScore: null,
  content: [
    {
      key: 'Greeting',
      type: 'ok',
      explanation: 'Did the representative greet the customer and introduce themselves?',
      includeInScore: false,
      options: [],
      marks: [],
      content: [],
    },
    {
      key: 'Needs."analysis"',
      type: 'marks',
      explanation: 'How well were the needs explored?',
      includeInScore: true,
      options: [],
      marks: [
        { value: 2.6, explanation: 'thorough' },
        { value: -1, explanation: 'not at all' },
      ],
      content: [],
    },
    {
      key: 'Outcome',
      type: 'option',
      explanation: 'How did the call end?',
      includeInScore: false,
      options: [
        { value: 'sale', explanation: 'the customer bought' },
        { value: ' ', explanation: 'blank' },
      ],
      marks: [],
      content: [],
    },
    {
      key: 'Greeting',
      type: 'bool',
      explanation: 'A second field with the same key',
      includeInScore: true,
      options: [],
      marks: [],
      content: [],
    },
    {
      key: 'Discovery',
      type: 'object',
      explanation: 'Discovery questions',
      includeInScore: false,
      options: [],
      marks: [],
      content: [
        {
          key: 'Budget',
          type: 'bool',
          explanation: 'Was the budget asked for?',
          includeInScore: true,
          options: [],
          marks: [],
          content: [],
        },
      ],
    },
    {
      key: 'Empty group',
      type: 'object',
      explanation: 'An object without fields',
      includeInScore: false,
      options: [],
      marks: [],
      content: [],
    },
  ],
  metadataFields: ['Customer ID', 'Department', ' '],
};

let t: TestApp;
let anthropic: FakeUpstream;
let openai: FakeUpstream;
let gemini: FakeUpstream;
let admin: Client;
let projectId: number;

beforeAll(async () => {
  [anthropic, openai, gemini] = await Promise.all([
    startFakeAnthropic(),
    startFakeOpenAI(),
    startFakeGemini(),
  ]);
  t = await startTestApp(
    {},
    {
      ...SECRETS,
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      OPENAI_BASE_URL: `${openai.origin}/v1`,
      GOOGLE_GENERATIVE_AI_BASE_URL: `${gemini.origin}/v1beta`,
      OPENAI_COMPATIBLE_BASE_URL: `${openai.origin}/v1`,
      OPENAI_COMPATIBLE_MODELS: 'llama3.1, qwen2.5',
      AI_TIMEOUT_MS: '1500',
    },
  );
  await signUp(t.app);
  admin = await signUp(t.app);
  projectId = await createProject(admin, 'Sales floor');
});
afterAll(async () => {
  await t?.close();
  await Promise.all([anthropic, openai, gemini].map((fake) => fake?.close()));
});
beforeEach(() => {
  useGenerationModel('anthropic');
});
afterEach(() => {
  for (const fake of [anthropic, openai, gemini]) {
    expect(fake.pending, 'every scripted answer was used').toBe(0);
    fake.reset();
  }
});

/** The generation model is read from the configuration on every request. */
function useGenerationModel(provider: ProviderId, model?: string) {
  t.ctx.config.ai.generationProvider = provider;
  t.ctx.config.ai.generationModel = model;
}

const generate = (payload: Record<string, unknown>, client = admin) =>
  client.call(promptRoutes.generate, { unchecked: true, params: { id: projectId }, body: payload });

async function lastUsage() {
  const [row] = await t.ctx.db.select().from(aiUsage).orderBy(desc(aiUsage.id)).limit(1);
  return row!;
}

describe('AI prompt generation', () => {
  it('writes a complete, normalised prompt with Anthropic native structured output', async () => {
    anthropic.script(answer(GENERATED));
    const response = await generate({ taskDescription: 'Score our solar panel sales calls.' });
    expect(response.statusCode, response.body).toBe(200);
    const prompt = response.json().data;

    const request = anthropic.requests[0]!;
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe(SECRETS.ANTHROPIC_API_KEY);
    expect(request.body.model).toBe('claude-sonnet-4-5-20250929');
    expect(request.body.output_config.format.type).toBe('json_schema');
    expect(forcedTool(request)).toBeNull();
    expect(JSON.stringify(request.body.messages)).toContain('Score our solar panel sales calls.');

    expect(prompt).toMatchObject({
      scriptName: 'Sales call quality',
      role: 'Sales',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      LVA: 'none',
      finalScore: 'sum',
      companyDetails: 'Acme sells solar panels.',
      isClassification: false,
      metadataFields: ['Department', 'Representative', 'Customer ID'],
    });
    expect(prompt.content.map((f: { key: string; type: string }) => [f.key, f.type])).toEqual([
      ['Summary', 'string'],
      ['Title', 'string'],
      ['Greeting', 'ok'],
      ['Needsanalysis', 'marks'],
      ['Outcome', 'option'],
      ['Greeting 2', 'bool'],
      ['Discovery', 'object'],
      ['Empty group', 'string'],
      ['Final Score', 'float'],
    ]);
    expect(prompt.content[3].marks).toEqual([
      { value: 3, explanation: 'thorough' },
      { value: 0, explanation: 'not at all' },
    ]);
    expect(prompt.content[4].options).toEqual([{ value: 'sale', explanation: 'the customer bought' }]);
    expect(prompt.content[6].content[0]).toMatchObject({ key: 'Budget', type: 'bool' });
    expect(PromptInput.parse(prompt)).toEqual(prompt);
    expect(validatePrompt({ ...prompt, projectId })).toBeNull();
    // Not saved.
    const list = await admin.call(promptRoutes.list, { params: { id: projectId } });
    expect(list.json().data).toEqual([]);

    expect(await lastUsage()).toMatchObject({
      projectId,
      userId: admin.userId,
      purpose: 'prompt_generation',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      inputTokens: 120,
      outputTokens: 340,
      ok: true,
      error: null,
    });
  });

  it('explains the default fields it adds in the language of the account asking', async () => {
    const setLanguage = (language: UiLanguage) =>
      admin.call(userRoutes.updateLanguage, { body: { language } });
    expect((await setLanguage('es')).statusCode).toBe(200);
    try {
      anthropic.script(answer(GENERATED));
      const response = await generate({ taskDescription: 'Sales calls' });
      expect(response.statusCode, response.body).toBe(200);
      const byKey = new Map(
        response.json().data.content.map((f: { key: string; explanation: string }) => [f.key, f.explanation]),
      );
      expect([byKey.get('Summary'), byKey.get('Title'), byKey.get('Final Score')]).toEqual([
        DEFAULT_FIELD_EXPLANATIONS.es.summary,
        DEFAULT_FIELD_EXPLANATIONS.es.title,
        DEFAULT_FIELD_EXPLANATIONS.es.finalScore,
      ]);
    } finally {
      await setLanguage('en');
    }
  });

  it('uses the forced json tool with Anthropic models that lack native structured output', async () => {
    useGenerationModel('anthropic', 'claude-sonnet-4-20250514');
    anthropic.script(answer(GENERATED, { input: 11, output: 22 }));
    const response = await generate({ taskDescription: 'Sales calls' });
    expect(response.statusCode, response.body).toBe(200);
    const request = anthropic.requests[0]!;
    expect(forcedTool(request)).toBe('json');
    expect(request.body.output_config?.format).toBeUndefined();
    expect(request.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['json']);
    expect(response.json().data.scriptName).toBe('Sales call quality');
    expect(await lastUsage()).toMatchObject({
      model: 'claude-sonnet-4-20250514',
      inputTokens: 11,
      outputTokens: 22,
    });
  });

  it('works with OpenAI through the Responses API', async () => {
    useGenerationModel('openai');
    openai.script(answer(GENERATED));
    const response = await generate({ taskDescription: 'Sales calls' });
    expect(response.statusCode, response.body).toBe(200);
    const request = openai.requests[0]!;
    expect(request.path).toBe('/v1/responses');
    expect(request.headers.authorization).toBe(`Bearer ${SECRETS.OPENAI_API_KEY}`);
    expect(request.body.model).toBe('gpt-4.1');
    expect(request.body.text.format).toMatchObject({ type: 'json_schema', strict: true });
    expect(response.json().data.content.length).toBe(9);
    expect(await lastUsage()).toMatchObject({ provider: 'openai', model: 'gpt-4.1', ok: true });
  });

  it('works with Google Gemini', async () => {
    useGenerationModel('google');
    gemini.script(answer(GENERATED, { input: 5, output: 6 }));
    const response = await generate({ taskDescription: 'Sales calls' });
    expect(response.statusCode, response.body).toBe(200);
    const request = gemini.requests[0]!;
    expect(geminiModel(request.path)).toBe('gemini-2.5-pro');
    expect(request.headers['x-goog-api-key']).toBe(SECRETS.GOOGLE_GENERATIVE_AI_API_KEY);
    expect(request.body.generationConfig.responseMimeType).toBe('application/json');
    expect(await lastUsage()).toMatchObject({
      provider: 'google',
      inputTokens: 5,
      outputTokens: 6,
      ok: true,
    });
  });

  it('works with an OpenAI-compatible server through chat completions', async () => {
    useGenerationModel('openai-compatible');
    openai.script(answer(GENERATED));
    const response = await generate({ taskDescription: 'Sales calls' });
    expect(response.statusCode, response.body).toBe(200);
    const request = openai.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.body.model).toBe('llama3.1');
    expect(request.body.response_format.type).toBe('json_schema');
  });

  it('improves an existing prompt, keeping its name, model settings and classification fields', async () => {
    const target = (
      await admin.call(promptRoutes.create, { params: { id: projectId }, body: { scriptName: 'Complaints' } })
    ).json().data;
    const existing = (
      await admin.call(promptRoutes.create, {
        params: { id: projectId },
        body: {
          scriptName: 'Router',
          provider: 'openai',
          model: 'gpt-4o',
          LVA: 'emlo',
          transcriptionTask: 'transcribe',
          isClassification: true,
          metadataFields: ['Department', 'Representative', 'Branch'],
          content: [
            {
              key: 'Classification',
              type: 'classification',
              classificationOptions: [
                { promptId: target.id, promptName: 'Complaints', description: 'complaints' },
              ],
            },
            { key: 'Tone', type: 'string', explanation: 'The tone' },
          ],
        },
      })
    ).json().data;

    anthropic.script(answer({ ...GENERATED, scriptName: 'A new name' }));
    const response = await generate({ taskDescription: 'Also check the greeting.', promptId: existing.id });
    expect(response.statusCode, response.body).toBe(200);
    const sent = JSON.stringify(anthropic.requests[0]!.body.messages);
    expect(sent).toContain('Also check the greeting.');
    expect(sent).toContain('The tone');
    expect(sent).not.toContain('"Summary"');

    const improved = response.json().data;
    expect(improved).toMatchObject({
      scriptName: 'Router',
      provider: 'openai',
      model: 'gpt-4o',
      LVA: 'emlo',
      transcriptionTask: 'transcribe',
      isClassification: true,
      metadataFields: ['Department', 'Representative', 'Branch', 'Customer ID'],
    });
    expect(improved.content.find((f: { type: string }) => f.type === 'classification')).toMatchObject({
      key: 'Classification',
      classificationOptions: [{ promptId: String(target.id), promptName: 'Complaints' }],
    });
    const saved = await admin.call(promptRoutes.update, {
      params: { id: projectId, promptId: existing.id },
      body: improved,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('keeps the knockout answers of the fields the improved prompt still has', async () => {
    const existing = (
      await admin.call(promptRoutes.create, {
        params: { id: projectId },
        body: {
          scriptName: 'Knockouts',
          knockoutCap: 20,
          content: [
            { key: 'Greeting', type: 'ok', explanation: 'Greeted?', knockout: ['not ok'] },
            { key: 'Gone', type: 'bool', explanation: 'Dropped by the model', knockout: [false] },
          ],
        },
      })
    ).json().data;

    anthropic.script(answer(GENERATED));
    const response = await generate({ taskDescription: 'Sharper wording.', promptId: existing.id });
    expect(response.statusCode, response.body).toBe(200);
    const improved = response.json().data;
    expect(improved.knockoutCap).toBe(20);
    expect(improved.content.find((f: { key: string }) => f.key === 'Greeting')).toMatchObject({
      type: 'ok',
      knockout: ['not ok'],
    });
    expect(improved.content.find((f: { key: string }) => f.key === 'Gone')).toBeUndefined();
    const saved = await admin.call(promptRoutes.update, {
      params: { id: projectId, promptId: existing.id },
      body: improved,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.content.find((f: { key: string }) => f.key === 'Greeting').knockout).toEqual([
      'not ok',
    ]);
  });

  it('answers 404 when the prompt to improve is not in the project', async () => {
    const response = await generate({ taskDescription: 'x', promptId: 999999 });
    expect(response.statusCode).toBe(404);
  });

  it('needs a description', async () => {
    const response = await generate({ taskDescription: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(
      'Please describe the prompt you want the AI to generate.',
    );
  });
});

describe('AI failures', () => {
  it('answers 502 when the model does not answer with JSON, and records the failed call', async () => {
    anthropic.script(rawText('Sure! Here is your prompt: ...', { input: 7, output: 8 }));
    const response = await generate({ taskDescription: 'x' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: 'ai_failed',
      message: 'Anthropic did not answer with valid JSON.',
    });
    expect(await lastUsage()).toMatchObject({
      ok: false,
      inputTokens: 7,
      outputTokens: 8,
      error: 'Anthropic did not answer with valid JSON.',
    });
  });

  it('answers 502 when the answer breaks the schema', async () => {
    anthropic.script(answer({ ...GENERATED, finalScore: 'average' }));
    const response = await generate({ taskDescription: 'x' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toMatch(
      /^Anthropic answered in an unexpected structure \(finalScore: /,
    );
  });

  it('answers 502 when the answer is not a valid prompt', async () => {
    anthropic.script(answer({ ...GENERATED, scriptName: '  ' }));
    const response = await generate({ taskDescription: 'x' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(
      'The generated prompt is not valid: Please fill required fields',
    );
  });

  it('retries after a rate limit and then succeeds', async () => {
    anthropic.script(failure(429, 'Rate limit reached', 10), answer(GENERATED));
    const response = await generate({ taskDescription: 'x' });
    expect(response.statusCode, response.body).toBe(200);
    expect(anthropic.requests).toHaveLength(2);
    expect(await lastUsage()).toMatchObject({ ok: true });
  });

  it('gives up after the configured retries on server errors', async () => {
    useGenerationModel('openai');
    openai.script(...Array.from({ length: 3 }, () => failure(500, 'The server had an error', 10)));
    const response = await generate({ taskDescription: 'x' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(
      'OpenAI answered 500: The server had an error (after 3 attempts)',
    );
    expect(openai.requests).toHaveLength(3);
  });

  it('does not retry other client errors, and never reveals the key', async () => {
    useGenerationModel('google');
    gemini.script(failure(400, `API key not valid: ${SECRETS.GOOGLE_GENERATIVE_AI_API_KEY}`));
    const response = await generate({ taskDescription: 'x' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe('Google answered 400: API key not valid: ***');
    expect(gemini.requests).toHaveLength(1);
    const everything = JSON.stringify(t.logs) + JSON.stringify(await t.ctx.db.select().from(aiUsage));
    for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
  });

  it('answers 502 when the provider is slower than AI_TIMEOUT_MS', async () => {
    anthropic.script(slow(5000, answer(GENERATED)));
    const started = Date.now();
    const response = await generate({ taskDescription: 'x' });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe('Anthropic did not answer within 1.5 seconds.');
    expect(await lastUsage()).toMatchObject({ ok: false, inputTokens: 0, outputTokens: 0 });
  });

  it('is refused to members below admin', async () => {
    const teamleader = await signUp(t.app);
    await addMember(t, projectId, teamleader, 'teamleader');
    expect((await generate({ taskDescription: 'x' }, teamleader)).statusCode).toBe(403);
  });
});

describe('generation model choice', () => {
  it('falls back to the first available provider when the default has no key', async () => {
    const fallback = await startTestApp({}, { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: `${openai.origin}/v1` });
    try {
      const client = await signUp(fallback.app);
      const id = await createProject(client);
      openai.script(answer(GENERATED));
      const response = await client.call(promptRoutes.generate, {
        params: { id },
        body: { taskDescription: 'x' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(openai.requests[0]!.body.model).toBe('gpt-4.1');
      // A new prompt analyses with a model the server can use.
      expect(response.json().data).toMatchObject({ provider: 'openai', model: 'gpt-4.1' });
    } finally {
      await fallback.close();
    }
  });

  it('answers 503 naming the variable to set when no provider is configured', async () => {
    const bare = await startTestApp();
    try {
      const client = await signUp(bare.app);
      const id = await createProject(client);
      const response = await client.call(promptRoutes.generate, {
        params: { id },
        body: { taskDescription: 'x' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toEqual({
        code: 'provider_unavailable',
        message:
          'Anthropic is not configured on this server. Set ANTHROPIC_API_KEY in the server environment.',
      });
      expect(await bare.ctx.db.select().from(aiUsage)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
