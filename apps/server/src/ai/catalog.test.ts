import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  DEFAULT_MODEL,
  FALLBACK_MODELS,
  pickableModels,
  RETIRED_MODELS,
  successorOf,
} from '@parley/contracts';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const SDK_PACKAGES = {
  anthropic: '@ai-sdk/anthropic',
  openai: '@ai-sdk/openai',
  google: '@ai-sdk/google',
  groq: '@ai-sdk/groq',
} as const;

/** The model ids an installed AI SDK provider declares (its type definitions quote each one). */
function sdkDeclares(provider: keyof typeof SDK_PACKAGES, model: string): boolean {
  const entry = require.resolve(SDK_PACKAGES[provider]);
  const types = readFileSync(path.join(path.dirname(entry), 'index.d.ts'), 'utf8');
  return types.includes(`'${model}'`);
}

describe('the built-in model catalog', () => {
  it('offers only models the installed provider SDKs know, the default first', () => {
    for (const provider of Object.keys(SDK_PACKAGES) as Array<keyof typeof SDK_PACKAGES>) {
      const current = pickableModels(FALLBACK_MODELS[provider]);
      expect(current.length).toBeGreaterThan(0);
      for (const info of current)
        expect([provider, info.model, sdkDeclares(provider, info.model)]).toEqual([
          provider,
          info.model,
          true,
        ]);
    }
    expect(DEFAULT_MODEL).toBe('claude-sonnet-4-5-20250929');
    expect(FALLBACK_MODELS.anthropic[0]!.model).toBe(DEFAULT_MODEL);
  });

  it('keeps the retired models, marked, after the current ones, each with a current successor', () => {
    for (const provider of Object.keys(RETIRED_MODELS) as Array<keyof typeof RETIRED_MODELS>) {
      const catalog = FALLBACK_MODELS[provider];
      const current = new Set(pickableModels(catalog).map((info) => info.model));
      const retired = catalog.filter((info) => info.retired).map((info) => info.model);
      expect(retired).toEqual(RETIRED_MODELS[provider].map(({ info }) => info.model));
      expect(catalog.slice(-retired.length).every((info) => info.retired)).toBe(true);
      for (const model of retired) expect(current.has(successorOf(provider, model)!)).toBe(true);
    }
    const names = FALLBACK_MODELS.anthropic.filter((info) => info.retired).map((info) => info.display_name);
    expect(names).toEqual(['Claude 3.7 Sonnet', 'Claude 3.5 Sonnet', 'Claude 3.5 Haiku', 'Claude 3 Opus']);
    expect(FALLBACK_MODELS.google.find((info) => info.model === 'gemini-1.5-pro')?.retired).toBe(true);
    expect(successorOf('anthropic', 'claude-3-7-sonnet-20250219')).toBe(DEFAULT_MODEL);
    expect(successorOf('anthropic', DEFAULT_MODEL)).toBeUndefined();
    expect(successorOf('openai-compatible', 'llama3.1')).toBeUndefined();
  });
});
