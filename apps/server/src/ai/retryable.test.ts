import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { providerUnavailable } from './catalog.ts';
import { aiFailed, isRetryableFailure } from './generate.ts';
import { transcriptionFailure } from './transcriber.ts';

const sdk = await import('ai');
const live = new AbortController().signal;
const answered = (statusCode?: number) =>
  new sdk.APICallError({ message: 'upstream', url: 'https://llm.test', requestBodyValues: {}, statusCode });
const unfit = new sdk.NoObjectGeneratedError({
  response: { id: 'r', timestamp: new Date(), modelId: 'm' },
  usage: {
    inputTokens: 0,
    inputTokenDetails: { noCacheTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    outputTokens: 0,
    outputTokenDetails: { textTokens: 0, reasoningTokens: 0 },
    totalTokens: 0,
  },
  finishReason: 'stop',
});
const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });

describe('an LLM call that failed', () => {
  it.each([
    ['429 (after waiting out the rate limit)', answered(429), true],
    ['a server error', answered(503), true],
    ['a lost connection', answered(), true],
    ['a timeout', timeout, true],
    [
      'a server error after the SDK retries',
      new sdk.RetryError({ message: 'm', reason: 'maxRetriesExceeded', errors: [answered(500)] }),
      true,
    ],
    ['an answer that did not fit the schema', unfit, true],
    ['an invalid key', answered(401), false],
    ['a refused request', answered(400), false],
  ])('%s is retryable: %s', (_, error, retryable) => {
    expect(isRetryableFailure(sdk, error, live)).toBe(retryable);
  });

  it('counts a cancelled call as retryable', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isRetryableFailure(sdk, answered(400), controller.signal)).toBe(true);
  });

  it('carries the decision, and a provider without credentials is never retried', () => {
    expect(aiFailed('x').retryable).toBe(true);
    expect(aiFailed('x', false).retryable).toBe(false);
    expect(providerUnavailable('openai').retryable).toBe(false);
  });
});

describe('a transcription request that failed', () => {
  const config = loadConfig({});
  it.each([
    [{ status: 429, detail: 'slow down' }, true],
    [{ status: 500, detail: 'oops' }, true],
    [{ status: 408, detail: 'late' }, true],
    [{ status: 401, detail: 'bad key' }, false],
    [{ status: 400, detail: 'not audio' }, false],
    [{ timeout: true as const }, true],
    [{ unreachable: 'ECONNRESET' }, true],
    [{ failed: 'no speech', retryable: false }, false],
  ])('%o is retryable: %s', (what, retryable) => {
    expect(transcriptionFailure(config, 'deepgram', what).retryable).toBe(retryable);
  });
});
