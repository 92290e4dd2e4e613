import { z } from 'zod';
import type { AppContext } from '../context.ts';
import {
  providerRateLimited,
  providerRequestDuration,
  providerRequests,
  providerRetries,
  secondsSince,
} from '../metrics/metrics.ts';
import { providerAttributes } from '../telemetry/gen-ai.ts';
import { inSpan, markFailed, SpanKind } from '../telemetry/spans.ts';
import type { RateLimitedService } from './rate-limit-config.ts';
import { giveBack, slowDown, waitForTurn } from './rate-limiter.ts';

/** Answers that mean "slow down": too many requests, and Anthropic's "overloaded". */
const SLOW_DOWN_STATUSES = new Set([429, 529]);
/** How long one call keeps waiting out 429s before its caller sees one (a task then retries later). */
export const RATE_LIMIT_PATIENCE_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 60_000;

/** Who a request goes to, as metrics label it. */
export interface ProviderModel {
  provider: string;
  model: string;
}

/**
 * The `fetch` the provider SDKs are given: every HTTP request waits for its turn within the provider's
 * shared limits (ai/rate-limiter.ts), is bounded by `timeoutMs` (the wait not included), and a 429 slows
 * the provider down for every worker (by its retry-after, else an exponential backoff) and is sent again,
 * instead of failing the call. Each request counts in the provider metrics of `target`.
 */
export function providerFetch(
  ctx: Pick<AppContext, 'db' | 'config' | 'logger'>,
  service: RateLimitedService,
  timeoutMs: number,
  target: ProviderModel,
): typeof fetch {
  return async (input, init) => {
    const limit = ctx.config.rateLimits[service];
    const tokens = limit.tpm > 0 ? estimateTokens(init?.body) : 0;
    let slowedMs = 0;
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 0) providerRetries.inc(target);
      await waitForTurn(ctx.db, service, limit, tokens, init?.signal);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      const response = await measured(target, input, init?.method, () => fetch(input, { ...init, signal }));
      if (response.ok && tokens > 0) await settleTokens(ctx, service, tokens, response);
      const slowDownAsked = SLOW_DOWN_STATUSES.has(response.status);
      if (slowDownAsked) providerRateLimited.inc(target);
      if (!slowDownAsked || slowedMs >= RATE_LIMIT_PATIENCE_MS) return response;
      const delayMs = retryAfterMs(response.headers) ?? backoffMs(attempt);
      await response.body?.cancel();
      ctx.logger.warn({ service, status: response.status, delayMs }, 'Provider asks to slow down');
      await slowDown(ctx.db, service, delayMs);
      slowedMs += delayMs;
    }
  };
}

/**
 * Sends one request, counting it by its status (error: no answer) and timing it up to its headers, in a span
 * of its own: method, host, status, provider and model (not its path or query, nor anything of its body).
 */
function measured(
  target: ProviderModel,
  input: Parameters<typeof fetch>[0],
  method = 'GET',
  send: () => Promise<Response>,
): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const attributes = {
    'http.request.method': method,
    'server.address': URL.parse(url)?.hostname ?? '',
    ...providerAttributes(target.provider, target.model),
  };
  return inSpan(
    method,
    attributes,
    async (span) => {
      const started = performance.now();
      try {
        const response = await send();
        providerRequests.inc({ ...target, status: response.status });
        span.setAttribute('http.response.status_code', response.status);
        if (!response.ok) markFailed(span, String(response.status));
        return response;
      } catch (error) {
        providerRequests.inc({ ...target, status: 'error' });
        throw error;
      } finally {
        providerRequestDuration.observe(target, secondsSince(started));
      }
    },
    SpanKind.CLIENT,
  );
}

/** Gives back what a call reserved beyond the tokens its answer says it used. */
async function settleTokens(
  ctx: Pick<AppContext, 'db' | 'config'>,
  service: RateLimitedService,
  reserved: number,
  response: Response,
): Promise<void> {
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return;
  const used = usedTokens(
    await response
      .clone()
      .json()
      .catch(() => null),
  );
  if (used !== null) await giveBack(ctx.db, service, ctx.config.rateLimits[service], reserved - used);
}

/** Where answers say how many tokens they used (OpenAI, Groq, Anthropic: usage; Google: usageMetadata). */
const UsageFields = z.object({
  usage: z
    .object({
      total_tokens: z.unknown().optional(),
      input_tokens: z.unknown().optional(),
      output_tokens: z.unknown().optional(),
    })
    .optional()
    .catch(undefined),
  usageMetadata: z.object({ totalTokenCount: z.unknown().optional() }).optional().catch(undefined),
});

/** Tokens an answer says it used, in each provider's words (OpenAI, Groq, Anthropic, Google). */
export function usedTokens(body: unknown): number | null {
  const { usage, usageMetadata } = UsageFields.safeParse(body).data ?? {};
  const total = usage?.total_tokens ?? usageMetadata?.totalTokenCount;
  if (typeof total === 'number') return total;
  if (typeof usage?.input_tokens === 'number' && typeof usage.output_tokens === 'number')
    return usage.input_tokens + usage.output_tokens;
  return null;
}

/** The provider's own word on when to come back: retry-after-ms, or retry-after in seconds or as a date. */
export function retryAfterMs(headers: Headers): number | null {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, RATE_LIMIT_PATIENCE_MS);
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, RATE_LIMIT_PATIENCE_MS);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.min(Math.max(0, date - Date.now()), RATE_LIMIT_PATIENCE_MS);
}

/** 1 s, 2 s, 4 s … up to a minute, with up to as much again at random (callers told together part). */
function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempt, 10)) * (1 + Math.random());
}

/** The answer's maximum a request body asks for, in the field each provider names it. */
const MAX_OUTPUT_FIELDS = ['max_tokens', 'max_output_tokens', 'max_completion_tokens'] as const;
const OutputLimits = z.object({
  max_tokens: z.unknown().optional(),
  max_output_tokens: z.unknown().optional(),
  max_completion_tokens: z.unknown().optional(),
  generationConfig: z.object({ maxOutputTokens: z.unknown().optional() }).nullish().catch(undefined),
});

/**
 * Tokens a request counts against a tokens-a-minute limit, as providers estimate it before answering:
 * its text at ~4 characters a token, plus the longest answer it allows.
 */
export function estimateTokens(body: RequestInit['body']): number {
  if (typeof body !== 'string') return 0;
  let maxOutput = 0;
  try {
    const parsed = OutputLimits.safeParse(JSON.parse(body)).data;
    const asked = parsed
      ? [...MAX_OUTPUT_FIELDS.map((field) => parsed[field]), parsed.generationConfig?.maxOutputTokens]
      : [];
    maxOutput = Number(asked.find((value) => typeof value === 'number') ?? 0);
  } catch {
    // Not JSON: only its length counts.
  }
  return Math.ceil(body.length / 4) + maxOutput;
}
