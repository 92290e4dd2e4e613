import type { Attributes } from '@opentelemetry/api';

/**
 * Span attributes of calls to AI providers, in the OpenTelemetry GenAI semantic conventions' names (written
 * out here: they are in the conventions' unstable "incubating" set). Models, providers, counts and finish
 * reasons only: prompts, instructions and answers are never recorded.
 */

/** gen_ai.provider.name: the conventions' well-known value where there is one, else Parley's provider id. */
const PROVIDER_NAMES: Record<string, string> = { google: 'gcp.gemini' };

export function providerAttributes(provider: string, model: string): Attributes {
  return { 'gen_ai.provider.name': PROVIDER_NAMES[provider] ?? provider, 'gen_ai.request.model': model };
}

/** A chat call's request: what it is and the longest answer it allows. */
export function chatAttributes(provider: string, model: string, maxOutputTokens?: number): Attributes {
  return {
    'gen_ai.operation.name': 'chat',
    'gen_ai.output.type': 'json',
    ...providerAttributes(provider, model),
    ...(maxOutputTokens !== undefined && { 'gen_ai.request.max_tokens': maxOutputTokens }),
  };
}

interface Usage {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  inputTokenDetails?: { cacheReadTokens?: number | undefined };
}

/** What a call used (failed calls too, when the provider counted) and why its answer ended. */
export function usageAttributes(usage: Usage | undefined, finishReason?: string): Attributes {
  return {
    ...(usage?.inputTokens !== undefined && { 'gen_ai.usage.input_tokens': usage.inputTokens }),
    ...(usage?.outputTokens !== undefined && { 'gen_ai.usage.output_tokens': usage.outputTokens }),
    ...(usage?.inputTokenDetails?.cacheReadTokens !== undefined && {
      'gen_ai.usage.cache_read.input_tokens': usage.inputTokenDetails.cacheReadTokens,
    }),
    ...(finishReason !== undefined && { 'gen_ai.response.finish_reasons': [finishReason] }),
  };
}
