import {
  FALLBACK_MODELS,
  ModelsResponse,
  modelRoutes,
  ProvidersResponse,
  pickableModels,
  type RouteParams,
  TranscriptionProvidersResponse,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import { startFakeAnthropic } from '../../../test/fake-upstreams/anthropic.ts';
import { startFakeOpenAI } from '../../../test/fake-upstreams/openai.ts';
import type { FakeUpstream } from '../../../test/fake-upstreams/scripted.ts';
import { type Client, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { modelUnitsMilli } from '../../ai/catalog.ts';
import { LIVE_MODELS_TTL_MS, refreshProviderModels } from '../../ai/live-models.ts';

describe('model catalog without AI configuration', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await startTestApp();
    client = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the hosted providers as unavailable and hides the OpenAI-compatible one', async () => {
    const response = await client.call(modelRoutes.listProviders);
    expect(ProvidersResponse.parse(response.json()).data).toEqual([
      { id: 'anthropic', name: 'Anthropic', available: false },
      { id: 'openai', name: 'OpenAI', available: false },
      { id: 'google', name: 'Google', available: false },
      { id: 'groq', name: 'Groq', available: false },
    ]);
  });

  it("serves each provider's built-in catalog: current models first, retired ones marked", async () => {
    for (const provider of ['anthropic', 'openai', 'google', 'groq'] as const) {
      const response = await client.call(modelRoutes.listModels, { params: { provider } });
      expect(ModelsResponse.parse(response.json()).data).toEqual(FALLBACK_MODELS[provider]);
    }
    const anthropic = (
      await client.call(modelRoutes.listModels, { params: { provider: 'anthropic' } })
    ).json();
    expect(anthropic.data[0]).toEqual({
      model: 'claude-sonnet-4-5-20250929',
      display_name: 'Claude Sonnet 4.5',
      max_tokens: 64000,
      context_window: 200000,
      units: 1,
    });
    expect(anthropic.data).toContainEqual({
      model: 'claude-3-7-sonnet-20250219',
      display_name: 'Claude 3.7 Sonnet',
      max_tokens: 64000,
      context_window: 200000,
      units: 1,
      retired: true,
    });
  });

  it('lists the speech-to-text providers, all unavailable, and the default transcription', async () => {
    const response = await client.call(modelRoutes.listTranscriptionProviders);
    const body = TranscriptionProvidersResponse.parse(response.json());
    expect(body.default).toEqual({ provider: 'openai', model: 'gpt-4o-transcribe-diarize' });
    expect(body.data.map((p) => [p.id, p.name, p.available])).toEqual([
      ['openai', 'OpenAI', false],
      ['groq', 'Groq', false],
      ['deepgram', 'Deepgram', false],
      ['assemblyai', 'AssemblyAI', false],
    ]);
    expect(body.data[0]!.models.slice(0, 2)).toEqual([
      {
        model: 'gpt-4o-transcribe-diarize',
        display_name: 'GPT-4o Transcribe (speakers)',
        units: 1,
        diarizes: true,
      },
      { model: 'whisper-1', display_name: 'Whisper', units: 1, diarizes: false },
    ]);
    expect((await callRoute(t.app, modelRoutes.listTranscriptionProviders)).statusCode).toBe(401);
  });

  it('refuses unknown providers and anonymous callers', async () => {
    expect(
      (await client.call(modelRoutes.listModels, { unchecked: true, params: { provider: 'acme' } }))
        .statusCode,
    ).toBe(400);
    expect((await callRoute(t.app, modelRoutes.listProviders)).statusCode).toBe(401);
  });
});

