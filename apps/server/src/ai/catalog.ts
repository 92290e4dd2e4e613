import {
  DEFAULT_MODEL_UNITS_MILLI,
  FALLBACK_MODELS,
  type MilliUnits,
  type ModelInfo,
  PROVIDER_NAMES,
  type ProviderId,
  type ProviderInfo,
  type TaskError,
  taskError,
  taskErrorText,
  toMilliUnits,
} from '@parley/contracts';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';

type HostedProvider = Exclude<ProviderId, 'openai-compatible'>;

interface HostedProviderEntry {
  /** The environment variable that makes the provider available. */
  credentialEnv: string;
  /** The model the AI prompt generator uses when this provider writes prompts. */
  generationModel: string;
  models: ModelInfo[];
}

/**
 * The server's model catalog: the spec's built-in list (first, so each provider's first model matches the
 * client's fallback) followed by current models. Units are per unit of content, relative to Claude Sonnet.
 */
const HOSTED: Record<HostedProvider, HostedProviderEntry> = {
  anthropic: {
    credentialEnv: 'ANTHROPIC_API_KEY',
    generationModel: 'claude-sonnet-4-5-20250929',
    models: [
      ...FALLBACK_MODELS.anthropic,
      {
        model: 'claude-sonnet-4-5-20250929',
        display_name: 'Claude Sonnet 4.5',
        max_tokens: 64000,
        context_window: 200000,
        units: 1,
      },
      {
        model: 'claude-sonnet-4-20250514',
        display_name: 'Claude Sonnet 4',
        max_tokens: 64000,
        context_window: 200000,
        units: 1,
      },
      {
        model: 'claude-haiku-4-5-20251001',
        display_name: 'Claude Haiku 4.5',
        max_tokens: 64000,
        context_window: 200000,
        units: 0.5,
      },
      {
        model: 'claude-opus-4-1-20250805',
        display_name: 'Claude Opus 4.1',
        max_tokens: 32000,
        context_window: 200000,
        units: 3,
      },
    ],
  },
  openai: {
    credentialEnv: 'OPENAI_API_KEY',
    generationModel: 'gpt-4.1',
    models: [
      ...FALLBACK_MODELS.openai,
      { model: 'gpt-4.1', display_name: 'GPT-4.1', max_tokens: 32768, context_window: 1047576, units: 1.2 },
      {
        model: 'gpt-4.1-mini',
        display_name: 'GPT-4.1 mini',
        max_tokens: 32768,
        context_window: 1047576,
        units: 0.5,
      },
    ],
  },
  google: {
    credentialEnv: 'GOOGLE_GENERATIVE_AI_API_KEY',
    generationModel: 'gemini-2.5-pro',
    models: [
      ...FALLBACK_MODELS.google,
      {
        model: 'gemini-2.5-pro',
        display_name: 'Gemini 2.5 Pro',
        max_tokens: 65536,
        context_window: 1048576,
        units: 1.2,
      },
      {
        model: 'gemini-2.5-flash',
        display_name: 'Gemini 2.5 Flash',
        max_tokens: 65536,
        context_window: 1048576,
        units: 0.3,
      },
    ],
  },
  groq: {
    credentialEnv: 'GROQ_API_KEY',
    generationModel: 'llama-3.3-70b-versatile',
    models: [
      ...FALLBACK_MODELS.groq,
      {
        model: 'llama-3.3-70b-versatile',
        display_name: 'Llama 3.3 70B',
        max_tokens: 32768,
        context_window: 131072,
        units: 0.8,
      },
    ],
  },
};

const HOSTED_PROVIDERS = Object.keys(HOSTED) as HostedProvider[];
const OPENAI_COMPATIBLE_ENV = 'OPENAI_COMPATIBLE_BASE_URL';

/** Self-hosted models: their limits are not known to us, so nominal ones; units at the spec's default of 1. */
function openaiCompatibleModel(model: string): ModelInfo {
  return { model, display_name: model, max_tokens: 8192, context_window: 131072, units: 1 };
}

export function credentialEnv(provider: ProviderId): string {
  return provider === 'openai-compatible' ? OPENAI_COMPATIBLE_ENV : HOSTED[provider].credentialEnv;
}

/** Whether the server has what it needs to call the provider. */
export function isProviderAvailable(config: Config, provider: ProviderId): boolean {
  const p = config.providers;
  const credentials: Record<ProviderId, string | undefined> = {
    anthropic: p.anthropicApiKey,
    openai: p.openaiApiKey,
    google: p.googleApiKey,
    groq: p.groqApiKey,
    'openai-compatible': p.openaiCompatibleBaseUrl,
  };
  return Boolean(credentials[provider]);
}

/** The hosted providers, plus the OpenAI-compatible server when one is configured. */
export function listProviders(config: Config): ProviderInfo[] {
  const ids: ProviderId[] = config.providers.openaiCompatibleBaseUrl
    ? [...HOSTED_PROVIDERS, 'openai-compatible']
    : HOSTED_PROVIDERS;
  return ids.map((id) => ({ id, name: PROVIDER_NAMES[id], available: isProviderAvailable(config, id) }));
}

export function listModels(config: Config, provider: ProviderId): ModelInfo[] {
  if (provider !== 'openai-compatible') return HOSTED[provider].models;
  if (!config.providers.openaiCompatibleBaseUrl) return [];
  return config.providers.openaiCompatibleModels.map(openaiCompatibleModel);
}

/** A model's units in thousandths; models not in the catalog count the spec's default of 1. */
export function modelUnitsMilli(config: Config, provider: ProviderId, model: string): MilliUnits {
  const found = listModels(config, provider).find((info) => info.model === model);
  return found ? toMilliUnits(found.units) : DEFAULT_MODEL_UNITS_MILLI;
}

/** 503 provider_unavailable: the provider has no credentials; `reason` names the variable to set. */
export class ProviderUnavailable extends HttpError {
  readonly reason: TaskError;

  constructor(provider: ProviderId) {
    const reason = taskError('provider_unavailable', {
      provider: PROVIDER_NAMES[provider],
      variable: credentialEnv(provider),
    });
    super(503, 'provider_unavailable', taskErrorText(reason));
    this.reason = reason;
  }
}

export function providerUnavailable(provider: ProviderId): ProviderUnavailable {
  return new ProviderUnavailable(provider);
}

/**
 * The model that writes prompts for the AI generator: AI_GENERATION_PROVIDER / AI_GENERATION_MODEL, or,
 * when that provider has no credentials, the first available provider's generation model.
 */
export function generationTarget(config: Config): { provider: ProviderId; model: string } {
  const configured = config.ai.generationProvider;
  if (isProviderAvailable(config, configured)) {
    return {
      provider: configured,
      model: config.ai.generationModel ?? defaultGenerationModel(config, configured),
    };
  }
  const fallback = listProviders(config).find((provider) => provider.available);
  if (!fallback) throw providerUnavailable(configured);
  return { provider: fallback.id, model: defaultGenerationModel(config, fallback.id) };
}

/** The model a provider writes prompts (and answers insights) with when none is chosen. */
export function defaultGenerationModel(config: Config, provider: ProviderId): string {
  return provider === 'openai-compatible'
    ? config.providers.openaiCompatibleModels[0]!
    : HOSTED[provider].generationModel;
}
