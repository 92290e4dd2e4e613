import type { Span } from '@opentelemetry/api';
import { PROVIDER_NAMES, type ProviderId } from '@parley/contracts';
import type { LanguageModelUsage } from 'ai';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { aiUsage } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { providerTokens } from '../metrics/metrics.ts';
import { chatAttributes, usageAttributes } from '../telemetry/gen-ai.ts';
import { inSpan, SpanKind } from '../telemetry/spans.ts';
import { cachedPrefix } from './prompt-cache.ts';
import { providerFetch } from './provider-fetch.ts';
import { configuredSecrets, languageModel } from './providers.ts';

/** The AI SDK, loaded with the first call (an idle server holds none of it). */
type Sdk = typeof import('ai');

/**
 * 'ai_failed'. `retryable`: the same call may work later (rate limit, server error, timeout, an answer
 * that did not fit the schema), as opposed to a request the provider refuses (bad key, unknown model).
 */
export class AiFailedError extends AppError {
  constructor(message: string, retryable: boolean) {
    super('upstream_failed', 'ai_failed', message, { retryable });
  }
}

/** 'ai_failed': the message is shown as 'Failed to generate AI prompt: {message}' and the like. */
export function aiFailed(message: string, retryable = true): AiFailedError {
  return new AiFailedError(message, retryable);
}

export interface StructuredRequest<T> {
  /** What the call is for, recorded with its usage (e.g. 'prompt_generation'). */
  purpose: string;
  projectId: number | null;
  userId: number | null;
  provider: ProviderId;
  model: string;
  schema: z.ZodType<T>;
  instructions: string;
  /** The instructions and schema are the same for many calls: let providers cache them (cachedPrefix). */
  cachePrefix?: boolean;
  prompt: string;
  /** Longest answer allowed, in tokens; unset: the SDK's default for the model. */
  maxOutputTokens?: number;
  /** Stops the call (e.g. its task was cancelled). */
  signal?: AbortSignal;
}

/**
 * One LLM call for a structured answer, validated against `schema`. It waits for its turn within the
 * provider's rate limits, each request is bounded by AI_TIMEOUT_MS, 429s slow the provider down and are
 * sent again (ai/provider-fetch.ts), 5xx are retried up to AI_MAX_RETRIES times, and the call is recorded
 * in ai_usage whether it works or not. Failures throw AiFailedError ('ai_failed') with a readable message; a
 * provider without credentials ProviderUnavailable.
 */
export function generateStructured<T>(ctx: AppContext, request: StructuredRequest<T>): Promise<T> {
  return inSpan(
    `chat ${request.model}`,
    {
      ...chatAttributes(request.provider, request.model, request.maxOutputTokens),
      'parley.purpose': request.purpose,
    },
    (span) => generate(ctx, request, span),
    SpanKind.CLIENT,
  );
}

async function generate<T>(ctx: AppContext, request: StructuredRequest<T>, span: Span): Promise<T> {
  const target = { provider: request.provider, model: request.model };
  const fetch = providerFetch(ctx, request.provider, ctx.config.ai.timeoutMs, target);
  const model = await languageModel(ctx.config, request.provider, request.model, fetch);
  const sdk: Sdk = await import('ai');
  const { NoObjectGeneratedError, Output } = sdk;
  const signal = request.signal ?? new AbortController().signal;
  const started = performance.now();
  try {
    const result = await sdk.generateText({
      model,
      ...(request.cachePrefix
        ? cachedPrefix(request.instructions, request.schema)
        : { instructions: request.instructions }),
      prompt: request.prompt,
      output: Output.object({ schema: request.schema }),
      ...(request.maxOutputTokens !== undefined && { maxOutputTokens: request.maxOutputTokens }),
      maxRetries: ctx.config.ai.maxRetries,
      abortSignal: signal,
    });
    span.setAttributes(usageAttributes(result.totalUsage, result.finishReason));
    await recordUsage(ctx, request, started, result.totalUsage, null);
    return result.output;
  } catch (error) {
    const message = describeFailure(sdk, ctx.config, request.provider, error, signal);
    const usage = NoObjectGeneratedError.isInstance(error) ? error.usage : undefined;
    span.setAttributes(
      usageAttributes(usage, NoObjectGeneratedError.isInstance(error) ? error.finishReason : undefined),
    );
    await recordUsage(ctx, request, started, usage, message);
    ctx.logger.warn(
      { purpose: request.purpose, provider: request.provider, model: request.model, error: message },
      'LLM call failed',
    );
    throw aiFailed(message, isRetryableFailure(sdk, error, signal));
  }
}

