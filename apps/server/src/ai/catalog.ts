import {
  DEFAULT_MODEL,
  DEFAULT_MODEL_UNITS_MILLI,
  FALLBACK_MODELS,
  type MilliUnits,
  type ModelInfo,
  PROVIDER_NAMES,
  type ProviderId,
  type ProviderInfo,
  pickableModels,
  type TaskError,
  taskError,
  taskErrorText,
  toMilliUnits,
} from '@parley/contracts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { providerListedModels } from './live-models.ts';

type HostedProvider = Exclude<ProviderId, 'openai-compatible'>;

interface HostedProviderEntry {
  /** The environment variable that makes the provider available. */
  credentialEnv: string;
  /** The model the AI prompt generator uses when this provider writes prompts. */
  generationModel: string;
  models: ModelInfo[];
}

/** The built-in catalog is contracts' FALLBACK_MODELS; ai/live-models.ts adds what the provider lists. */
const HOSTED: Record<HostedProvider, HostedProviderEntry> = {
  anthropic: {
    credentialEnv: 'ANTHROPIC_API_KEY',
    generationModel: DEFAULT_MODEL,
    models: FALLBACK_MODELS.anthropic,
  },
  openai: { credentialEnv: 'OPENAI_API_KEY', generationModel: 'gpt-4.1', models: FALLBACK_MODELS.openai },
  google: {
    credentialEnv: 'GOOGLE_GENERATIVE_AI_API_KEY',
    generationModel: 'gemini-2.5-pro',
    models: FALLBACK_MODELS.google,
  },
  groq: {
    credentialEnv: 'GROQ_API_KEY',
    generationModel: 'llama-3.3-70b-versatile',
    models: FALLBACK_MODELS.groq,
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

/**
 * A provider's catalog: its current built-in models (the first is the one a provider change selects), the
 * models the provider itself listed at the last read that the built-in catalog lacks, then the retired ones
 * (marked). The OpenAI-compatible server: the configured models.
 */
export function listModels(config: Config, provider: ProviderId): ModelInfo[] {
  if (provider === 'openai-compatible') {
    return config.providers.openaiCompatibleBaseUrl
      ? config.providers.openaiCompatibleModels.map(openaiCompatibleModel)
      : [];
  }
  const builtIn = HOSTED[provider].models;
  const known = new Set(builtIn.map((info) => info.model));
  const listed = providerListedModels(config, provider).filter((info) => !known.has(info.model));
  if (listed.length === 0) return builtIn;
  return [...pickableModels(builtIn), ...listed, ...builtIn.filter((info) => info.retired)];
}

/** A model's units in thousandths; models not in the catalog count the spec's default of 1. */
export function modelUnitsMilli(config: Config, provider: ProviderId, model: string): MilliUnits {
  const found = listModels(config, provider).find((info) => info.model === model);
  return found ? toMilliUnits(found.units) : DEFAULT_MODEL_UNITS_MILLI;
}

/**
 * provider_unavailable: the provider has no credentials; `reason` names the variable to set. Not retryable:
 * it lasts until the server is set up.
 */
export class ProviderUnavailable extends AppError {
  readonly reason: TaskError;

  constructor(provider: ProviderId) {
    const reason = taskError('provider_unavailable', {
      provider: PROVIDER_NAMES[provider],
      variable: credentialEnv(provider),
    });
    super('unavailable', 'provider_unavailable', taskErrorText(reason), { retryable: false });
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
