import type { ModelInfo, ProviderId } from '@parley/contracts';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

/** How long a provider's model list is used before it is read again; a failed read is retried sooner. */
export const LIVE_MODELS_TTL_MS = 60 * 60_000;
const FAILED_TTL_MS = 5 * 60_000;
const LIST_TIMEOUT_MS = 10_000;

type Lister = (config: Config, signal: AbortSignal) => Promise<ModelInfo[]>;

async function getJson<T>(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  answer: z.ZodType<T>,
): Promise<T> {
  const response = await fetch(url, { headers, signal });
  if (!response.ok) throw new Error(`${url.replace(/\?.*/, '')} answered ${response.status}`);
  return answer.parse(await response.json());
}

/** A page of Anthropic's model list, as far as it is read (its models hold more). */
const AnthropicPage = z.object({
  data: z.array(z.object({ id: z.string(), display_name: z.string().nullish() })),
  has_more: z.boolean().nullish(),
  last_id: z.string().nullish(),
});

/** OpenAI's model list, as far as it is read. */
const OpenAIList = z.object({ data: z.array(z.object({ id: z.string() })) });

/** Anthropic's GET /v1/models, page by page (at most 1,000 a page). Limits of unlisted models are nominal. */
const listAnthropic: Lister = async (config, signal) => {
  const base = config.providers.anthropicBaseUrl ?? 'https://api.anthropic.com/v1';
  const headers = { 'x-api-key': config.providers.anthropicApiKey!, 'anthropic-version': '2023-06-01' };
  const models: ModelInfo[] = [];
  let after: string | undefined;
  do {
    const query = new URLSearchParams({ limit: '1000', ...(after && { after_id: after }) });
    const page = await getJson(`${base}/models?${query}`, headers, signal, AnthropicPage);
    for (const item of page.data) models.push(nominal(item.id, item.display_name || item.id, 64000, 200000));
    after = page.has_more && page.last_id ? page.last_id : undefined;
  } while (after);
  return models;
};

/** What OpenAI's list holds besides text models: embeddings, speech, images, moderation, realtime. */
const NOT_A_TEXT_MODEL =
  /embedding|whisper|tts|transcribe|dall-e|image|audio|realtime|moderation|search|davinci|babbage|sora|codex|instruct/;

/** OpenAI's GET /v1/models: every model of the account; the text models that write answers are kept. */
const listOpenAI: Lister = async (config, signal) => {
  const base = config.providers.openaiBaseUrl ?? 'https://api.openai.com/v1';
  const body = await getJson(
    `${base}/models`,
    { authorization: `Bearer ${config.providers.openaiApiKey!}` },
    signal,
    OpenAIList,
  );
  return body.data
    .filter((item) => /^(gpt-|o\d|chatgpt-)/.test(item.id) && !NOT_A_TEXT_MODEL.test(item.id))
    .map((item) => nominal(item.id, item.id, 16384, 128000));
};

/** A model the built-in catalog does not know: the spec's default units (1) and nominal limits. */
function nominal(id: string, display_name: string, max_tokens: number, context_window: number): ModelInfo {
  return { model: id, display_name, max_tokens, context_window, units: 1 };
}

const LISTERS: Partial<Record<ProviderId, { lister: Lister; key: (config: Config) => string | undefined }>> =
  {
    anthropic: { lister: listAnthropic, key: (config) => config.providers.anthropicApiKey },
    openai: { lister: listOpenAI, key: (config) => config.providers.openaiApiKey },
  };

interface Entry {
  /** The last list read successfully (kept while a new read runs or fails). */
  models: ModelInfo[] | null;
  expires: number;
  reading: Promise<void> | null;
}

/** Per configuration (one per app; tests run several), per provider. */
const cache = new WeakMap<Config, Map<ProviderId, Entry>>();

function entryOf(config: Config, provider: ProviderId): Entry {
  const byProvider = cache.get(config) ?? new Map<ProviderId, Entry>();
  cache.set(config, byProvider);
  const entry = byProvider.get(provider) ?? { models: null, expires: 0, reading: null };
  byProvider.set(provider, entry);
  return entry;
}

/**
 * Reads the provider's own model list when the cached one is older than an hour (Anthropic and OpenAI, with
 * a key). A failure keeps the last list (or none) and is logged; callers go on with the built-in catalog.
 */
export async function refreshProviderModels(
  config: Config,
  logger: Logger,
  provider: ProviderId,
  now = Date.now(),
): Promise<void> {
  const source = LISTERS[provider];
  if (!source?.key(config)) return;
  const entry = entryOf(config, provider);
  if (entry.reading) return entry.reading;
  if (now < entry.expires) return;
  entry.reading = source
    .lister(config, AbortSignal.timeout(LIST_TIMEOUT_MS))
    .then((models) => {
      entry.models = models;
      entry.expires = now + LIVE_MODELS_TTL_MS;
    })
    .catch((error: unknown) => {
      entry.expires = now + FAILED_TTL_MS;
      logger.warn(
        { provider, reason: error instanceof Error ? error.message : String(error) },
        'Could not read the provider’s model list; the built-in catalog is used',
      );
    })
    .finally(() => {
      entry.reading = null;
    });
  return entry.reading;
}

/** The models the provider listed at the last successful read, if any. */
export function providerListedModels(config: Config, provider: ProviderId): ModelInfo[] {
  return cache.get(config)?.get(provider)?.models ?? [];
}
