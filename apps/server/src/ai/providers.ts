import type { ProviderId } from '@parley/contracts';
import type { LanguageModel } from 'ai';
import type { Config } from '../config.ts';
import { providerUnavailable } from './catalog.ts';

/**
 * The AI SDK model for a provider and model id, with credentials and base URL from the configuration
 * (never from the SDKs' own environment lookups), its requests sent through `fetch` (ai/provider-fetch.ts:
 * the shared rate limits). A provider without credentials answers 503. Each provider's package loads with its
 * first call (the AI SDK with all five is about 36 MB of a server's memory; an idle one needs none of them).
 */
export async function languageModel(
  config: Config,
  provider: ProviderId,
  model: string,
  fetch: typeof globalThis.fetch,
): Promise<LanguageModel> {
  const p = config.providers;
  const need = (value: string | undefined) => {
    if (!value) throw providerUnavailable(provider);
    return value;
  };
  switch (provider) {
    case 'anthropic': {
      const apiKey = need(p.anthropicApiKey);
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey, baseURL: p.anthropicBaseUrl, fetch })(model);
    }
    case 'openai': {
      const apiKey = need(p.openaiApiKey);
      const { createOpenAI } = await import('@ai-sdk/openai');
      // The Responses API (the provider's default for OpenAI itself).
      return createOpenAI({ apiKey, baseURL: p.openaiBaseUrl, fetch })(model);
    }
    case 'google': {
      const apiKey = need(p.googleApiKey);
      const { createGoogle } = await import('@ai-sdk/google');
      return createGoogle({ apiKey, baseURL: p.googleBaseUrl, fetch })(model);
    }
    case 'groq': {
      const apiKey = need(p.groqApiKey);
      const { createGroq } = await import('@ai-sdk/groq');
      return createGroq({ apiKey, baseURL: p.groqBaseUrl, fetch })(model);
    }
    case 'openai-compatible': {
      const baseURL = need(p.openaiCompatibleBaseUrl);
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        apiKey: p.openaiCompatibleApiKey,
        supportsStructuredOutputs: true,
        fetch,
      })(model);
    }
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
