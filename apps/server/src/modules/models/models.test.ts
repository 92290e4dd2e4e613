import {
  FALLBACK_MODELS,
  ModelsResponse,
  ProvidersResponse,
  TranscriptionProvidersResponse,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';

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
    const response = await client.request({ method: 'GET', url: '/api/models/providers' });
    expect(ProvidersResponse.parse(response.json()).data).toEqual([
      { id: 'anthropic', name: 'Anthropic', available: false },
      { id: 'openai', name: 'OpenAI', available: false },
      { id: 'google', name: 'Google', available: false },
      { id: 'groq', name: 'Groq', available: false },
    ]);
  });

  it("starts each provider's models with the spec's built-in list and adds current models", async () => {
    for (const provider of ['anthropic', 'openai', 'google', 'groq'] as const) {
      const response = await client.request({
        method: 'GET',
        url: `/api/models/providers/${provider}/models`,
      });
      const models = ModelsResponse.parse(response.json()).data;
      expect(models.slice(0, FALLBACK_MODELS[provider].length)).toEqual(FALLBACK_MODELS[provider]);
      expect(models.length).toBeGreaterThan(FALLBACK_MODELS[provider].length);
    }
    const anthropic = await client.request({ method: 'GET', url: '/api/models/providers/anthropic/models' });
    expect(anthropic.json().data).toContainEqual({
      model: 'claude-sonnet-4-20250514',
      display_name: 'Claude Sonnet 4',
      max_tokens: 64000,
      context_window: 200000,
      units: 1,
    });
  });

  it('lists the speech-to-text providers, all unavailable, and the default transcription', async () => {
    const response = await client.request({ method: 'GET', url: '/api/models/transcription' });
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
    expect((await t.app.inject({ method: 'GET', url: '/api/models/transcription' })).statusCode).toBe(401);
  });

  it('refuses unknown providers and anonymous callers', async () => {
    expect(
      (await client.request({ method: 'GET', url: '/api/models/providers/acme/models' })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/models/providers' })).statusCode).toBe(401);
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
    const response = await client.request({ method: 'GET', url: '/api/models/providers' });
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
    const response = await client.request({
      method: 'GET',
      url: '/api/models/providers/openai-compatible/models',
    });
    expect(response.json().data.map((model: { model: string }) => model.model)).toEqual([
      'llama3.1',
      'qwen2.5:14b',
    ]);
    expect(response.json().data[0].units).toBe(1);
  });
});
