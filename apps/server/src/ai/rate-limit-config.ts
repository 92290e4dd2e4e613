import type { ProviderId } from '@parley/contracts';

/** What a limit applies to: an LLM provider, or the speech-to-text service (its own limits). */
export type RateLimitedService = ProviderId | 'transcription';

export interface RateLimit {
  /** Requests a minute; 0: no limit. */
  rpm: number;
  /** Tokens a minute (a call reserves its input and the answer's maximum, and gives back what it did not use); 0: no limit. */
  tpm: number;
}

export type RateLimits = Record<RateLimitedService, RateLimit>;

/**
 * Defaults near a mid-tier paid account of each provider; set your own tier's figures. A limit set too
 * high costs little (a 429 slows that provider down for every worker), one set too low wastes capacity.
 * A self-hosted OpenAI-compatible server has none.
 */
export const RATE_LIMIT_DEFAULTS: RateLimits = {
  anthropic: { rpm: 4_000, tpm: 2_000_000 },
  openai: { rpm: 5_000, tpm: 2_000_000 },
  google: { rpm: 2_000, tpm: 4_000_000 },
  groq: { rpm: 1_000, tpm: 300_000 },
  'openai-compatible': { rpm: 0, tpm: 0 },
  transcription: { rpm: 500, tpm: 0 },
};
