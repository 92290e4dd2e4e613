import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createGroq } from '@ai-sdk/groq';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ProviderId } from '@parley/contracts';
import type { LanguageModel } from 'ai';
import type { Config } from '../config.ts';
import { providerUnavailable } from './catalog.ts';

/**
 * The AI SDK model for a provider and model id, with credentials and base URL from the configuration
 * (never from the SDKs' own environment lookups), its requests sent through `fetch` (ai/provider-fetch.ts:
 * the shared rate limits). A provider without credentials answers 503.
 */
export function languageModel(
  config: Config,
  provider: ProviderId,
  model: string,
  fetch: typeof globalThis.fetch,
): LanguageModel {
  const p = config.providers;
  const need = (value: string | undefined) => {
    if (!value) throw providerUnavailable(provider);
    return value;
  };
  switch (provider) {
    case 'anthropic':
      return createAnthropic({ apiKey: need(p.anthropicApiKey), baseURL: p.anthropicBaseUrl, fetch })(model);
    case 'openai':
      // The Responses API (the provider's default for OpenAI itself).
      return createOpenAI({ apiKey: need(p.openaiApiKey), baseURL: p.openaiBaseUrl, fetch })(model);
    case 'google':
      return createGoogle({ apiKey: need(p.googleApiKey), baseURL: p.googleBaseUrl, fetch })(model);
    case 'groq':
      return createGroq({ apiKey: need(p.groqApiKey), baseURL: p.groqBaseUrl, fetch })(model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: need(p.openaiCompatibleBaseUrl),
        apiKey: p.openaiCompatibleApiKey,
        supportsStructuredOutputs: true,
        fetch,
      })(model);
  }
}

/** The configured secrets, to scrub from anything an upstream echoes back. */
export function configuredSecrets(config: Config): string[] {
  const p = config.providers;
  return [
    p.anthropicApiKey,
    p.openaiApiKey,
    p.googleApiKey,
    p.groqApiKey,
    p.openaiCompatibleApiKey,
    p.deepgramApiKey,
    p.assemblyaiApiKey,
    config.google.clientSecret,
  ].filter((secret): secret is string => Boolean(secret));
}