/**
 * Whether a failed call may work when tried again later (see AiFailedError): a cancelled call, a timeout, an
 * answer that did not fit, a lost connection, and what the SDK retries (408, 409, 429, 5xx) may; other
 * answers of the provider (bad key, unknown model, content refused) will not.
 */
export function isRetryableFailure(sdk: Sdk, error: unknown, signal: AbortSignal): boolean {
  const { APICallError, NoObjectGeneratedError, RetryError } = sdk;
  if (signal.aborted || timedOut(sdk, error) || NoObjectGeneratedError.isInstance(error)) return true;
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) return last.isRetryable || last.statusCode === undefined;
  return true;
}

async function recordUsage(
  ctx: AppContext,
  request: StructuredRequest<unknown>,
  started: number,
  usage: LanguageModelUsage | undefined,
  error: string | null,
): Promise<void> {
  countTokens(request, usage);
  await ctx.db.insert(aiUsage).values({
    projectId: request.projectId,
    userId: request.userId,
    purpose: request.purpose,
    provider: request.provider,
    model: request.model,
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    durationMs: Math.round(performance.now() - started),
    ok: error === null,
    error,
  });
}

function countTokens(
  { provider, model }: StructuredRequest<unknown>,
  usage: LanguageModelUsage | undefined,
): void {
  providerTokens.inc({ provider, model, type: 'input' }, usage?.inputTokens ?? 0);
  providerTokens.inc({ provider, model, type: 'output' }, usage?.outputTokens ?? 0);
  providerTokens.inc(
    { provider, model, type: 'cached_input' },
    usage?.inputTokenDetails?.cacheReadTokens ?? 0,
  );
}

/** A request ran past AI_TIMEOUT_MS (ai/provider-fetch.ts aborts it with a TimeoutError). */
function timedOut(sdk: Sdk, error: unknown): boolean {
  const last = sdk.RetryError.isInstance(error) ? error.lastError : error;
  return last instanceof Error && last.name === 'TimeoutError';
}

/** A message a person can act on, with any configured key scrubbed out of what the upstream said. */
function describeFailure(
  sdk: Sdk,
  config: Config,
  provider: ProviderId,
  error: unknown,
  signal: AbortSignal,
): string {
  const { JSONParseError, NoObjectGeneratedError, RetryError } = sdk;
  const name = PROVIDER_NAMES[provider];
  let message: string;
  if (signal.aborted) {
    message = `The call to ${name} was cancelled.`;
  } else if (timedOut(sdk, error)) {
    const seconds = config.ai.timeoutMs / 1000;
    message = `${name} did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`;
  } else if (NoObjectGeneratedError.isInstance(error)) {
    message = JSONParseError.isInstance(error.cause)
      ? `${name} did not answer with valid JSON.`
      : `${name} answered in an unexpected structure${schemaIssue(error)}.`;
  } else if (RetryError.isInstance(error)) {
    message = `${describeCall(sdk, name, error.lastError)} (after ${error.errors.length} attempts)`;
  } else {
    message = describeCall(sdk, name, error);
  }
  for (const secret of configuredSecrets(config)) message = message.replaceAll(secret, '***');
  return message;
}

/** The first schema violation found in an error's causes, as ' (path: message)'. */
function schemaIssue(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const issues = (cause as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues;
    if (issues?.[0]) return ` (${issues[0].path.map(String).join('.') || 'answer'}: ${issues[0].message})`;
  }
  return '';
}

function describeCall(sdk: Sdk, name: string, error: unknown): string {
  if (sdk.APICallError.isInstance(error)) {
    return error.statusCode
      ? `${name} answered ${error.statusCode}: ${error.message}`
      : `${name} could not be reached: ${error.message}`;
  }
  return `${name} failed: ${error instanceof Error ? error.message : String(error)}`;
}
