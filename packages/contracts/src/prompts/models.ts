import { MILLI, milliUnits } from '../billing/units.ts';

export const PROVIDERS = ['anthropic', 'openai', 'google', 'groq', 'openai-compatible'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export const PROVIDER_NAMES: Record<ProviderId, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  google: 'Google',
  groq: 'Groq',
  'openai-compatible': 'OpenAI-compatible',
};

export interface ModelInfo {
  model: string;
  display_name: string;
  max_tokens: number;
  context_window: number;
  /** Units per unit of content, as a decimal (1.2). */
  units: number;
  /**
   * The provider no longer serves the model: pickers hide it, old prompts and analyses still name it, and
   * prompts using it are moved to its successor (RETIRED_MODELS).
   */
  retired?: boolean;
}

export interface ProviderInfo {
  id: ProviderId;
  name: string;
  /** Whether the server has credentials for it. */
  available: boolean;
}

export const DEFAULT_PROVIDER: ProviderId = 'anthropic';
export const DEFAULT_MODEL = 'claude-sonnet-4-5-20250929';
/** Model units when a model is not in the catalog (spec 1 §9: default 1). */
export const DEFAULT_MODEL_UNITS_MILLI = milliUnits(MILLI);

type HostedProviderId = Exclude<ProviderId, 'openai-compatible'>;

const model = (
  id: string,
  display_name: string,
  max_tokens: number,
  context_window: number,
  units: number,
): ModelInfo => ({ model: id, display_name, max_tokens, context_window, units });

/**
 * The models each provider retired, with the model that replaces them: prompts using one are moved to its
 * successor (modules/prompts/retired-models.ts on the server) with a notice on the prompt.
 */
export const RETIRED_MODELS: Record<HostedProviderId, Array<{ info: ModelInfo; successor: string }>> = {
  anthropic: [
    {
      info: model('claude-3-7-sonnet-20250219', 'Claude 3.7 Sonnet', 64000, 200000, 1),
      successor: DEFAULT_MODEL,
    },
    {
      info: model('claude-3-5-sonnet-20241022', 'Claude 3.5 Sonnet', 8192, 200000, 1),
      successor: DEFAULT_MODEL,
    },
    {
      info: model('claude-3-5-haiku-20241022', 'Claude 3.5 Haiku', 8192, 200000, 0.5),
      successor: 'claude-haiku-4-5-20251001',
    },
    {
      info: model('claude-3-opus-20240229', 'Claude 3 Opus', 4096, 200000, 3),
      successor: 'claude-opus-4-5-20251101',
    },
  ],
  openai: [{ info: model('gpt-4-turbo', 'GPT-4 Turbo', 4096, 128000, 2), successor: 'gpt-4.1' }],
  google: [
    { info: model('gemini-1.5-pro', 'Gemini 1.5 Pro', 8192, 2000000, 1.2), successor: 'gemini-2.5-pro' },
  ],
  groq: [
    {
      info: model('llama-3.1-70b-versatile', 'Llama 3.1 70B', 8192, 131072, 0.8),
      successor: 'llama-3.3-70b-versatile',
    },
    {
      info: model('mixtral-8x7b-32768', 'Mixtral 8x7B', 32768, 32768, 0.3),
      successor: 'llama-3.3-70b-versatile',
    },
  ],
};

/**
 * The built-in catalog (spec 1 §9's shape): each provider's current models, the first being the one a
 * provider change selects, then its retired ones (marked). The client uses it when the models call fails;
 * the server serves it with the models the provider itself lists. Ids are those the installed AI SDK
 * providers know; units are per unit of content, relative to Claude Sonnet.
 */
export const FALLBACK_MODELS: Record<HostedProviderId, ModelInfo[]> = withRetired({
  anthropic: [
    model(DEFAULT_MODEL, 'Claude Sonnet 4.5', 64000, 200000, 1),
    model('claude-haiku-4-5-20251001', 'Claude Haiku 4.5', 64000, 200000, 0.5),
    model('claude-opus-4-5-20251101', 'Claude Opus 4.5', 64000, 200000, 1.7),
    model('claude-opus-4-1-20250805', 'Claude Opus 4.1', 32000, 200000, 3),
    model('claude-sonnet-4-20250514', 'Claude Sonnet 4', 64000, 200000, 1),
  ],
  openai: [
    model('gpt-4.1', 'GPT-4.1', 32768, 1047576, 1.2),
    model('gpt-4.1-mini', 'GPT-4.1 mini', 32768, 1047576, 0.5),
    model('gpt-5', 'GPT-5', 128000, 400000, 1),
    model('gpt-5-mini', 'GPT-5 mini', 128000, 400000, 0.3),
    model('gpt-4o', 'GPT-4o', 16384, 128000, 1.5),
    model('gpt-4o-mini', 'GPT-4o mini', 16384, 128000, 0.5),
  ],
  google: [
    model('gemini-2.5-pro', 'Gemini 2.5 Pro', 65536, 1048576, 1.2),
    model('gemini-2.5-flash', 'Gemini 2.5 Flash', 65536, 1048576, 0.3),
    model('gemini-2.5-flash-lite', 'Gemini 2.5 Flash-Lite', 65536, 1048576, 0.1),
  ],
  groq: [
    model('llama-3.3-70b-versatile', 'Llama 3.3 70B', 32768, 131072, 0.8),
    model('llama-3.1-8b-instant', 'Llama 3.1 8B', 8192, 131072, 0.1),
    model('openai/gpt-oss-120b', 'GPT-OSS 120B', 65536, 131072, 0.5),
    model('openai/gpt-oss-20b', 'GPT-OSS 20B', 65536, 131072, 0.2),
  ],
});

function withRetired(current: Record<HostedProviderId, ModelInfo[]>): Record<HostedProviderId, ModelInfo[]> {
  const entries = (Object.keys(current) as HostedProviderId[]).map((provider) => [
    provider,
    [...current[provider], ...RETIRED_MODELS[provider].map(({ info }) => ({ ...info, retired: true }))],
  ]);
  return Object.fromEntries(entries) as Record<HostedProviderId, ModelInfo[]>;
}

/** The models a picker offers: the catalog without retired ones. */
export function pickableModels(models: readonly ModelInfo[]): ModelInfo[] {
  return models.filter((info) => !info.retired);
}

/** The model that replaces a retired one, or undefined when the model is not retired. */
export function successorOf(provider: ProviderId, modelId: string): string | undefined {
  if (provider === 'openai-compatible') return undefined;
  return RETIRED_MODELS[provider].find(({ info }) => info.model === modelId)?.successor;
}

export const FALLBACK_PROVIDERS: ProviderInfo[] = (
  Object.keys(FALLBACK_MODELS) as Array<keyof typeof FALLBACK_MODELS>
).map((id) => ({ id, name: PROVIDER_NAMES[id], available: true }));
