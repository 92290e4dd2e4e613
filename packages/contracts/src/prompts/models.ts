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
}

export interface ProviderInfo {
  id: ProviderId;
  name: string;
  /** Whether the server has credentials for it. */
  available: boolean;
}

export const DEFAULT_PROVIDER: ProviderId = 'anthropic';
export const DEFAULT_MODEL = 'claude-3-7-sonnet-20250219';
/** Model units when a model is not in the catalog (spec 1 §9: default 1). */
export const DEFAULT_MODEL_UNITS_MILLI = milliUnits(MILLI);

/**
 * The built-in catalog of spec 1 §9, used by the client when the models call fails and as the base of
 * the server's catalog. Units per the spec's fallback list.
 */
export const FALLBACK_MODELS: Record<Exclude<ProviderId, 'openai-compatible'>, ModelInfo[]> = {
  anthropic: [
    {
      model: 'claude-3-7-sonnet-20250219',
      display_name: 'Claude 3.7 Sonnet',
      max_tokens: 64000,
      context_window: 200000,
      units: 1,
    },
    {
      model: 'claude-3-5-sonnet-20241022',
      display_name: 'Claude 3.5 Sonnet',
      max_tokens: 8192,
      context_window: 200000,
      units: 1,
    },
    {
      model: 'claude-3-5-haiku-20241022',
      display_name: 'Claude 3.5 Haiku',
      max_tokens: 8192,
      context_window: 200000,
      units: 0.5,
    },
    {
      model: 'claude-3-opus-20240229',
      display_name: 'Claude 3 Opus',
      max_tokens: 4096,
      context_window: 200000,
      units: 3,
    },
  ],
  openai: [
    { model: 'gpt-4o', display_name: 'GPT-4o', max_tokens: 16384, context_window: 128000, units: 1.5 },
    {
      model: 'gpt-4o-mini',
      display_name: 'GPT-4o mini',
      max_tokens: 16384,
      context_window: 128000,
      units: 0.5,
    },
    { model: 'gpt-4-turbo', display_name: 'GPT-4 Turbo', max_tokens: 4096, context_window: 128000, units: 2 },
  ],
  google: [
    {
      model: 'gemini-1.5-pro',
      display_name: 'Gemini 1.5 Pro',
      max_tokens: 8192,
      context_window: 2000000,
      units: 1.2,
    },
  ],
  groq: [
    {
      model: 'llama-3.1-8b-instant',
      display_name: 'Llama 3.1 8B',
      max_tokens: 8192,
      context_window: 131072,
      units: 0.1,
    },
    {
      model: 'llama-3.1-70b-versatile',
      display_name: 'Llama 3.1 70B',
      max_tokens: 8192,
      context_window: 131072,
      units: 0.8,
    },
    {
      model: 'mixtral-8x7b-32768',
      display_name: 'Mixtral 8x7B',
      max_tokens: 32768,
      context_window: 32768,
      units: 0.3,
    },
  ],
};

export const FALLBACK_PROVIDERS: ProviderInfo[] = (
  Object.keys(FALLBACK_MODELS) as Array<keyof typeof FALLBACK_MODELS>
).map((id) => ({ id, name: PROVIDER_NAMES[id], available: true }));