describe('model catalog with providers configured', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await startTestApp(
      {},
      {
        ANTHROPIC_API_KEY: 'sk-ant-catalog',
        GROQ_API_KEY: 'gsk-catalog',
        OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
        OPENAI_COMPATIBLE_MODELS: 'llama3.1, qwen2.5:14b',
      },
    );
    client = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks the providers with credentials as available and lists the OpenAI-compatible server', async () => {
    const response = await client.call(modelRoutes.listProviders);
    expect(response.json().data).toEqual([
      { id: 'anthropic', name: 'Anthropic', available: true },
      { id: 'openai', name: 'OpenAI', available: false },
      { id: 'google', name: 'Google', available: false },
      { id: 'groq', name: 'Groq', available: true },
      { id: 'openai-compatible', name: 'OpenAI-compatible', available: true },
    ]);
    expect(response.body).not.toContain('sk-ant-catalog');
  });

  it('lists the configured OpenAI-compatible models', async () => {
    const response = await client.call(modelRoutes.listModels, { params: { provider: 'openai-compatible' } });
    expect(response.json().data.map((model: { model: string }) => model.model)).toEqual([
      'llama3.1',
      'qwen2.5:14b',
    ]);
    expect(response.json().data[0].units).toBe(1);
  });
});

describe("model catalog with the providers' own model lists", () => {
  let t: TestApp;
  let client: Client;
  let anthropic: FakeUpstream;
  let openai: FakeUpstream;
  beforeAll(async () => {
    anthropic = await startFakeAnthropic();
    openai = await startFakeOpenAI();
    t = await startTestApp(
      {},
      {
        ANTHROPIC_API_KEY: 'sk-ant-live',
        ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
        OPENAI_API_KEY: 'sk-openai-live',
        OPENAI_BASE_URL: `${openai.origin}/v1`,
        GROQ_API_KEY: 'gsk-live',
      },
    );
    client = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await anthropic.close();
    await openai.close();
  });
  const models = async (provider: RouteParams<typeof modelRoutes.listModels>['provider']) =>
    ModelsResponse.parse((await client.call(modelRoutes.listModels, { params: { provider } })).json()).data;

  it('adds the models Anthropic lists that the catalog lacks, before the retired ones, read once an hour', async () => {
    const list = await models('anthropic');
    const current = pickableModels(FALLBACK_MODELS.anthropic);
    const retired = FALLBACK_MODELS.anthropic.filter((info) => info.retired);
    expect(list).toEqual([
      ...current,
      {
        model: 'claude-sonnet-5',
        display_name: 'Claude Sonnet 5',
        max_tokens: 64000,
        context_window: 200000,
        units: 1,
      },
      ...retired,
    ]);
    expect(anthropic.requests).toHaveLength(1);
    const [request] = anthropic.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(request!.headers['x-api-key']).toBe('sk-ant-live');
    expect(request!.headers['anthropic-version']).toBe('2023-06-01');

    // Cached: the next calls within the hour do not ask again; an hour later the list is read again.
    await models('anthropic');
    expect(anthropic.requests).toHaveLength(1);
    await refreshProviderModels(t.ctx.config, t.ctx.logger, 'anthropic', Date.now() + LIVE_MODELS_TTL_MS + 1);
    expect(anthropic.requests).toHaveLength(2);
    // A model only the provider lists is priced at the spec's default units.
    expect(modelUnitsMilli(t.ctx.config, 'anthropic', 'claude-sonnet-5')).toBe(1000);
  });

  it("adds OpenAI's text models, not its embedding, speech, image or moderation models", async () => {
    const list = await models('openai');
    const added = list.slice(pickableModels(FALLBACK_MODELS.openai).length).filter((info) => !info.retired);
    expect(added.map((info) => info.model)).toEqual(['gpt-5.5']);
    expect(openai.requests[0]!.headers.authorization).toBe('Bearer sk-openai-live');
  });

  it('serves the built-in catalog when the provider does not list models or its list fails', async () => {
    expect(await models('groq')).toEqual(FALLBACK_MODELS.groq);
    const broken = await startTestApp(
      {},
      { ANTHROPIC_API_KEY: 'sk-ant-broken', ANTHROPIC_BASE_URL: `${anthropic.origin}/missing/v1` },
    );
    try {
      const other = await signUp(broken.app);
      const response = await other.call(modelRoutes.listModels, { params: { provider: 'anthropic' } });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual(FALLBACK_MODELS.anthropic);
      expect(broken.logs).toContainEqual(
        expect.objectContaining({ provider: 'anthropic', msg: expect.stringMatching(/model list/) }),
      );
    } finally {
      await broken.close();
    }
  });
});
