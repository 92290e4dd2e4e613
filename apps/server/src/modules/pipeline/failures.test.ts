import { taskError } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { providerUnavailable } from '../../ai/catalog.ts';
import { aiFailed } from '../../ai/generate.ts';
import { TranscriptionFailure } from '../../ai/transcriber.ts';
import { AppError, badRequest } from '../../errors.ts';
import { classifyFailure } from './failures.ts';

describe('classifyFailure', () => {
  it('follows the AI layer on a provider failure', () => {
    expect(classifyFailure(aiFailed('Anthropic answered 529: overloaded'))).toEqual({
      reason: taskError('provider_failed', { message: 'Anthropic answered 529: overloaded' }),
      retryable: true,
    });
    expect(classifyFailure(aiFailed('OpenAI answered 401: bad key', false)).retryable).toBe(false);
    expect(classifyFailure(new TranscriptionFailure('Deepgram answered 400', false)).retryable).toBe(false);
    expect(classifyFailure(providerUnavailable('groq'))).toEqual({
      reason: providerUnavailable('groq').reason,
      retryable: false,
    });
  });

  it('retries a domain error only when it may pass', () => {
    expect(classifyFailure(new AppError('unavailable', 'queue_unavailable', 'Try later.'))).toEqual({
      reason: taskError('other', { message: 'Try later.' }),
      retryable: true,
    });
    expect(classifyFailure(badRequest('The prompt is gone.')).retryable).toBe(false);
  });

  it('retries an unexpected error (a database cut passes)', () => {
    expect(classifyFailure(new Error('Connection terminated unexpectedly'))).toEqual({
      reason: taskError('unexpected', { message: 'Connection terminated unexpectedly' }),
      retryable: true,
    });
  });
});
