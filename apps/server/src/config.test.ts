import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      role: 'all',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a URL/);
    expect(() => loadConfig({ PARLEY_ROLE: 'both' })).toThrow(/PARLEY_ROLE/);
    expect(() => loadConfig({ SMTP_URL: 'smtp.example.com' })).toThrow(/SMTP_URL/);
  });

  it('treats empty values as unset and trims the public URL', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://parley.example.com/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://parley.example.com');
  });

  it('reads the AI settings with their defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.ai).toEqual({
      timeoutMs: 120_000,
      maxRetries: 2,
      generationProvider: 'anthropic',
      generationModel: undefined,
    });
    expect(defaults.providers.openaiCompatibleModels).toEqual(['llama3.1']);
    const custom = loadConfig({
      AI_TIMEOUT_MS: '5000',
      AI_MAX_RETRIES: '0',
      AI_GENERATION_PROVIDER: 'google',
      AI_GENERATION_MODEL: 'gemini-2.5-flash',
      OPENAI_COMPATIBLE_MODELS: ' llama3.1 , qwen2.5 ,',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9000/v1',
    });
    expect(custom.ai).toMatchObject({ timeoutMs: 5000, maxRetries: 0, generationProvider: 'google' });
    expect(custom.providers.openaiCompatibleModels).toEqual(['llama3.1', 'qwen2.5']);
    expect(custom.providers.anthropicBaseUrl).toBe('http://127.0.0.1:9000/v1');
    expect(() => loadConfig({ AI_GENERATION_PROVIDER: 'acme' })).toThrow(/AI_GENERATION_PROVIDER/);
    expect(() => loadConfig({ OPENAI_BASE_URL: 'api.openai.com' })).toThrow(/OPENAI_BASE_URL: must be a URL/);
    expect(() => loadConfig({ OPENAI_COMPATIBLE_MODELS: ' , ' })).toThrow(/OPENAI_COMPATIBLE_MODELS/);
  });
});
